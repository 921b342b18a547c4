import {
  type CallParsedInput,
  ErrorCode,
  type Faq,
  type Lang,
  type Resource,
  type ShareSubject,
  type SupportShareLink,
  type saveFaqCall,
  type saveResourceCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { companyScope } from '../../platform/auth/actor.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { PLATFORM_FILE_OWNER } from '../../platform/files/files.ts';
import { newShareLink } from '../exports/exports.service.ts';
import { insertShareLink, type RecordOwner } from '../exports/exports.store.ts';
import { listSubjectLinks, removeLinksOfSubject, removeSubjectLink } from '../exports/share-links.store.ts';
import * as store from './support.store.ts';
import { SUPPORT_TEXT } from './support.text.ts';

/** What the support area reads from AppDeps (its manifest's `uses`). */
export type SupportDeps = ModuleDeps<'db' | 'clock' | 'files'>;

const PLATFORM = companyScope(PLATFORM_FILE_OWNER);

/** The language a list reads: the caller's own when absent, every language for `all`. */
export function languageFilter(language: string | undefined, lang: Lang): string | undefined {
  if (language === 'all') return undefined;
  return language ?? lang;
}

/** A platform file the Super Admin uploaded as a support resource, or code 1 naming `field`. */
async function resourceFile(deps: SupportDeps, fileId: number, field: string, lang: Lang) {
  const file = await deps.files.find(PLATFORM, fileId);
  if (file?.kind !== 'resource') throw fieldError(field, SUPPORT_TEXT.notAResourceFile[lang]);
  return file;
}

/**
 * Removes a platform file no longer used (a replaced or removed resource's); one the Super Admin also
 * chose for another resource, entry or certificate stays.
 */
export async function dropFile(deps: SupportDeps, fileId: number | null, keep: number | null) {
  if (fileId === null || fileId === keep || (await store.fileInUse(deps.db, fileId))) return;
  await deps.files.remove(PLATFORM_FILE_OWNER, fileId);
}

// ---- resources ---------------------------------------------------------------------------------------

async function toResource(deps: SupportDeps, row: store.ResourceRow): Promise<Resource | null> {
  const file = await deps.files.find(PLATFORM, row.file_id);
  if (!file) return null;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    language: row.language as Resource['language'],
    file: await deps.files.describe(file),
    updatedAt: row.updated_at.getTime(),
  };
}

export async function listResources(
  deps: SupportDeps,
  input: { pageNum: number; pageSize: number; search?: string | undefined; language?: string | undefined },
  lang: Lang,
) {
  const page = await store.pageResources(
    deps.db,
    { language: languageFilter(input.language, lang), search: input.search },
    input,
  );
  const list = await Promise.all(page.list.map((row) => toResource(deps, row)));
  return { list: list.filter((r): r is Resource => r !== null), total: page.total };
}

export async function saveResource(
  deps: SupportDeps,
  input: CallParsedInput<typeof saveResourceCall>,
  lang: Lang,
): Promise<Resource> {
  const { resource } = input;
  await resourceFile(deps, resource.fileId, 'resource.fileId', lang);
  const now = deps.clock.now();
  const before = input.id === null ? undefined : await store.findResource(deps.db, input.id);
  if (input.id !== null && !before) throw fieldError('id', SUPPORT_TEXT.noSuchResource[lang]);
  const row = before
    ? await store.updateResource(deps.db, before.id, resource, now)
    : await store.insertResource(deps.db, resource, now);
  if (!row) throw fieldError('id', SUPPORT_TEXT.noSuchResource[lang]);
  if (before) await dropFile(deps, before.file_id, row.file_id);
  return (await toResource(deps, row))!;
}

export async function removeResource(deps: SupportDeps, id: number, lang: Lang): Promise<null> {
  const now = deps.clock.now();
  const removed = await deps.db.transaction().execute(async (tx) => {
    const row = await store.deleteResource(tx, id);
    if (row) await removeLinksOfSubject(tx, { kind: 'resource', id }, now);
    return row;
  });
  if (!removed) throw fieldError('id', SUPPORT_TEXT.noSuchResource[lang]);
  await dropFile(deps, removed.file_id, null);
  return null;
}

// ---- FAQ ---------------------------------------------------------------------------------------------

