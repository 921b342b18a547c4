import { z } from 'zod';
import { SeriesIdSchema } from '../device/series.ts';
import { PUBLISH_STATES } from '../enums/updates.ts';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { DOC_FILES_MAX } from '../rules/files.ts';
import {
  PACKAGE_DISPLAY_NAME_MAX,
  PackageNameSchema,
  PackageVersionTextSchema,
  RELEASE_NOTES_MAX,
} from '../rules/packages.ts';
import { requiredText } from '../rules/rule.ts';
import { defineCall } from './define.ts';
import { StoredFileSchema } from './files.ts';

/**
 * The app centre's catalogue of router software (issue 14; core §2 devices/appCentre and
 * appcenter/appCenter, §3 "Firmware and app", §4, §5). A package is one piece of software of one
 * owner: its kind, package name and series; its versions form its history. The Super Admin uploads
 * platform packages and chooses whom each version is published to; a company uploads its own apps,
 * which only it sees. The files (package, logo, documentation) are uploaded first through the file
 * layer (`/pl/file/upload` with kinds `firmware`, `packageLogo`, `documentation`), then named here by
 * id. docs/decisions.md "App centre".
 */

export const PACKAGE_KINDS = ['firmware', 'app'] as const;
export type PackageKind = (typeof PACKAGE_KINDS)[number];

/** Whom a platform version is published to (core §3 "target customers"). */
export const PACKAGE_TARGETS = ['all', 'distributors', 'companies'] as const;
export type PackageTarget = (typeof PACKAGE_TARGETS)[number];

/** Who a package belongs to: the platform's (the Super Admin's) or the caller's company's own. */
export const PACKAGE_OWNERS = ['platform', 'own'] as const;
export type PackageOwner = (typeof PACKAGE_OWNERS)[number];

export const PackageTargetSchema = z.strictObject({
  kind: z.enum(PACKAGE_TARGETS),
  /** The chosen companies, for `companies` only (at least one there; none otherwise). */
  companyIds: z.array(z.number().int().positive()).max(500).default([]),
});
export type PackageTargetInput = z.input<typeof PackageTargetSchema>;

export const TargetCompanySchema = z.object({
  companyId: z.number().int(),
  name: z.string(),
});

export const PackageTargetViewSchema = z.object({
  kind: z.enum(PACKAGE_TARGETS),
  companies: z.array(TargetCompanySchema),
});

/** A model of the package's series and whether this version is offered to it. */
export const ModelFitSchema = z.object({ model: z.string(), fits: z.boolean() });

export const PackageVersionSchema = z.object({
  versionId: z.number().int(),
  version: z.string(),
  name: z.string(),
  models: z.array(z.string()),
  /** Every model of the series, marked whether this version fits it (the compatibility table). */
  compatibility: z.array(ModelFitSchema),
  releaseNotes: z.string(),
  published: z.boolean(),
  publishedAt: z.number().int().nullable(),
  /** The Super Admin's view of a platform version; null for a company (own apps are private, and whom else the platform chose is not its business). */
  target: PackageTargetViewSchema.nullable(),
  /** The package file; its sha256 was computed by the server while the bytes streamed in. */
  file: StoredFileSchema,
  logo: StoredFileSchema.nullable(),
  documents: z.array(StoredFileSchema),
  /** Whether a device update, rollout or template uses it: then it can never be deleted. */
  inUse: z.boolean(),
  createdAt: z.number().int(),
});
export type PackageVersion = z.infer<typeof PackageVersionSchema>;

/** A row of the catalogue: the package and its newest version the caller sees. */
export const PackageSummarySchema = z.object({
  packageId: z.number().int(),
  kind: z.enum(PACKAGE_KINDS),
  owner: z.enum(PACKAGE_OWNERS),
  packageName: z.string(),
  series: z.string(),
  name: z.string(),
  latestVersion: z.string(),
  latestVersionId: z.number().int(),
  /** Versions the caller sees. */
  versions: z.number().int(),
  /** Whether the newest version is published. */
  published: z.boolean(),
  models: z.array(z.string()),
  updatedAt: z.number().int(),
});
export type PackageSummary = z.infer<typeof PackageSummarySchema>;

export const PackageDetailSchema = z.object({
  packageId: z.number().int(),
  kind: z.enum(PACKAGE_KINDS),
  owner: z.enum(PACKAGE_OWNERS),
  packageName: z.string(),
  series: z.string(),
  /** Whether the caller may publish, retarget and delete its versions. */
  manageable: z.boolean(),
  /** Newest first. */
  versions: z.array(PackageVersionSchema),
});
export type PackageDetail = z.infer<typeof PackageDetailSchema>;

