import {
  type addPackageVersionCall,
  type CallParsedInput,
  ErrorCode,
  findSeries,
  type PackageDetail,
  type PackageFilter,
  type PackageSummary,
  type PackageTargetInput,
  PackageTargetSchema,
  type PackageVersion,
  type Page,
  type StoredFile,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { companyScope } from '../../platform/auth/actor.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { PLATFORM_FILE_OWNER } from '../../platform/files/files.ts';
import {
  companiesNamed,
  deleteVersion,
  existingCompanies,
  findOwnPackage,
  insertPackage,
  insertVersion,
  ownedVersion,
  ownerOf,
  type PackageRow,
  packageInUse,
  packagePage,
  referencedFiles,
  savePublished,
  saveTarget,
  targetCompanies,
  type VersionRow,
  type Viewer,
  versionExists,
  versionsInUse,
  visiblePackage,
} from './app-centre.store.ts';

/** What the app centre reads from AppDeps (its manifest's `uses`). */
export type AppCentreDeps = ModuleDeps<'db' | 'clock' | 'files'>;

/** Who calls: the platform (the Super Admin) or a company, and the person (files' and versions' author). */
export interface CatalogueCaller {
  viewer: Viewer;
  userId: number;
}

/** The scope that holds an owner's files: a company's own, or the platform's (the Super Admin's uploads). */
function fileOwnerScope(owner: number | null) {
  return companyScope(owner ?? PLATFORM_FILE_OWNER);
}

export async function listPackages(
  deps: AppCentreDeps,
  viewer: Viewer,
  filter: PackageFilter,
): Promise<Page<PackageSummary>> {
  const { total, rows } = await packagePage(deps.db, viewer, filter);
  return {
    total,
    list: rows.map((r) => ({
      packageId: r.packageId,
      kind: r.kind,
      owner: r.companyId === null ? 'platform' : 'own',
      packageName: r.packageName,
      series: r.series,
      name: r.name,
      latestVersion: r.version,
      latestVersionId: r.versionId,
      versions: r.versions,
      published: r.published,
      models: r.models,
      updatedAt: r.createdAt.getTime(),
    })),
  };
}

/**
 * The versions as the viewer may see them. Target customers are the platform's business: a company
 * never learns whom else a version was published to (the chosen companies' names), so it gets none.
 */
async function describeVersions(
  deps: AppCentreDeps,
  viewer: Viewer,
  pkg: PackageRow,
  versions: readonly VersionRow[],
): Promise<PackageVersion[]> {
  const ids = versions.map((v) => v.id);
  const [inUse, chosen] = await Promise.all([versionsInUse(deps.db, ids), targetCompanies(deps.db, ids)]);
  const scope = fileOwnerScope(pkg.companyId);
  const describe = async (fileId: number): Promise<StoredFile | null> => {
    const file = await deps.files.find(scope, fileId);
    return file ? deps.files.describe(file) : null;
  };
  const seriesModels = findSeries(pkg.series)?.models ?? [];
  return Promise.all(
    versions.map(async (v) => {
      const [file, logo, documents] = await Promise.all([
        describe(v.fileId),
        v.logoFileId === null ? null : describe(v.logoFileId),
        Promise.all(v.documentFileIds.map(describe)),
      ]);
      if (!file) throw new AppError(ErrorCode.APP_PACKAGE_FILE_INVALID);
      return {
        versionId: v.id,
        version: v.version,
        name: v.name,
        models: v.models,
        compatibility: seriesModels.map((model) => ({ model, fits: v.models.includes(model) })),
        releaseNotes: v.releaseNotes,
        published: v.published,
        publishedAt: v.publishedAt?.getTime() ?? null,
        target:
          viewer.kind === 'platform' && pkg.companyId === null && v.target !== null
            ? { kind: v.target, companies: v.target === 'companies' ? (chosen.get(v.id) ?? []) : [] }
            : null,
        file,
        logo,
        documents: documents.filter((d): d is StoredFile => d !== null),
        inUse: inUse.has(v.id),
        createdAt: v.createdAt.getTime(),
      };
    }),
  );
}

/** A package's history as the viewer sees it; 160030 when it sees no version of it. */
export async function getPackage(
  deps: AppCentreDeps,
  viewer: Viewer,
  packageId: number,
): Promise<PackageDetail> {
  const found = await visiblePackage(deps.db, viewer, packageId);
  if (!found) throw new AppError(ErrorCode.APP_PACKAGE_NOT_FOUND);
  const { pkg, versions } = found;
  const owner = pkg.companyId === null ? 'platform' : 'own';
  return {
    packageId: pkg.id,
    kind: pkg.kind,
    owner,
    packageName: pkg.packageName,
    series: pkg.series,
    // A company manages its own apps; the platform's are the Super Admin's.
    manageable: (viewer.kind === 'platform') === (owner === 'platform'),
    versions: await describeVersions(deps, viewer, pkg, versions),
  };
}

/** The models of the series, in the series' spelling; 160039 names the first that is not of it. */
function modelsOfSeries(series: string, models: readonly string[]): string[] {
  const known = findSeries(series)?.models ?? [];
  const out: string[] = [];
  for (const model of models) {
    const match = known.find((m) => m.toUpperCase() === model.toUpperCase());
    if (!match) throw new AppError(ErrorCode.APP_PACKAGE_MODEL_UNKNOWN, { model });
    if (!out.includes(match)) out.push(match);
  }
  return out;
}

/** A platform target as stored: `companies` needs at least one existing company, the others none. */
async function checkedTarget(deps: AppCentreDeps, input: PackageTargetInput) {
  const target = PackageTargetSchema.parse(input);
  const ids = [...new Set(target.companyIds)];
  if (target.kind !== 'companies') {
    if (ids.length > 0) throw new AppError(ErrorCode.APP_PACKAGE_TARGET_INVALID);
    return { kind: target.kind, companyIds: [] };
  }
  if (ids.length === 0) throw new AppError(ErrorCode.APP_PACKAGE_TARGET_INVALID);
  const existing = await existingCompanies(deps.db, ids);
  if (existing.length !== ids.length) throw new AppError(ErrorCode.APP_PACKAGE_TARGET_INVALID);
  return { kind: target.kind, companyIds: ids };
}

/**
 * Adds a version, unpublished, to the owner's package of that kind, series and package name (a new
 * package when it has none). The files must be the owner's own uploads of the right kind: the file
 * layer checked their types, sizes and pixels and computed the package's sha256 as it streamed in.
 */
export async function addVersion(
  deps: AppCentreDeps,
  caller: CatalogueCaller,
  input: CallParsedInput<typeof addPackageVersionCall>,
): Promise<{ packageId: number; versionId: number }> {
  const { viewer } = caller;
  if (viewer.kind === 'company' && input.kind !== 'app')
    throw new AppError(ErrorCode.APP_PACKAGE_COMPANY_APPS_ONLY);
  if (viewer.kind === 'company' && input.target) throw new AppError(ErrorCode.APP_PACKAGE_TARGET_INVALID);
  const owner = ownerOf(viewer);
  const models = modelsOfSeries(input.series, input.models);
  const target =
    viewer.kind === 'platform' ? await checkedTarget(deps, input.target ?? { kind: 'all' }) : null;

  const scope = fileOwnerScope(owner);
  const file = await deps.files.find(scope, input.fileId);
  if (file?.kind !== 'firmware') throw new AppError(ErrorCode.APP_PACKAGE_FILE_INVALID);
  if (input.logoFileId !== null) {
    const logo = await deps.files.find(scope, input.logoFileId);
    if (logo?.kind !== 'packageLogo') throw new AppError(ErrorCode.APP_PACKAGE_LOGO_INVALID);
  }
  const documentIds = [...new Set(input.documentFileIds)];
  for (const id of documentIds) {
    const doc = await deps.files.find(scope, id);
    if (doc?.kind !== 'documentation') throw new AppError(ErrorCode.APP_PACKAGE_DOCS_INVALID);
  }

  const identity = { kind: input.kind, series: input.series, packageName: input.packageName };
  return inTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const existing = await findOwnPackage(tx, owner, identity);
    const packageId = existing?.id ?? (await insertPackage(tx, owner, identity, now));
    if (existing && (await versionExists(tx, packageId, input.version)))
      throw new AppError(ErrorCode.APP_PACKAGE_VERSION_EXISTS);
    const versionId = await insertVersion(
      tx,
      {
        packageId,
        version: input.version,
        name: input.name,
        models,
        fileId: file.id,
        logoFileId: input.logoFileId,
        documentFileIds: documentIds,
        releaseNotes: input.releaseNotes,
        target: target?.kind ?? null,
        createdBy: caller.userId,
      },
      now,
    );
    if (target) await saveTarget(tx, versionId, target.kind, target.companyIds);
    return { packageId, versionId };
  });
}

