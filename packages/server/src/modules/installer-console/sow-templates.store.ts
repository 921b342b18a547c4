import type { SowSimSupply, SowTemplate } from '@fleetport/contract';
import { sql } from 'kysely';
import { type CompanyScope, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import { containsPattern } from '../../platform/db/like.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/** Scope-of-work templates (table `sow_template`): the sections' fields as one JSON document. */

/** The fields kept in `fields` (the name and the config file have columns of their own). */
export interface SowFields {
  productModel: string;
  firmwareVersion: string;
  applications: { name: string; version: string }[];
  registeredOnPlatform: boolean;
  platformId: string | null;
  simInserted: boolean;
  simSupply: SowSimSupply;
  thirdPartyAntenna: boolean;
  antennaDetails: string | null;
  customProductLabel: boolean;
  productLabelContent: string | null;
  customBoxLabel: boolean;
  boxLabelContent: string | null;
  routerTestProcess: string;
  otherInstructions: string;
}

export interface SowRow {
  name: string;
  fields: SowFields;
  configFileId: number | null;
}

const COLUMNS = sql`t.id, t.name, t.fields, t.created_at, t.updated_at,
  f.id as file_id, f.name as file_name, f.size as file_size`;

interface Selected {
  id: number | string;
  name: string;
  fields: SowFields | string;
  created_at: Date;
  updated_at: Date;
  file_id: number | string | null;
  file_name: string | null;
  file_size: number | string | null;
}

function toTemplate(r: Selected): SowTemplate {
  const fields = (typeof r.fields === 'string' ? JSON.parse(r.fields) : r.fields) as SowFields;
  return {
    sowId: Number(r.id),
    name: r.name,
    ...fields,
    configFile:
      r.file_id === null
        ? null
        : { fileId: Number(r.file_id), name: r.file_name ?? '', size: Number(r.file_size) },
    createdAt: r.created_at.getTime(),
    updatedAt: r.updated_at.getTime(),
  };
}

export async function listSowTemplates(
  db: DbOrTx,
  scope: CompanyScope,
  query: { pageNum: number; pageSize: number; keyword?: string | undefined },
): Promise<{ list: SowTemplate[]; total: number }> {
  const ids = scopedCompanyIds(scope);
  const where = sql`t.company_id in (${sql.join(ids)})${
    query.keyword ? sql` and t.name ilike ${containsPattern(query.keyword)}` : sql``
  }`;
  const [rows, counted] = await Promise.all([
    sql<Selected>`
      select ${COLUMNS}
        from sow_template t left join stored_file f on f.id = t.config_file_id
       where ${where}
       order by t.updated_at desc, t.id desc
       limit ${query.pageSize} offset ${(query.pageNum - 1) * query.pageSize}`.execute(db),
    sql<{ n: string }>`select count(*) as n from sow_template t where ${where}`.execute(db),
  ]);
  return { list: rows.rows.map(toTemplate), total: Number(counted.rows[0]?.n ?? 0) };
}

export async function findSowTemplate(
  db: DbOrTx,
  scope: CompanyScope,
  id: number,
): Promise<SowTemplate | null> {
  const rows = await sql<Selected>`
    select ${COLUMNS}
      from sow_template t left join stored_file f on f.id = t.config_file_id
     where t.id = ${id} and t.company_id in (${sql.join(scopedCompanyIds(scope))})`.execute(db);
  return rows.rows[0] ? toTemplate(rows.rows[0]) : null;
}

export async function countSowTemplates(db: DbOrTx, scope: CompanyScope): Promise<number> {
  const row = await db
    .selectFrom('sow_template')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', owningCompany(scope))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether another template of the company has this name in any case. */
export async function sowNameTaken(db: DbOrTx, scope: CompanyScope, name: string, except?: number) {
  let q = db
    .selectFrom('sow_template')
    .select('id')
    .where('company_id', '=', owningCompany(scope))
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (except !== undefined) q = q.where('id', '<>', except);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertSowTemplate(
  db: DbOrTx,
  scope: CompanyScope,
  row: SowRow,
  userId: number | null,
  now: Date,
): Promise<number> {
  const inserted = await db
    .insertInto('sow_template')
    .values({
      company_id: owningCompany(scope),
      name: row.name,
      fields: JSON.stringify(row.fields),
      config_file_id: row.configFileId,
      created_by: userId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** Replaces a template; false when the company holds none with this id. */
export async function updateSowTemplate(db: DbOrTx, scope: CompanyScope, id: number, row: SowRow, now: Date) {
  const result = await db
    .updateTable('sow_template')
    .set({
      name: row.name,
      fields: JSON.stringify(row.fields),
      config_file_id: row.configFileId,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('company_id', '=', owningCompany(scope))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteSowTemplate(db: DbOrTx, scope: CompanyScope, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('sow_template')
    .where('id', '=', id)
    .where('company_id', '=', owningCompany(scope))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