async function toFaq(deps: SupportDeps, row: store.FaqRow): Promise<Faq> {
  const file = row.attachment_file_id ? await deps.files.find(PLATFORM, row.attachment_file_id) : undefined;
  return {
    id: row.id,
    question: row.question,
    answer: row.answer,
    tag: row.tag,
    language: row.language as Faq['language'],
    attachment: file ? await deps.files.describe(file) : null,
    updatedAt: row.updated_at.getTime(),
  };
}

export async function listFaqs(
  deps: SupportDeps,
  input: {
    pageNum: number;
    pageSize: number;
    search?: string | undefined;
    language?: string | undefined;
    tag?: string | undefined;
  },
  lang: Lang,
) {
  const page = await store.pageFaqs(
    deps.db,
    { language: languageFilter(input.language, lang), search: input.search, tag: input.tag },
    input,
  );
  return { list: await Promise.all(page.list.map((row) => toFaq(deps, row))), total: page.total };
}

export function faqTags(deps: SupportDeps, language: string | undefined, lang: Lang) {
  return store.faqTags(deps.db, languageFilter(language, lang));
}

export async function saveFaq(
  deps: SupportDeps,
  input: CallParsedInput<typeof saveFaqCall>,
  lang: Lang,
): Promise<Faq> {
  const { faq } = input;
  if (faq.attachmentFileId !== null)
    await resourceFile(deps, faq.attachmentFileId, 'faq.attachmentFileId', lang);
  const now = deps.clock.now();
  const before = input.id === null ? undefined : await store.findFaq(deps.db, input.id);
  if (input.id !== null && !before) throw fieldError('id', SUPPORT_TEXT.noSuchFaq[lang]);
  const row = before
    ? await store.updateFaq(deps.db, before.id, faq, now)
    : await store.insertFaq(deps.db, faq, now);
  if (!row) throw fieldError('id', SUPPORT_TEXT.noSuchFaq[lang]);
  if (before) await dropFile(deps, before.attachment_file_id, row.attachment_file_id);
  return toFaq(deps, row);
}

export async function removeFaq(deps: SupportDeps, id: number, lang: Lang): Promise<null> {
  const now = deps.clock.now();
  const removed = await deps.db.transaction().execute(async (tx) => {
    const row = await store.deleteFaq(tx, id);
    if (row) await removeLinksOfSubject(tx, { kind: 'faq', id }, now);
    return row;
  });
  if (!removed) throw fieldError('id', SUPPORT_TEXT.noSuchFaq[lang]);
  await dropFile(deps, removed.attachment_file_id, null);
  return null;
}

// ---- sharing -----------------------------------------------------------------------------------------

/**
 * A link valid 48 hours on the seeShareFile page (the exports' share links, naming the subject).
 * Anyone who reads the resource or the FAQ entry may share it.
 */
export async function share(
  deps: SupportDeps,
  owner: RecordOwner,
  subject: { kind: ShareSubject; id: number },
  lang: Lang,
) {
  const exists =
    subject.kind === 'resource'
      ? await store.findResource(deps.db, subject.id)
      : await store.findFaq(deps.db, subject.id);
  if (!exists)
    throw fieldError(
      'id',
      (subject.kind === 'resource' ? SUPPORT_TEXT.noSuchResource : SUPPORT_TEXT.noSuchFaq)[lang],
    );
  const now = deps.clock.now();
  const { shareId, expiresAt } = newShareLink(now);
  await insertShareLink(deps.db, {
    ...owner,
    id: shareId,
    subject: subject.kind,
    subjectId: subject.id,
    createdAt: now,
    expiresAt,
  });
  return { shareId, expiresAt: expiresAt.getTime() };
}

export async function shareLinks(
  deps: SupportDeps,
  owner: RecordOwner,
  subject: { kind: ShareSubject; id: number },
): Promise<SupportShareLink[]> {
  const links = await listSubjectLinks(deps.db, owner, subject, deps.clock.now());
  return links.map((l) => ({
    shareId: l.shareId,
    createdAt: l.createdAt.getTime(),
    expiresAt: l.expiresAt.getTime(),
    state: l.state,
  }));
}

/** Removes one of the caller's links; another's, an unknown or an already removed one is 14065. */
export async function removeShare(deps: SupportDeps, owner: RecordOwner, shareId: string): Promise<null> {
  if (!(await removeSubjectLink(deps.db, owner, shareId, deps.clock.now())))
    throw new AppError(ErrorCode.SHARE_LINK_EXPIRED);
  return null;
}
