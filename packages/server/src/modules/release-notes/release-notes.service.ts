import type { CallParsedInput, Lang, ReleaseNote, saveReleaseNoteCall } from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { companyScope } from '../../platform/auth/actor.ts';
import { fieldError } from '../../platform/errors.ts';
import { PLATFORM_FILE_OWNER } from '../../platform/files/files.ts';
import { findFileOfSignedLink } from '../../platform/files/stored-files.store.ts';
import * as store from './release-notes.store.ts';
import { RELEASE_NOTES_TEXT } from './release-notes.text.ts';

/** What the release-notes area reads from AppDeps (its manifest's `uses`). */
export type ReleaseNotesDeps = ModuleDeps<'db' | 'clock' | 'files'>;

async function toNote(deps: ReleaseNotesDeps, row: store.ReleaseNoteRow): Promise<ReleaseNote> {
  // The attachment is the platform's file: anyone shown the note gets a signed link to it.
  const file = row.attachment_file_id
    ? await findFileOfSignedLink(deps.db, row.attachment_file_id)
    : undefined;
  return {
    id: row.id,
    version: row.version,
    contentEn: row.content_en,
    contentCn: row.content_cn,
    startTime: row.start_at.getTime(),
    endTime: row.end_at.getTime(),
    attachment: file ? await deps.files.describe(file) : null,
  };
}

const pageOf = async (deps: ReleaseNotesDeps, page: { list: store.ReleaseNoteRow[]; total: number }) => ({
  list: await Promise.all(page.list.map((row) => toNote(deps, row))),
  total: page.total,
});

/** The notes any signed-in user reads: those whose window has started, newest first. */
export async function listNotes(
  deps: ReleaseNotesDeps,
  input: { pageNum: number; pageSize: number; version?: string | undefined },
) {
  return pageOf(
    deps,
    await store.pageNotes(deps.db, { startedBy: deps.clock.now(), version: input.version }, input),
  );
}

/** Every note, scheduled ones too: the Super Admin's list. */
export async function manageNotes(deps: ReleaseNotesDeps, input: { pageNum: number; pageSize: number }) {
  return pageOf(deps, await store.pageNotes(deps.db, {}, input));
}

/** The newest note in its window this user has not been shown: the console shows it once. */
export async function pendingNote(deps: ReleaseNotesDeps, userId: number): Promise<ReleaseNote | null> {
  const row = await store.unseenNote(deps.db, userId, deps.clock.now());
  return row ? toNote(deps, row) : null;
}

export async function markSeen(
  deps: ReleaseNotesDeps,
  userId: number,
  id: number,
  lang: Lang,
): Promise<null> {
  if (!(await store.markSeen(deps.db, id, userId, deps.clock.now())))
    throw fieldError('id', RELEASE_NOTES_TEXT.noSuchNote[lang]);
  return null;
}

/**
 * Creates or changes a note. Its attachment must be a platform file the Super Admin uploaded as a
 * release attachment (the upload checked its size, under 200 MB).
 */
export async function saveNote(
  deps: ReleaseNotesDeps,
  input: CallParsedInput<typeof saveReleaseNoteCall>,
  lang: Lang,
): Promise<ReleaseNote> {
  const { note } = input;
  if (note.attachmentFileId !== null) {
    const file = await deps.files.find(companyScope(PLATFORM_FILE_OWNER), note.attachmentFileId);
    if (file?.kind !== 'releaseAttachment')
      throw fieldError('note.attachmentFileId', RELEASE_NOTES_TEXT.notAnAttachment[lang]);
  }
  const values: store.NoteValues = {
    version: note.version,
    contentEn: note.contentEn,
    contentCn: note.contentCn,
    startAt: new Date(note.startTime),
    endAt: new Date(note.endTime),
    attachmentFileId: note.attachmentFileId,
  };
  const now = deps.clock.now();
  const row =
    input.id === null
      ? await store.insertNote(deps.db, values, now)
      : await store.updateNote(deps.db, input.id, values, now);
  if (!row) throw fieldError('id', RELEASE_NOTES_TEXT.noSuchNote[lang]);
  return toNote(deps, row);
}

export async function removeNote(deps: ReleaseNotesDeps, id: number, lang: Lang): Promise<null> {
  if (!(await store.deleteNote(deps.db, id))) throw fieldError('id', RELEASE_NOTES_TEXT.noSuchNote[lang]);
  return null;
}