export const PackageFilterSchema = PageQuerySchema.extend({
  /** Part of the name or the package name. */
  search: z.string().trim().max(64).optional(),
  series: SeriesIdSchema.optional(),
  kind: z.enum(PACKAGE_KINDS).optional(),
  state: z.enum(PUBLISH_STATES).optional(),
  owner: z.enum(PACKAGE_OWNERS).optional(),
}).strict();
export type PackageFilter = z.output<typeof PackageFilterSchema>;

const VersionIdSchema = z.number().int().positive();

export const listPackagesCall = defineCall({
  id: 'appCentre.list',
  method: 'POST',
  path: '/pl/appCentre/getPackageList',
  input: PackageFilterSchema,
  output: pageSchema(PackageSummarySchema),
  permission: 'firmware.view',
  paged: true,
  summary: 'The catalogue the caller sees, newest first (docs/api.md "App centre")',
});

export const getPackageCall = defineCall({
  id: 'appCentre.get',
  method: 'POST',
  path: '/pl/appCentre/getPackage',
  input: z.strictObject({ packageId: z.number().int().positive() }),
  output: PackageDetailSchema,
  permission: 'firmware.view',
  summary: "A package's version history the caller sees; 160030 when none",
});

export const AddPackageVersionBodySchema = z.strictObject({
  kind: z.enum(PACKAGE_KINDS),
  name: requiredText().max(PACKAGE_DISPLAY_NAME_MAX),
  version: PackageVersionTextSchema,
  packageName: PackageNameSchema,
  series: SeriesIdSchema,
  /** Models of the series it fits (160039 for another); at least one. */
  models: z.array(z.string().trim().min(1).max(30)).min(1).max(50),
  /** A file uploaded as `firmware` (.ruf, .bin, .deb; under 500 MB, 14063). */
  fileId: z.number().int().positive(),
  /** A file uploaded as `packageLogo` (260x105, under 1024 KB). */
  logoFileId: z.number().int().positive().nullable().default(null),
  /** Files uploaded as `documentation`, at most 2 (each under 20 MB). */
  documentFileIds: z.array(z.number().int().positive()).max(DOC_FILES_MAX).default([]),
  releaseNotes: z.string().trim().max(RELEASE_NOTES_MAX).default(''),
  /** Platform packages only (the Super Admin); absent is `all`. A company's apps take none (160037). */
  target: PackageTargetSchema.optional(),
});
export type AddPackageVersionBody = z.input<typeof AddPackageVersionBodySchema>;

export const addPackageVersionCall = defineCall({
  id: 'appCentre.addVersion',
  method: 'POST',
  path: '/pl/appCentre/addVersion',
  input: AddPackageVersionBodySchema,
  output: z.object({ packageId: z.number().int(), versionId: z.number().int() }),
  permission: 'firmware.create',
  mutates: true,
  summary: 'Add an unpublished version (160031, 160034-160039)',
});

export const setPackagePublishedCall = defineCall({
  id: 'appCentre.setPublished',
  method: 'POST',
  path: '/pl/appCentre/setPublished',
  input: z.strictObject({ versionId: VersionIdSchema, published: z.boolean() }),
  output: PackageVersionSchema,
  permission: 'firmware.edit',
  mutates: true,
  summary: "Publish or unpublish a version of the caller's own",
});

export const setPackageTargetCall = defineCall({
  id: 'appCentre.setTarget',
  method: 'POST',
  path: '/pl/appCentre/setTarget',
  input: z.strictObject({ versionId: VersionIdSchema, target: PackageTargetSchema }),
  output: PackageVersionSchema,
  permission: 'superAdmin',
  mutates: true,
  summary: 'Target customers of a platform version (160037)',
});

export const deletePackageVersionCall = defineCall({
  id: 'appCentre.deleteVersion',
  method: 'POST',
  path: '/pl/appCentre/deleteVersion',
  input: z.strictObject({ versionId: VersionIdSchema }),
  output: z.object({ packageDeleted: z.boolean() }),
  permission: 'firmware.remove',
  mutates: true,
  summary: 'Delete an unpublished version nothing uses (160032, 160033)',
});

export const searchTargetCompaniesCall = defineCall({
  id: 'appCentre.targetCompanies',
  method: 'POST',
  path: '/pl/appCentre/searchCompanies',
  input: z.strictObject({ search: z.string().trim().max(50).default('') }),
  output: z.array(TargetCompanySchema),
  permission: 'superAdmin',
  summary: 'Companies by part of their name, for the target picker',
});

export const APP_CENTRE_CALLS = [
  listPackagesCall,
  getPackageCall,
  addPackageVersionCall,
  setPackagePublishedCall,
  setPackageTargetCall,
  deletePackageVersionCall,
  searchTargetCompaniesCall,
] as const;
