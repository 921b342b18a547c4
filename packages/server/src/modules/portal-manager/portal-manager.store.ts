import { type Insertable, sql } from 'kysely';
import { type CompanyScope, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import { containsPattern } from '../../platform/db/like.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import type { PortalManagerTables } from './portal-manager.tables.ts';

/** SQL of portal templates and the routers on them; every query takes the caller's company scope. */

export type TemplateValues = Omit<
  Insertable<PortalManagerTables['portal_template']>,
  'id' | 'company_id' | 'version' | 'created_at' | 'updated_at'
>;

export async function countTemplates(db: DbOrTx, scope: CompanyScope): Promise<number> {
  const row = await db
    .selectFrom('portal_template')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', owningCompany(scope))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The id of the scope's template of that name (any case), other than `exceptId`. */
export async function templateNamed(db: DbOrTx, scope: CompanyScope, name: string, exceptId?: number) {
  let q = db
    .selectFrom('portal_template')
    .select('id')
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return q.executeTakeFirst();
}

export async function insertTemplate(
  db: DbOrTx,
  scope: CompanyScope,
  values: TemplateValues,
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto('portal_template')
    .values({ ...values, company_id: owningCompany(scope), version: 1, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateTemplate(
  db: DbOrTx,
  scope: CompanyScope,
  portalId: number,
  values: TemplateValues,
  now: Date,
): Promise<void> {
  await db
    .updateTable('portal_template')
    .set({ ...values, version: sql`version + 1`, updated_at: now })
    .where('id', '=', portalId)
    .where('company_id', 'in', scopedCompanyIds(scope))
    .execute();
}

export async function findTemplate(db: DbOrTx, scope: CompanyScope, portalId: number) {
  return db
    .selectFrom('portal_template')
    .selectAll()
    .select((eb) =>
      eb
        .selectFrom('portal_device')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('portal_device.portal_id', '=', 'portal_template.id')
        .as('device_count'),
    )
    .where('id', '=', portalId)
    .where('company_id', 'in', scopedCompanyIds(scope))
    .executeTakeFirst();
}
export type StoredTemplate = NonNullable<Awaited<ReturnType<typeof findTemplate>>>;

export async function listTemplates(
  db: DbOrTx,
  scope: CompanyScope,
  filter: { name?: string; pageNum: number; pageSize: number },
) {
  let q = db.selectFrom('portal_template').where('company_id', 'in', scopedCompanyIds(scope));
  if (filter.name) q = q.where('name', 'ilike', containsPattern(filter.name));
  const [rows, total] = await Promise.all([
    q
      .select([
        'id',
        'name',
        'auth_mode',
        'languages',
        'version',
        'updated_at',
        (eb) =>
          eb
            .selectFrom('portal_device')
            .select(eb.fn.countAll<string>().as('n'))
            .whereRef('portal_device.portal_id', '=', 'portal_template.id')
            .as('device_count'),
      ])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function deleteTemplate(db: DbOrTx, scope: CompanyScope, portalId: number): Promise<void> {
  await db
    .deleteFrom('portal_template')
    .where('id', '=', portalId)
    .where('company_id', 'in', scopedCompanyIds(scope))
    .execute();
}

/** The scope's routers on a template, or on any template when `portalId` is absent. */
export async function templateDevices(
  db: DbOrTx,
  scope: CompanyScope,
  portalId: number,
  page?: { pageNum: number; pageSize: number },
) {
  const q = db
    .selectFrom('portal_device')
    .innerJoin('device', (join) =>
      // The company's own router: one moved to another company is not shown with its new owner's name.
      join
        .onRef('device.sn', '=', 'portal_device.sn')
        .onRef('device.company_id', '=', 'portal_device.company_id'),
    )
    .where('portal_device.portal_id', '=', portalId)
    .where('portal_device.company_id', 'in', scopedCompanyIds(scope));
  const total = page
    ? Number((await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n)
    : 0;
  let rows = q
    .select([
      'portal_device.sn',
      'device.name',
      'device.model',
      'device.online',
      'portal_device.applied_version',
      'portal_device.added_at',
    ])
    .orderBy('portal_device.added_at', 'desc')
    .orderBy('portal_device.sn');
  if (page) rows = rows.limit(page.pageSize).offset((page.pageNum - 1) * page.pageSize);
  const list = await rows.execute();
  return { list, total: page ? total : list.length };
}

/** Which of these routers already sit on a template of the scope, and which. */
export async function devicesOnTemplates(db: DbOrTx, scope: CompanyScope, sns: readonly string[]) {
  if (sns.length === 0) return [];
  return db
    .selectFrom('portal_device')
    .innerJoin('portal_template', 'portal_template.id', 'portal_device.portal_id')
    .select(['portal_device.sn', 'portal_device.portal_id', 'portal_template.name'])
    .where('portal_device.sn', 'in', [...sns])
    .where('portal_device.company_id', 'in', scopedCompanyIds(scope))
    .execute();
}

export async function insertDevices(
  db: DbOrTx,
  scope: CompanyScope,
  portalId: number,
  devices: readonly { sn: string; sealedSecret: string }[],
  now: Date,
): Promise<void> {
  if (devices.length === 0) return;
  await db
    .insertInto('portal_device')
    .values(
      devices.map((d) => ({
        sn: d.sn,
        company_id: owningCompany(scope),
        portal_id: portalId,
        radius_secret: d.sealedSecret,
        applied_version: null,
        added_at: now,
      })),
    )
    .onConflict((oc) => oc.column('sn').doNothing())
    .execute();
}

export async function deleteDevices(
  db: DbOrTx,
  scope: CompanyScope,
  portalId: number,
  sns: readonly string[],
): Promise<void> {
  await db
    .deleteFrom('portal_device')
    .where('portal_id', '=', portalId)
    .where('sn', 'in', [...sns])
    .where('company_id', 'in', scopedCompanyIds(scope))
    .execute();
}

/** The scope's devices among `sns` (the others are not the caller's to add). */
export async function companyDevices(db: DbOrTx, scope: CompanyScope, sns: readonly string[]) {
  return db
    .selectFrom('device')
    .select(['sn'])
    .where('sn', 'in', [...sns])
    .where('company_id', 'in', scopedCompanyIds(scope))
    .execute();
}
