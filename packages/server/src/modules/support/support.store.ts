import { sql } from 'kysely';
import { containsPattern } from '../../platform/db/like.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/**
 * SQL of the platform's support content: resources, FAQ entries and certificates. They are no
 * company's (the Super Admin writes them, every signed-in user reads them), so no company scope.
 */

export interface PageWindow {
  pageNum: number;
  pageSize: number;
}

/** A list filter: `language` undefined is every language; `search` matches part of the text. */
export interface ContentFilter {
  language?: string | undefined;
  search?: string | undefined;
  tag?: string | undefined;
}

const offsetOf = (page: PageWindow) => (page.pageNum - 1) * page.pageSize;

// ---- resources ---------------------------------------------------------------------------------------

export interface ResourceRow {
  id: number;
  name: string;
  description: string;
  language: string;
  file_id: number;
  updated_at: Date;
}

const RESOURCE_COLUMNS = ['id', 'name', 'description', 'language', 'file_id', 'updated_at'] as const;
const resourceOf = (r: ResourceRow): ResourceRow => ({ ...r, id: Number(r.id), file_id: Number(r.file_id) });

export async function pageResources(db: DbOrTx, filter: ContentFilter, page: PageWindow) {
  let query = db.selectFrom('support_resource');
  if (filter.language) query = query.where('language', '=', filter.language);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    query = query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('description', 'ilike', pattern)]));
  }
  const [rows, count] = await Promise.all([
    query
      .select(RESOURCE_COLUMNS)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset(offsetOf(page))
      .execute(),
    query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(resourceOf), total: Number(count.total) };
}

