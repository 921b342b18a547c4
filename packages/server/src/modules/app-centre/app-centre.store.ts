import type { PackageFilter, PackageKind, PackageTarget } from '@fleetport/contract';
import { COMPANY_TYPE } from '@fleetport/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import { type CompanyScope, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import type { Database } from '../../platform/db/schema.ts';

/**
 * SQL of the app centre's catalogue. Every read takes a `Viewer`: the platform (the Super Admin, who
 * manages the platform's packages) or a company scope, which sees its own apps and the platform
 * versions published to it — never another company's apps.
 */

export type Viewer = { kind: 'platform' } | { kind: 'company'; scope: CompanyScope };

/** The package's owner a write lands in: null for the platform's. */
export function ownerOf(viewer: Viewer): number | null {
  return viewer.kind === 'platform' ? null : owningCompany(viewer.scope);
}

type Eb = ExpressionBuilder<
  Database & { p: Database['app_package']; v: Database['app_package_version'] },
  'p' | 'v'
>;

/** The versions (`v`, of package `p`) a viewer sees. */
function visibleTo(viewer: Viewer) {
  return (eb: Eb) => {
    if (viewer.kind === 'platform') return eb('p.company_id', 'is', null);
    const ids = [...scopedCompanyIds(viewer.scope)];
    return eb.or([
      eb('p.company_id', 'in', ids),
      eb.and([
        eb('p.company_id', 'is', null),
        eb('v.published', '=', true),
        eb.or([
          eb('v.target', '=', 'all'),
          eb.and([
            eb('v.target', '=', 'distributors'),
            eb.exists(
              eb
                .selectFrom('company as c')
                .select(sql`1`.as('one'))
                .where('c.id', 'in', ids)
                .where('c.type', '=', COMPANY_TYPE.distributor),
            ),
          ]),
          eb.and([
            eb('v.target', '=', 'companies'),
            eb.exists(
              eb
                .selectFrom('app_package_target as t')
                .select(sql`1`.as('one'))
                .whereRef('t.version_id', '=', 'v.id')
                .where('t.company_id', 'in', ids),
            ),
          ]),
        ]),
      ]),
    ]);
  };
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface PackageSummaryRow {
  packageId: number;
  companyId: number | null;
  kind: PackageKind;
  packageName: string;
  series: string;
  versionId: number;
  version: string;
  name: string;
  published: boolean;
  models: string[];
  createdAt: Date;
  versions: number;
}

/** The catalogue's page: each package the viewer sees with its newest visible version, newest first. */
export async function packagePage(
  db: DbOrTx,
  viewer: Viewer,
  filter: PackageFilter,
): Promise<{ total: number; rows: PackageSummaryRow[] }> {
  let latest = db
    .selectFrom('app_package as p')
    .innerJoin('app_package_version as v', 'v.package_id', 'p.id')
    .where(visibleTo(viewer))
    .distinctOn('p.id')
    .select([
      'p.id as packageId',
      'p.company_id as companyId',
      'p.kind',
      'p.package_name as packageName',
      'p.series',
      'v.id as versionId',
      'v.version',
      'v.name',
      'v.published',
      'v.models',
      'v.created_at as createdAt',
      sql<string>`count(*) over (partition by p.id)`.as('versions'),
    ])
    .orderBy('p.id')
    .orderBy('v.created_at', 'desc')
    .orderBy('v.id', 'desc');
  if (filter.series) latest = latest.where('p.series', '=', filter.series);
  if (filter.kind) latest = latest.where('p.kind', '=', filter.kind);
  if (filter.owner === 'platform') latest = latest.where('p.company_id', 'is', null);
  if (filter.owner === 'own') latest = latest.where('p.company_id', 'is not', null);

  let page = db.selectFrom(latest.as('l'));
  if (filter.state) page = page.where('l.published', '=', filter.state === 'published');
  if (filter.search) {
    const like = likePattern(filter.search);
    page = page.where((eb) => eb.or([eb('l.name', 'ilike', like), eb('l.packageName', 'ilike', like)]));
  }
  const [count, rows] = await Promise.all([
    page.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    page
      .selectAll()
      .orderBy('l.createdAt', 'desc')
      .orderBy('l.versionId', 'desc')
      .offset((filter.pageNum - 1) * filter.pageSize)
      .limit(filter.pageSize)
      .execute(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map((r) => ({
      ...r,
      packageId: Number(r.packageId),
      companyId: r.companyId === null ? null : Number(r.companyId),
      versionId: Number(r.versionId),
      versions: Number(r.versions),
    })),
  };
}

export interface PackageRow {
  id: number;
  companyId: number | null;
  kind: PackageKind;
  packageName: string;
  series: string;
}

const PACKAGE_COLUMNS = [
  'p.id',
  'p.company_id as companyId',
  'p.kind',
  'p.package_name as packageName',
  'p.series',
] as const;

function packageRow(row: PackageRow): PackageRow {
  return { ...row, id: Number(row.id), companyId: row.companyId === null ? null : Number(row.companyId) };
}

/** The owner's package of this kind, series and package name, if it has one. */
export async function findOwnPackage(
  db: DbOrTx,
  owner: number | null,
  identity: { kind: PackageKind; series: string; packageName: string },
): Promise<PackageRow | undefined> {
  const row = await db
    .selectFrom('app_package as p')
    .select(PACKAGE_COLUMNS)
    .where((eb) => (owner === null ? eb('p.company_id', 'is', null) : eb('p.company_id', '=', owner)))
    .where('p.kind', '=', identity.kind)
    .where('p.series', '=', identity.series)
    .where('p.package_name', '=', identity.packageName)
    .executeTakeFirst();
  return row && packageRow(row);
}

export async function insertPackage(
  db: DbOrTx,
  owner: number | null,
  identity: { kind: PackageKind; series: string; packageName: string },
  at: Date,
): Promise<number> {
  const row = await db
    .insertInto('app_package')
    .values({
      company_id: owner,
      kind: identity.kind,
      series: identity.series,
      package_name: identity.packageName,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export interface VersionRow {
  id: number;
  packageId: number;
  version: string;
  name: string;
  models: string[];
  fileId: number;
  logoFileId: number | null;
  documentFileIds: number[];
  releaseNotes: string;
  target: PackageTarget | null;
  published: boolean;
  publishedAt: Date | null;
  createdAt: Date;
}

const VERSION_COLUMNS = [
  'v.id',
  'v.package_id as packageId',
  'v.version',
  'v.name',
  'v.models',
  'v.file_id as fileId',
  'v.logo_file_id as logoFileId',
  'v.document_file_ids as documentFileIds',
  'v.release_notes as releaseNotes',
  'v.target',
  'v.published',
  'v.published_at as publishedAt',
  'v.created_at as createdAt',
] as const;

function versionRow(row: VersionRow): VersionRow {
  return {
    ...row,
    id: Number(row.id),
    packageId: Number(row.packageId),
    fileId: Number(row.fileId),
    logoFileId: row.logoFileId === null ? null : Number(row.logoFileId),
    documentFileIds: row.documentFileIds.map(Number),
  };
}

/** A package the viewer sees at least one version of, with those versions newest first. */
export async function visiblePackage(
  db: DbOrTx,
  viewer: Viewer,
  packageId: number,
): Promise<{ pkg: PackageRow; versions: VersionRow[] } | undefined> {
  const rows = await db
    .selectFrom('app_package as p')
    .innerJoin('app_package_version as v', 'v.package_id', 'p.id')
    .select([...PACKAGE_COLUMNS, ...VERSION_COLUMNS.filter((c) => c !== 'v.id'), 'v.id as versionId'])
    .where('p.id', '=', packageId)
    .where(visibleTo(viewer))
    .orderBy('v.created_at', 'desc')
    .orderBy('v.id', 'desc')
    .execute();
  const first = rows[0];
  if (!first) return undefined;
  return {
    pkg: packageRow(first),
    versions: rows.map((r) => versionRow({ ...r, id: r.versionId })),
  };
}

/** A version the viewer owns (the platform's for the platform, the scope's own apps for a company). */
export function ownedVersion(db: DbOrTx, viewer: Viewer, versionId: number) {
  return versionWhere(db, versionId, (eb: Eb) =>
    viewer.kind === 'platform'
      ? eb('p.company_id', 'is', null)
      : eb('p.company_id', '=', owningCompany(viewer.scope)),
  );
}

/** One version with its package, when `allowed` holds for it. */
async function versionWhere(
  db: DbOrTx,
  versionId: number,
  allowed: (eb: Eb) => ReturnType<ReturnType<typeof visibleTo>>,
): Promise<{ pkg: PackageRow; version: VersionRow } | undefined> {
  const row = await versionQuery(db).where('v.id', '=', versionId).where(allowed).executeTakeFirst();
  if (!row) return undefined;
  return { pkg: packageRow(row), version: versionRow({ ...row, id: row.versionId }) };
}

function versionQuery(db: DbOrTx) {
  return db
    .selectFrom('app_package as p')
    .innerJoin('app_package_version as v', 'v.package_id', 'p.id')
    .select([...PACKAGE_COLUMNS, ...VERSION_COLUMNS.filter((c) => c !== 'v.id'), 'v.id as versionId']);
}

export async function versionExists(db: DbOrTx, packageId: number, version: string): Promise<boolean> {
  const row = await db
    .selectFrom('app_package_version')
    .select('id')
    .where('package_id', '=', packageId)
    .where('version', '=', version)
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewVersion {
  packageId: number;
  version: string;
  name: string;
  models: string[];
  fileId: number;
  logoFileId: number | null;
  documentFileIds: number[];
  releaseNotes: string;
  target: PackageTarget | null;
  createdBy: number;
}

export async function insertVersion(db: DbOrTx, version: NewVersion, at: Date): Promise<number> {
  const row = await db
    .insertInto('app_package_version')
    .values({
      package_id: version.packageId,
      version: version.version,
      name: version.name,
      models: JSON.stringify(version.models),
      file_id: version.fileId,
      logo_file_id: version.logoFileId,
      document_file_ids: JSON.stringify(version.documentFileIds),
      release_notes: version.releaseNotes,
      target: version.target,
      published: false,
      published_at: null,
      created_by: version.createdBy,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Replaces a platform version's target and its chosen companies. */
export async function saveTarget(
  db: DbOrTx,
  versionId: number,
  target: PackageTarget,
  companyIds: readonly number[],
): Promise<void> {
  await db.updateTable('app_package_version').set({ target }).where('id', '=', versionId).execute();
  await db.deleteFrom('app_package_target').where('version_id', '=', versionId).execute();
  if (target === 'companies' && companyIds.length > 0) {
    await db
      .insertInto('app_package_target')
      .values(companyIds.map((companyId) => ({ version_id: versionId, company_id: companyId })))
      .execute();
  }
}

export async function savePublished(db: DbOrTx, versionId: number, published: boolean, at: Date) {
  await db
    .updateTable('app_package_version')
    .set({ published, published_at: published ? at : null })
    .where('id', '=', versionId)
    .execute();
}

/** Deletes the version, and its package when it was the last; answers whether the package went too. */
export async function deleteVersion(db: DbOrTx, versionId: number, packageId: number): Promise<boolean> {
  await db.deleteFrom('app_package_version').where('id', '=', versionId).execute();
  const left = await db
    .selectFrom('app_package_version')
    .select('id')
    .where('package_id', '=', packageId)
    .limit(1)
    .executeTakeFirst();
  if (left) return false;
  await db.deleteFrom('app_package').where('id', '=', packageId).execute();
  return true;
}

/**
 * Whether anything that installs software names this version: then it can never be deleted (docs/
 * decisions.md "App centre deletion"): a device update (an RPC command whose params carry
 * `packageVersionId`), a rollout or a zero-touch template.
 */
export async function packageInUse(db: DbOrTx, versionId: number): Promise<boolean> {
  return (await versionsInUse(db, [versionId])).has(versionId);
}

/** The versions of these that something uses (the console greys out their delete). */
export async function versionsInUse(db: DbOrTx, versionIds: readonly number[]): Promise<Set<number>> {
  if (versionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('rpc_command')
    .select(sql<string>`params->>'packageVersionId'`.as('versionId'))
    .where(sql<boolean>`params ? 'packageVersionId'`)
    .where(
      sql<string>`params->>'packageVersionId'`,
      'in',
      versionIds.map((id) => String(id)),
    )
    .groupBy(sql`params->>'packageVersionId'`)
    .execute();
  // A rollout names its version from the start, before any device was sent it.
  const rolledOut = await db
    .selectFrom('rollout')
    .select('version_id as versionId')
    .distinct()
    .where('version_id', 'in', [...versionIds])
    .execute();
  // A zero-touch template naming it (modules/device-templates keeps the names in device_template_package).
  const named = await db
    .selectFrom('device_template_package')
    .select('version_id as versionId')
    .where('version_id', 'in', [...versionIds])
    .execute();
  return new Set([...rows, ...rolledOut, ...named].map((r) => Number(r.versionId)));
}

/** The chosen companies of these platform versions, by version. */
export async function targetCompanies(
  db: DbOrTx,
  versionIds: readonly number[],
): Promise<Map<number, { companyId: number; name: string }[]>> {
  const found = new Map<number, { companyId: number; name: string }[]>();
  if (versionIds.length === 0) return found;
  const rows = await db
    .selectFrom('app_package_target as t')
    .innerJoin('company as c', 'c.id', 't.company_id')
    .select(['t.version_id as versionId', 'c.id as companyId', 'c.name'])
    .where('t.version_id', 'in', [...versionIds])
    .orderBy('c.name')
    .execute();
  for (const row of rows) {
    const list = found.get(Number(row.versionId)) ?? [];
    list.push({ companyId: Number(row.companyId), name: row.name });
    found.set(Number(row.versionId), list);
  }
  return found;
}

/** Which of these ids are companies (the platform's target picker names them). */
export async function existingCompanies(db: DbOrTx, companyIds: readonly number[]): Promise<number[]> {
  if (companyIds.length === 0) return [];
  const rows = await db
    .selectFrom('company')
    .select('id')
    .where('id', 'in', [...companyIds])
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Companies by part of their name, for the Super Admin's target picker. */
export async function companiesNamed(db: DbOrTx, search: string, limit: number) {
  let query = db.selectFrom('company').select(['id', 'name']).orderBy('name').limit(limit);
  if (search) query = query.where('name', 'ilike', likePattern(search));
  const rows = await query.execute();
  return rows.map((r) => ({ companyId: Number(r.id), name: r.name }));
}

/** Which of these files a version still names (a deleted version's files go only when none does). */
export async function referencedFiles(db: DbOrTx, fileIds: readonly number[]): Promise<Set<number>> {
  if (fileIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('app_package_version')
    .select(['file_id as fileId', 'logo_file_id as logoFileId', 'document_file_ids as documentFileIds'])
    .where((eb) =>
      eb.or([
        eb('file_id', 'in', [...fileIds]),
        eb('logo_file_id', 'in', [...fileIds]),
        ...fileIds.map((id) => eb(sql`document_file_ids`, '@>', sql`${JSON.stringify([id])}::jsonb`)),
      ]),
    )
    .execute();
  const named = new Set(rows.flatMap((r) => [r.fileId, r.logoFileId, ...r.documentFileIds].map(Number)));
  return new Set(fileIds.filter((id) => named.has(id)));
}

/** A version the viewer sees (own, or published to it), with its package: what a device may install. */
export function visibleVersion(db: DbOrTx, viewer: Viewer, versionId: number) {
  return versionWhere(db, versionId, visibleTo(viewer));
}
