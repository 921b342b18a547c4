import { type CompanyScope, scopedCompanyIds } from '../auth/actor.ts';
import type { DbOrTx } from '../db/open.ts';

export interface StoredFileRow {
  id: number;
  companyId: number;
  kind: string;
  name: string;
  size: number;
  sha256: string;
  contentType: string;
  storeKey: string;
  createdBy: number | null;
  createdAt: Date;
  expiresAt: Date | null;
}

export type NewStoredFile = Omit<StoredFileRow, 'id'>;

const COLUMNS = [
  'id',
  'company_id as companyId',
  'kind',
  'name',
  'size',
  'sha256',
  'content_type as contentType',
  'store_key as storeKey',
  'created_by as createdBy',
  'created_at as createdAt',
  'expires_at as expiresAt',
] as const;

function normalized(row: StoredFileRow): StoredFileRow {
  return { ...row, id: Number(row.id), companyId: Number(row.companyId), size: Number(row.size) };
}

export async function insertStoredFile(db: DbOrTx, file: NewStoredFile): Promise<StoredFileRow> {
  const row = await db
    .insertInto('stored_file')
    .values({
      company_id: file.companyId,
      kind: file.kind,
      name: file.name,
      size: file.size,
      sha256: file.sha256,
      content_type: file.contentType,
      store_key: file.storeKey,
      created_by: file.createdBy,
      created_at: file.createdAt,
      expires_at: file.expiresAt,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return normalized(row);
}

/** One of the files of the scope's companies. */
export async function findCompanyFile(
  db: DbOrTx,
  scope: CompanyScope,
  fileId: number,
): Promise<StoredFileRow | undefined> {
  const row = await db
    .selectFrom('stored_file')
    .select(COLUMNS)
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('id', '=', fileId)
    .executeTakeFirst();
  return row && normalized(row);
}

/**
 * A file by id alone, for the signed download link only: its verified signature names the file and
 * is the caller's whole credential (the link was minted for someone of the owning company).
 */
export async function findFileOfSignedLink(db: DbOrTx, fileId: number): Promise<StoredFileRow | undefined> {
  const row = await db.selectFrom('stored_file').select(COLUMNS).where('id', '=', fileId).executeTakeFirst();
  return row && normalized(row);
}

export async function deleteCompanyFile(
  db: DbOrTx,
  companyId: number,
  fileId: number,
): Promise<StoredFileRow | undefined> {
  const row = await db
    .deleteFrom('stored_file')
    .where('company_id', '=', companyId)
    .where('id', '=', fileId)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row && normalized(row);
}

/** Files whose `expires_at` has passed, oldest first, for retention. */
export async function expiredFiles(db: DbOrTx, now: Date, limit: number): Promise<StoredFileRow[]> {
  const rows = await db
    .selectFrom('stored_file')
    .select(COLUMNS)
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  return rows.map(normalized);
}

export async function deleteFileRow(db: DbOrTx, fileId: number): Promise<void> {
  await db.deleteFrom('stored_file').where('id', '=', fileId).execute();
}
