import { sql } from 'kysely';
import { containsPattern } from '../../platform/db/like.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/** SQL of release notes: the platform's notes, and which user was shown which. */

export interface ReleaseNoteRow {
  id: number;
  version: string;
  content_en: string;
  content_cn: string;
  start_at: Date;
  end_at: Date;
  attachment_file_id: number | null;
}

const COLUMNS = [
  'id',
  'version',
  'content_en',
  'content_cn',
  'start_at',
  'end_at',
  'attachment_file_id',
] as const;

function normalized(row: ReleaseNoteRow): ReleaseNoteRow {
  return {
    ...row,
    id: Number(row.id),
    attachment_file_id: row.attachment_file_id === null ? null : Number(row.attachment_file_id),
  };
}

/**
 * A page of notes, newest start first: those whose window has started (`startedBy`), or every note
 * for the Super Admin (undefined); `version` filters on part of the version.
 */
export async function pageNotes(
  db: DbOrTx,
  filter: { startedBy?: Date; version?: string | undefined },
  page: { pageNum: number; pageSize: number },
): Promise<{ list: ReleaseNoteRow[]; total: number }> {
  let query = db.selectFrom('release_note');
  if (filter.startedBy) query = query.where('start_at', '<=', filter.startedBy);
  if (filter.version) query = query.where('version', 'like', containsPattern(filter.version));
  const [rows, count] = await Promise.all([
    query
      .select(COLUMNS)
      .orderBy('start_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize)
      .execute(),
    query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(normalized), total: Number(count.total) };
}

/** The newest note whose window holds `now` that this user was not shown yet. */
export async function unseenNote(db: DbOrTx, userId: number, now: Date): Promise<ReleaseNoteRow | undefined> {
  const row = await db
    .selectFrom('release_note as n')
    .select(COLUMNS.map((c) => `n.${c}` as const))
    .where('n.start_at', '<=', now)
    .where('n.end_at', '>', now)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('release_note_seen as s')
            .select('s.note_id')
            .whereRef('s.note_id', '=', 'n.id')
            .where('s.user_id', '=', userId),
        ),
      ),
    )
    .orderBy('n.start_at', 'desc')
    .orderBy('n.id', 'desc')
    .executeTakeFirst();
  return row && normalized(row);
}

export async function findNote(db: DbOrTx, id: number): Promise<ReleaseNoteRow | undefined> {
  const row = await db.selectFrom('release_note').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && normalized(row);
}

/** Marks the note shown to the user; false when there is no such note. */
export async function markSeen(db: DbOrTx, noteId: number, userId: number, at: Date): Promise<boolean> {
  if (!(await findNote(db, noteId))) return false;
  await db
    .insertInto('release_note_seen')
    .values({ note_id: noteId, user_id: userId, seen_at: at })
    .onConflict((oc) => oc.columns(['note_id', 'user_id']).doNothing())
    .execute();
  return true;
}

export interface NoteValues {
  version: string;
  contentEn: string;
  contentCn: string;
  startAt: Date;
  endAt: Date;
  attachmentFileId: number | null;
}

const columnsOf = (note: NoteValues, at: Date) => ({
  version: note.version,
  content_en: note.contentEn,
  content_cn: note.contentCn,
  start_at: note.startAt,
  end_at: note.endAt,
  attachment_file_id: note.attachmentFileId,
  updated_at: at,
});

export async function insertNote(db: DbOrTx, note: NoteValues, at: Date): Promise<ReleaseNoteRow> {
  const row = await db
    .insertInto('release_note')
    .values({ ...columnsOf(note, at), created_at: at })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return normalized(row);
}

export async function updateNote(
  db: DbOrTx,
  id: number,
  note: NoteValues,
  at: Date,
): Promise<ReleaseNoteRow | undefined> {
  const row = await db
    .updateTable('release_note')
    .set(columnsOf(note, at))
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row && normalized(row);
}

/** Removes the note and who was shown it (the seen rows cascade); false when there was none. */
export async function deleteNote(db: DbOrTx, id: number): Promise<boolean> {
  const row = await db.deleteFrom('release_note').where('id', '=', id).returning('id').executeTakeFirst();
  return row !== undefined;
}