async function owned(deps: AppCentreDeps, viewer: Viewer, versionId: number) {
  const found = await ownedVersion(deps.db, viewer, versionId);
  if (!found) throw new AppError(ErrorCode.APP_PACKAGE_NOT_FOUND);
  return found;
}

async function versionView(deps: AppCentreDeps, viewer: Viewer, versionId: number): Promise<PackageVersion> {
  const { pkg, version } = await owned(deps, viewer, versionId);
  const [view] = await describeVersions(deps, viewer, pkg, [version]);
  return view!;
}

/** Publishes or takes back a version of the caller's own (a company's app, or the platform's). */
export async function setPublished(
  deps: AppCentreDeps,
  viewer: Viewer,
  versionId: number,
  published: boolean,
): Promise<PackageVersion> {
  const { version } = await owned(deps, viewer, versionId);
  if (version.published !== published) await savePublished(deps.db, versionId, published, deps.clock.now());
  return versionView(deps, viewer, versionId);
}

/** The Super Admin chooses whom a platform version is published to. */
export async function setTarget(
  deps: AppCentreDeps,
  versionId: number,
  input: PackageTargetInput,
): Promise<PackageVersion> {
  const viewer: Viewer = { kind: 'platform' };
  await owned(deps, viewer, versionId);
  const target = await checkedTarget(deps, input);
  await inTransaction(deps.db, (tx) => saveTarget(tx, versionId, target.kind, target.companyIds));
  return versionView(deps, viewer, versionId);
}

