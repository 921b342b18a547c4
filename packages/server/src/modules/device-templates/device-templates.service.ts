import {
  type DeviceModelType,
  type DeviceTemplate,
  ErrorCode,
  findSeries,
  readDeviceConfiguration,
  TEMPLATE_NAME_MAX,
  type TemplatePackage,
  templateHasContent,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { type Actor, owningScope } from '../../platform/auth/actor.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { visibleVersion } from '../app-centre/app-centre.store.ts';
import {
  applyingCounts,
  deleteTemplate,
  findTemplate,
  insertTemplate,
  pageTemplates,
  saveTemplateEnabled,
  type TemplateRow,
  type TemplateValues,
  templateNameTaken,
  updateTemplate,
} from './device-templates.store.ts';

/**
 * Zero-touch templates (issue 14; core §3, §4, §5, §8). The checks run in the order a person fixes
 * the form: the name (190610 past 50, 190607 taken), the models of the series, the firmware and apps
 * (visible to the company and for the series, 190671), the configuration file (XML of at most
 * 1024 KB, 190608), and at least one of the three (190606). A template a router is provisioning with
 * is neither edited nor deleted (190604): the router's steps were taken from it.
 */

export type TemplateDeps = ModuleDeps<'db' | 'clock' | 'files'>;

/** Core §5: uploaded configuration is at most 1024 KB. */
const CONFIG_MAX_BYTES = 1024 * 1024;

export interface TemplateInput {
  name: string;
  series: string;
  type: DeviceModelType;
  models: string[];
  firmwareVersionId: number | null;
  appVersionIds: number[];
  configFileId?: number | null | undefined;
  enabled: boolean;
}

async function packageOf(deps: TemplateDeps, actor: Actor, versionId: number): Promise<TemplatePackage> {
  const found = await visibleVersion(deps.db, { kind: 'company', scope: actor.scope }, versionId);
  if (!found) return { versionId, name: '', version: '', packageName: '' };
  return {
    versionId,
    name: found.version.name,
    version: found.version.version,
    packageName: found.pkg.packageName,
  };
}

async function toTemplate(
  deps: TemplateDeps,
  actor: Actor,
  row: TemplateRow,
  applying: number,
): Promise<DeviceTemplate> {
  return {
    templateId: row.id,
    name: row.name,
    series: row.series,
    type: row.type,
    models: row.models,
    firmware: row.firmwareVersionId === null ? null : await packageOf(deps, actor, row.firmwareVersionId),
    apps: await Promise.all(row.appVersionIds.map((id) => packageOf(deps, actor, id))),
    configuration:
      row.configXml === null
        ? null
        : { fileName: row.configFileName ?? '', size: Buffer.byteLength(row.configXml) },
    enabled: row.enabled,
    applying,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

export async function listTemplates(
  deps: TemplateDeps,
  actor: Actor,
  filter: { name?: string; series?: string; enabled?: boolean; pageNum: number; pageSize: number },
) {
  const page = await pageTemplates(deps.db, actor.scope, filter);
  const counts = await applyingCounts(
    deps.db,
    actor.scope,
    page.rows.map((r) => r.id),
  );
  return {
    total: page.total,
    list: await Promise.all(page.rows.map((r) => toTemplate(deps, actor, r, counts.get(r.id) ?? 0))),
  };
}

/** The firmware or app version, seen by the company, of the right kind and for the template's series. */
async function checkPackage(
  deps: TemplateDeps,
  actor: Actor,
  input: TemplateInput,
  versionId: number,
  kind: 'firmware' | 'app',
) {
  const found = await visibleVersion(deps.db, { kind: 'company', scope: actor.scope }, versionId);
  if (!found) throw new AppError(ErrorCode.APP_PACKAGE_NOT_FOUND);
  if (found.pkg.kind !== kind)
    throw fieldError(
      kind === 'firmware' ? 'firmwareVersionId' : 'appVersionIds',
      kind === 'firmware' ? 'not a firmware' : 'not an app',
    );
  const fitsModels =
    found.version.models.length === 0 ||
    input.models.length === 0 ||
    input.models.every((m) => found.version.models.some((v) => v.toLowerCase() === m.toLowerCase()));
  if (found.pkg.series.toLowerCase() !== input.series.toLowerCase() || !fitsModels)
    throw new AppError(ErrorCode.TEMPLATE_PACKAGE_NOT_FOR_SERIES);
  return found;
}

async function readConfigFile(deps: TemplateDeps, actor: Actor, fileId: number) {
  const file = await deps.files.find(actor.scope, fileId);
  if (!file) throw fieldError('configFileId', 'no such file');
  if (file.kind !== 'configXml' || file.size > CONFIG_MAX_BYTES)
    throw new AppError(ErrorCode.TEMPLATE_CONFIG_INVALID);
  const opened = await deps.files.store.open(file.storeKey);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of opened.stream) {
    size += (chunk as Buffer).length;
    if (size > CONFIG_MAX_BYTES) {
      opened.stream.destroy();
      throw new AppError(ErrorCode.TEMPLATE_CONFIG_INVALID);
    }
    chunks.push(chunk as Buffer);
  }
  const xml = Buffer.concat(chunks).toString('utf8');
  const config = readDeviceConfiguration(xml);
  if (!config) throw new AppError(ErrorCode.TEMPLATE_CONFIG_INVALID);
  // A configuration with nothing the cloud can apply would end every router's last step in failure.
  if (![...config.sections.values()].some((s) => 'value' in s))
    throw fieldError('configFileId', 'the file holds no section the cloud can apply');
  return { xml, fileName: file.name };
}

async function checkedValues(
  deps: TemplateDeps,
  actor: Actor,
  input: TemplateInput,
  current: TemplateRow | null,
  origin: string,
): Promise<TemplateValues> {
  const scope = owningScope(actor.scope);
  const name = input.name.trim();
  if (name.length > TEMPLATE_NAME_MAX) throw new AppError(ErrorCode.TEMPLATE_NAME_TOO_LONG);
  if (await templateNameTaken(deps.db, scope, name, current?.id ?? null))
    throw new AppError(ErrorCode.TEMPLATE_NAME_EXISTS);
  const series = findSeries(input.series);
  const models = [...new Set(input.models)];
  for (const model of models) {
    if (!series?.models.some((m) => m.toLowerCase() === model.toLowerCase()))
      throw fieldError('models', `${model} is not a model of ${input.series}`);
  }
  const checked = { ...input, models };
  if (input.firmwareVersionId !== null)
    await checkPackage(deps, actor, checked, input.firmwareVersionId, 'firmware');
  const packages = new Set<number>();
  for (const versionId of input.appVersionIds) {
    const found = await checkPackage(deps, actor, checked, versionId, 'app');
    if (packages.has(found.pkg.id)) throw fieldError('appVersionIds', 'one version per app');
    packages.add(found.pkg.id);
  }
  let configXml = current?.configXml ?? null;
  let configFileName = current?.configFileName ?? null;
  if (input.configFileId === null) {
    configXml = null;
    configFileName = null;
  } else if (input.configFileId !== undefined) {
    ({ xml: configXml, fileName: configFileName } = await readConfigFile(deps, actor, input.configFileId));
  }
  if (
    !templateHasContent({
      firmware: input.firmwareVersionId,
      apps: input.appVersionIds,
      configuration: configXml,
    })
  )
    throw new AppError(ErrorCode.TEMPLATE_EMPTY);
  return {
    name,
    series: input.series,
    type: input.type,
    models,
    firmwareVersionId: input.firmwareVersionId,
    appVersionIds: input.appVersionIds,
    configXml,
    configFileName,
    enabled: input.enabled,
    origin,
  };
}

async function answer(deps: TemplateDeps, actor: Actor, templateId: number): Promise<DeviceTemplate> {
  const row = await findTemplate(deps.db, actor.scope, templateId);
  if (!row) throw new AppError(ErrorCode.TEMPLATE_NOT_FOUND);
  const counts = await applyingCounts(deps.db, actor.scope, [row.id]);
  return toTemplate(deps, actor, row, counts.get(row.id) ?? 0);
}

/** The template, refused while a router provisions with it (its steps were taken from it). */
async function editable(deps: TemplateDeps, actor: Actor, templateId: number): Promise<TemplateRow> {
  const scope = owningScope(actor.scope);
  const row = await findTemplate(deps.db, scope, templateId);
  if (!row) throw new AppError(ErrorCode.TEMPLATE_NOT_FOUND);
  const counts = await applyingCounts(deps.db, scope, [row.id]);
  if ((counts.get(row.id) ?? 0) > 0) throw new AppError(ErrorCode.TEMPLATE_APPLYING);
  return row;
}

export async function createTemplate(
  deps: TemplateDeps,
  actor: Actor,
  input: TemplateInput,
  origin: string,
): Promise<DeviceTemplate> {
  const scope = owningScope(actor.scope);
  const values = await checkedValues(deps, actor, input, null, origin);
  const id = await inTransaction(deps.db, (tx) =>
    insertTemplate(tx, scope, values, actor.userId, deps.clock.now()),
  ).catch((error: unknown) => {
    // Two saves of one name at once: the unique index decides, with the same code.
    if (String((error as { message?: unknown })?.message).includes('device_template_name_idx'))
      throw new AppError(ErrorCode.TEMPLATE_NAME_EXISTS);
    throw error;
  });
  return answer(deps, actor, id);
}

export async function editTemplate(
  deps: TemplateDeps,
  actor: Actor,
  input: TemplateInput & { templateId: number },
  origin: string,
): Promise<DeviceTemplate> {
  const scope = owningScope(actor.scope);
  const current = await editable(deps, actor, input.templateId);
  const values = await checkedValues(deps, actor, input, current, origin);
  await inTransaction(deps.db, (tx) => updateTemplate(tx, scope, current.id, values, deps.clock.now()));
  return answer(deps, actor, current.id);
}

export async function setTemplateEnabled(
  deps: TemplateDeps,
  actor: Actor,
  input: { templateId: number; enabled: boolean },
): Promise<DeviceTemplate> {
  const scope = owningScope(actor.scope);
  const row = await findTemplate(deps.db, scope, input.templateId);
  if (!row) throw new AppError(ErrorCode.TEMPLATE_NOT_FOUND);
  // Disabling stops new claims from taking it; routers already provisioning finish their steps.
  await saveTemplateEnabled(deps.db, scope, row.id, input.enabled, deps.clock.now());
  return answer(deps, actor, row.id);
}

export async function removeTemplate(deps: TemplateDeps, actor: Actor, templateId: number): Promise<null> {
  const row = await editable(deps, actor, templateId);
  await deleteTemplate(deps.db, owningScope(actor.scope), row.id);
  return null;
}
