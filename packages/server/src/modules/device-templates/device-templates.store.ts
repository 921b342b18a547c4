import type { DeviceModelType } from '@fleetport/contract';
import { sql } from 'kysely';
import { type CompanyScope, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/** SQL of zero-touch templates. Every function takes the caller's company scope. */

export interface TemplateRow {
  id: number;
  companyId: number;
  name: string;
  series: string;
  type: DeviceModelType;
  models: string[];
  firmwareVersionId: number | null;
  appVersionIds: number[];
  configXml: string | null;
  configFileName: string | null;
  enabled: boolean;
  origin: string;
  createdAt: Date;
  updatedAt: Date;
}

const COLUMNS = [
  't.id',
  't.company_id as companyId',
  't.name',
  't.series',
  't.type',
  't.models',
  't.firmware_version_id as firmwareVersionId',
  't.app_version_ids as appVersionIds',
  't.config_xml as configXml',
  't.config_file_name as configFileName',
  't.enabled',
  't.origin',
  't.created_at as createdAt',
  't.updated_at as updatedAt',
] as const;

function templateRow(row: TemplateRow): TemplateRow {
  return {
    ...row,
    id: Number(row.id),
    companyId: Number(row.companyId),
    firmwareVersionId: row.firmwareVersionId === null ? null : Number(row.firmwareVersionId),
    appVersionIds: row.appVersionIds.map(Number),
  };
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function pageTemplates(
  db: DbOrTx,
  scope: CompanyScope,
  filter: { name?: string; series?: string; enabled?: boolean; pageNum: number; pageSize: number },
): Promise<{ total: number; rows: TemplateRow[] }> {
  let query = db.selectFrom('device_template as t').where('t.company_id', 'in', [...scopedCompanyIds(scope)]);
  if (filter.name) query = query.where('t.name', 'ilike', likePattern(filter.name));
  if (filter.series) query = query.where('t.series', '=', filter.series);
  if (filter.enabled !== undefined) query = query.where('t.enabled', '=', filter.enabled);
  const [count, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    query
      .select(COLUMNS)
      .orderBy('t.updated_at', 'desc')
      .orderBy('t.id', 'desc')
      .offset((filter.pageNum - 1) * filter.pageSize)
      .limit(filter.pageSize)
      .execute(),
  ]);
  return { total: Number(count.n), rows: rows.map(templateRow) };
}

export async function findTemplate(
  db: DbOrTx,
  scope: CompanyScope,
  templateId: number,
): Promise<TemplateRow | undefined> {
  const row = await db
    .selectFrom('device_template as t')
    .select(COLUMNS)
    .where('t.company_id', 'in', [...scopedCompanyIds(scope)])
    .where('t.id', '=', templateId)
    .executeTakeFirst();
  return row && templateRow(row);
}

/** Whether the owning company has another template of this name (names compare without case). */
export async function templateNameTaken(
  db: DbOrTx,
  scope: CompanyScope,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  let query = db
    .selectFrom('device_template')
    .select('id')
    .where('company_id', '=', owningCompany(scope))
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export interface TemplateValues {
  name: string;
  series: string;
  type: DeviceModelType;
  models: string[];
  firmwareVersionId: number | null;
  appVersionIds: number[];
  configXml: string | null;
  configFileName: string | null;
  enabled: boolean;
  origin: string;
}

function columnsOf(values: TemplateValues) {
  return {
    name: values.name,
    series: values.series,
    type: values.type,
    models: JSON.stringify(values.models),
    firmware_version_id: values.firmwareVersionId,
    app_version_ids: JSON.stringify(values.appVersionIds),
    config_xml: values.configXml,
    config_file_name: values.configFileName,
    enabled: values.enabled,
    origin: values.origin,
  };
}

/** The versions a template names, kept beside it so the app centre sees them in use. */
async function savePackages(db: DbOrTx, companyId: number, templateId: number, values: TemplateValues) {
  await db.deleteFrom('device_template_package').where('template_id', '=', templateId).execute();
  const ids = [...new Set([values.firmwareVersionId, ...values.appVersionIds])].filter(
    (id): id is number => id !== null,
  );
  if (ids.length === 0) return;
  await db
    .insertInto('device_template_package')
    .values(ids.map((id) => ({ template_id: templateId, company_id: companyId, version_id: id })))
    .execute();
}

export async function insertTemplate(
  db: DbOrTx,
  scope: CompanyScope,
  values: TemplateValues,
  by: number,
  at: Date,
): Promise<number> {
  const companyId = owningCompany(scope);
  const row = await db
    .insertInto('device_template')
    .values({ company_id: companyId, ...columnsOf(values), created_by: by, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await savePackages(db, companyId, Number(row.id), values);
  return Number(row.id);
}

export async function updateTemplate(
  db: DbOrTx,
  scope: CompanyScope,
  templateId: number,
  values: TemplateValues,
  at: Date,
): Promise<void> {
  const companyId = owningCompany(scope);
  await db
    .updateTable('device_template')
    .set({ ...columnsOf(values), updated_at: at })
    .where('company_id', '=', companyId)
    .where('id', '=', templateId)
    .execute();
  await savePackages(db, companyId, templateId, values);
}

export async function saveTemplateEnabled(
  db: DbOrTx,
  scope: CompanyScope,
  templateId: number,
  enabled: boolean,
  at: Date,
): Promise<void> {
  await db
    .updateTable('device_template')
    .set({ enabled, updated_at: at })
    .where('company_id', '=', owningCompany(scope))
    .where('id', '=', templateId)
    .execute();
}

export async function deleteTemplate(db: DbOrTx, scope: CompanyScope, templateId: number): Promise<void> {
  await db
    .deleteFrom('device_template')
    .where('company_id', '=', owningCompany(scope))
    .where('id', '=', templateId)
    .execute();
}

/** Routers provisioning with each of these templates now. */
export async function applyingCounts(
  db: DbOrTx,
  scope: CompanyScope,
  templateIds: readonly number[],
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (templateIds.length === 0) return counts;
  const rows = await db
    .selectFrom('device_provisioning')
    .select(['template_id as templateId', (eb) => eb.fn.countAll<string>().as('n')])
    .where('company_id', 'in', [...scopedCompanyIds(scope)])
    .where('template_id', 'in', [...templateIds])
    .where('state', '=', 'running')
    .groupBy('template_id')
    .execute();
  for (const row of rows) counts.set(Number(row.templateId), Number(row.n));
  return counts;
}

/** The company's enabled templates for a series, newest edit first: the service picks the one that fits. */
export async function enabledTemplatesOf(
  db: DbOrTx,
  scope: CompanyScope,
  series: string,
): Promise<TemplateRow[]> {
  const rows = await db
    .selectFrom('device_template as t')
    .select(COLUMNS)
    .where('t.company_id', '=', owningCompany(scope))
    .where(sql<string>`lower(t.series)`, '=', series.toLowerCase())
    .where('t.enabled', '=', true)
    .orderBy('t.updated_at', 'desc')
    .orderBy('t.id', 'desc')
    .execute();
  return rows.map(templateRow);
}