/**
 * Deletes a version of the caller's own (docs/decisions.md "App centre deletion"): a published one
 * is unpublished first (160032), one that a device update, rollout or template names never (160033).
 * Its files go with it unless another version names them; the last version takes its package along.
 */
export async function removeVersion(
  deps: AppCentreDeps,
  viewer: Viewer,
  versionId: number,
): Promise<{ packageDeleted: boolean }> {
  const { pkg, version } = await owned(deps, viewer, versionId);
  if (version.published) throw new AppError(ErrorCode.APP_PACKAGE_PUBLISHED);
  const fileIds = [
    version.fileId,
    ...(version.logoFileId === null ? [] : [version.logoFileId]),
    ...version.documentFileIds,
  ];
  const packageDeleted = await inTransaction(deps.db, async (tx) => {
    if (await packageInUse(tx, versionId)) throw new AppError(ErrorCode.APP_PACKAGE_IN_USE);
    return deleteVersion(tx, versionId, pkg.id);
  });
  const kept = await referencedFiles(deps.db, fileIds);
  const owner = pkg.companyId ?? PLATFORM_FILE_OWNER;
  for (const fileId of fileIds) if (!kept.has(fileId)) await deps.files.remove(owner, fileId);
  return { packageDeleted };
}

export async function searchCompanies(deps: AppCentreDeps, search: string) {
  return companiesNamed(deps.db, search, 20);
}