export async function findResource(db: DbOrTx, id: number): Promise<ResourceRow | undefined> {
  const row = await db
    .selectFrom('support_resource')
    .select(RESOURCE_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && resourceOf(row);
}

export interface ResourceValues {
  name: string;
  description: string;
  language: string;
  fileId: number;
}

const resourceColumns = (r: ResourceValues, at: Date) => ({
  name: r.name,
  description: r.description,
  language: r.language,
  file_id: r.fileId,
  updated_at: at,
});

export async function insertResource(db: DbOrTx, r: ResourceValues, at: Date): Promise<ResourceRow> {
  const row = await db
    .insertInto('support_resource')
    .values({ ...resourceColumns(r, at), created_at: at })
    .returning(RESOURCE_COLUMNS)
    .executeTakeFirstOrThrow();
  return resourceOf(row);
}

export async function updateResource(db: DbOrTx, id: number, r: ResourceValues, at: Date) {
  const row = await db
    .updateTable('support_resource')
    .set(resourceColumns(r, at))
    .where('id', '=', id)
    .returning(RESOURCE_COLUMNS)
    .executeTakeFirst();
  return row && resourceOf(row);
}

export async function deleteResource(db: DbOrTx, id: number): Promise<ResourceRow | undefined> {
  const row = await db
    .deleteFrom('support_resource')
    .where('id', '=', id)
    .returning(RESOURCE_COLUMNS)
    .executeTakeFirst();
  return row && resourceOf(row);
}

// ---- FAQ ---------------------------------------------------------------------------------------------

export interface FaqRow {
  id: number;
  question: string;
  answer: string;
  tag: string;
  language: string;
  attachment_file_id: number | null;
  updated_at: Date;
}

const FAQ_COLUMNS = [
  'id',
  'question',
  'answer',
  'tag',
  'language',
  'attachment_file_id',
  'updated_at',
] as const;
const faqOf = (r: FaqRow): FaqRow => ({
  ...r,
  id: Number(r.id),
  attachment_file_id: r.attachment_file_id === null ? null : Number(r.attachment_file_id),
});

export async function pageFaqs(db: DbOrTx, filter: ContentFilter, page: PageWindow) {
  let query = db.selectFrom('support_faq');
  if (filter.language) query = query.where('language', '=', filter.language);
  if (filter.tag) query = query.where('tag', '=', filter.tag);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    query = query.where((eb) =>
      eb.or([eb('question', 'ilike', pattern), eb('answer', 'ilike', pattern), eb('tag', 'ilike', pattern)]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .select(FAQ_COLUMNS)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset(offsetOf(page))
      .execute(),
    query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(faqOf), total: Number(count.total) };
}

export async function faqTags(db: DbOrTx, language: string | undefined): Promise<string[]> {
  let query = db.selectFrom('support_faq').select('tag').distinct();
  if (language) query = query.where('language', '=', language);
  const rows = await query.orderBy('tag').execute();
  return rows.map((r) => r.tag);
}

export async function findFaq(db: DbOrTx, id: number): Promise<FaqRow | undefined> {
  const row = await db.selectFrom('support_faq').select(FAQ_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && faqOf(row);
}

export interface FaqValues {
  question: string;
  answer: string;
  tag: string;
  language: string;
  attachmentFileId: number | null;
}

const faqColumns = (f: FaqValues, at: Date) => ({
  question: f.question,
  answer: f.answer,
  tag: f.tag,
  language: f.language,
  attachment_file_id: f.attachmentFileId,
  updated_at: at,
});

export async function insertFaq(db: DbOrTx, f: FaqValues, at: Date): Promise<FaqRow> {
  const row = await db
    .insertInto('support_faq')
    .values({ ...faqColumns(f, at), created_at: at })
    .returning(FAQ_COLUMNS)
    .executeTakeFirstOrThrow();
  return faqOf(row);
}

export async function updateFaq(db: DbOrTx, id: number, f: FaqValues, at: Date) {
  const row = await db
    .updateTable('support_faq')
    .set(faqColumns(f, at))
    .where('id', '=', id)
    .returning(FAQ_COLUMNS)
    .executeTakeFirst();
  return row && faqOf(row);
}

export async function deleteFaq(db: DbOrTx, id: number): Promise<FaqRow | undefined> {
  const row = await db
    .deleteFrom('support_faq')
    .where('id', '=', id)
    .returning(FAQ_COLUMNS)
    .executeTakeFirst();
  return row && faqOf(row);
}

// ---- certificates ------------------------------------------------------------------------------------

export interface CertificateRow {
  id: number;
  name: string;
  subject: string;
  issuer: string;
  valid_from: Date;
  valid_to: Date;
  fingerprint: string;
  serial_number: string;
  file_id: number;
  created_at: Date;
}

const CERTIFICATE_COLUMNS = [
  'id',
  'name',
  'subject',
  'issuer',
  'valid_from',
  'valid_to',
  'fingerprint',
  'serial_number',
  'file_id',
  'created_at',
] as const;
const certificateOf = (r: CertificateRow): CertificateRow => ({
  ...r,
  id: Number(r.id),
  file_id: Number(r.file_id),
});

export async function pageCertificates(db: DbOrTx, search: string | undefined, page: PageWindow) {
  let query = db.selectFrom('support_certificate');
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) =>
      eb.or([eb('name', 'ilike', pattern), eb('subject', 'ilike', pattern), eb('issuer', 'ilike', pattern)]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .select(CERTIFICATE_COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset(offsetOf(page))
      .execute(),
    query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(certificateOf), total: Number(count.total) };
}

export async function insertCertificate(db: DbOrTx, c: Omit<CertificateRow, 'id'>): Promise<CertificateRow> {
  const row = await db
    .insertInto('support_certificate')
    .values(c)
    .returning(CERTIFICATE_COLUMNS)
    .executeTakeFirstOrThrow();
  return certificateOf(row);
}

export async function deleteCertificate(db: DbOrTx, id: number): Promise<CertificateRow | undefined> {
  const row = await db
    .deleteFrom('support_certificate')
    .where('id', '=', id)
    .returning(CERTIFICATE_COLUMNS)
    .executeTakeFirst();
  return row && certificateOf(row);
}

/** Whether a resource, an FAQ entry or a certificate still uses the platform file. */
export async function fileInUse(db: DbOrTx, fileId: number): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .or([
          eb.exists(eb.selectFrom('support_resource').select('id').where('file_id', '=', fileId)),
          eb.exists(eb.selectFrom('support_faq').select('id').where('attachment_file_id', '=', fileId)),
          eb.exists(eb.selectFrom('support_certificate').select('id').where('file_id', '=', fileId)),
        ])
        .as('used'),
    ])
    .executeTakeFirstOrThrow();
  return Boolean(row.used);
}
