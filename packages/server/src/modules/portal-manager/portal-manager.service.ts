import { randomBytes } from 'node:crypto';
import {
  checkPortalLanguages,
  ErrorCode,
  isRedirectUrl,
  type Page,
  PORTAL_TEMPLATES_MAX,
  type PortalDevice,
  type PortalTemplate,
  type PortalTemplateBodySchema,
  type PortalTemplateRow,
  portalBackgroundsComplete,
  type StoredFile,
  type UploadKindName,
} from '@fleetport/contract';
import type { z } from 'zod';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { type Actor, type CompanyScope, owningScope } from '../../platform/auth/actor.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { assertDeviceAllows } from '../licences/entitlements.ts';
import * as store from './portal-manager.store.ts';
import type { StoredPortalLanguage } from './portal-manager.tables.ts';
import { PORTAL_TEXT } from './portal-manager.text.ts';
import { pushTemplate } from './portal-push.ts';
import { radiusSecretSeal } from './radius-secret.ts';
import { readStored, storedTermsHtml } from './terms-html.ts';

/**
 * The portal manager's rules (issue 21; docs/decisions.md "Portal manager"): templates per company,
 * their settings' codes (900101-900110), routers added under the Captive Portal PRO licence, one
 * template a router, and no removal while routers are on it.
 */

export type PortalManagerDeps = ModuleDeps<'db' | 'clock' | 'files' | 'config' | 'gateway'>;
type Body = z.output<typeof PortalTemplateBodySchema>;
type Lang = 'en' | 'cn';

export { radiusSecretSeal } from './radius-secret.ts';

/** A file the template names: the company's own upload of the right kind, else 1 naming the field. */
async function checkFile(
  deps: PortalManagerDeps,
  scope: CompanyScope,
  fileId: number | null,
  kind: UploadKindName,
  field: string,
  lang: Lang,
): Promise<void> {
  if (fileId === null) return;
  const file = await deps.files.find(scope, fileId);
  if (file?.kind !== kind) throw fieldError(field, PORTAL_TEXT.fileNotOfKind[lang]);
}

/** The catalogue's codes in the order a person fixes a form: URL, languages, backgrounds, files. */
async function checkedValues(
  deps: PortalManagerDeps,
  scope: CompanyScope,
  body: Body,
  lang: Lang,
): Promise<store.TemplateValues> {
  if (!isRedirectUrl(body.redirectionUrl)) throw new AppError(ErrorCode.REDIRECTION_URL_INVALID);
  const languageProblem = checkPortalLanguages(body.languages.map((l) => l.name));
  if (languageProblem === 'languageNameDuplicate') throw new AppError(ErrorCode.PORTAL_LANGUAGE_EXISTS);
  if (languageProblem) throw new AppError(ErrorCode.PORTAL_LANGUAGE_LIMIT);
  const backgrounds = {
    pc: body.pcBackgroundFileId === null ? null : String(body.pcBackgroundFileId),
    mobile: body.mobileBackgroundFileId === null ? null : String(body.mobileBackgroundFileId),
  };
  if (!portalBackgroundsComplete(backgrounds)) throw new AppError(ErrorCode.PORTAL_BACKGROUNDS_REQUIRED);
  if (body.authMode === 'accessCode' && body.accessCode === '')
    throw fieldError('accessCode', PORTAL_TEXT.accessCodeRequired[lang]);
  await checkFile(deps, scope, body.pcBackgroundFileId, 'portalBackground', 'pcBackgroundFileId', lang);
  await checkFile(
    deps,
    scope,
    body.mobileBackgroundFileId,
    'portalBackground',
    'mobileBackgroundFileId',
    lang,
  );
  await checkFile(deps, scope, body.logoFileId, 'portalImage', 'logoFileId', lang);
  for (const [i, language] of body.languages.entries())
    await checkFile(deps, scope, language.termsFileId, 'portalTerms', `languages.${i}.termsFileId`, lang);
  const languages: StoredPortalLanguage[] = body.languages.map((l) => ({ ...l, name: l.name.trim() }));
  return {
    name: body.name,
    auth_mode: body.authMode,
    access_code: body.authMode === 'accessCode' ? body.accessCode : '',
    allowed_sites: JSON.stringify(body.allowedSites),
    blocked_domains: JSON.stringify(body.blockedDomains),
    redirection_url: body.redirectionUrl,
    pc_background_file_id: body.pcBackgroundFileId,
    mobile_background_file_id: body.mobileBackgroundFileId,
    logo_file_id: body.logoFileId,
    languages: JSON.stringify(languages),
    session_settings: JSON.stringify(body.sessionSettings),
  };
}

async function describeTemplate(
  deps: PortalManagerDeps,
  scope: CompanyScope,
  row: store.StoredTemplate,
): Promise<PortalTemplate> {
  const describe = async (fileId: number | null): Promise<StoredFile | null> => {
    if (fileId === null) return null;
    const file = await deps.files.find(scope, Number(fileId));
    return file ? deps.files.describe(file) : null;
  };
  return {
    portalId: Number(row.id),
    name: row.name,
    authMode: row.auth_mode,
    accessCode: row.access_code,
    allowedSites: row.allowed_sites,
    blockedDomains: row.blocked_domains,
    redirectionUrl: row.redirection_url,
    pcBackground: await describe(row.pc_background_file_id),
    mobileBackground: await describe(row.mobile_background_file_id),
    logo: await describe(row.logo_file_id),
    languages: await Promise.all(
      row.languages.map(async ({ termsFileId, ...texts }) => ({
        ...texts,
        terms: await describe(termsFileId),
      })),
    ),
    sessionSettings: row.session_settings,
    version: row.version,
    deviceCount: Number(row.device_count ?? 0),
    createdAt: row.created_at.getTime(),
    updatedAt: row.updated_at.getTime(),
  };
}

async function templateOf(deps: PortalManagerDeps, scope: CompanyScope, portalId: number) {
  const row = await store.findTemplate(deps.db, scope, portalId);
  if (!row) throw new AppError(ErrorCode.PORTAL_TEMPLATE_NOT_FOUND);
  return row;
}

export async function listTemplates(
  deps: PortalManagerDeps,
  actor: Actor,
  filter: { name?: string; pageNum: number; pageSize: number },
): Promise<Page<PortalTemplateRow>> {
  const { rows, total } = await store.listTemplates(deps.db, actor.scope, filter);
  return {
    total,
    list: rows.map((r) => ({
      portalId: Number(r.id),
      name: r.name,
      authMode: r.auth_mode,
      languages: r.languages.map((l) => l.name),
      deviceCount: Number(r.device_count ?? 0),
      version: r.version,
      updatedAt: r.updated_at.getTime(),
    })),
  };
}

export async function getTemplate(deps: PortalManagerDeps, actor: Actor, portalId: number) {
  return describeTemplate(deps, actor.scope, await templateOf(deps, actor.scope, portalId));
}

export async function createTemplate(deps: PortalManagerDeps, actor: Actor, body: Body, lang: Lang) {
  const scope = owningScope(actor.scope);
  const values = await checkedValues(deps, scope, body, lang);
  const id = await inTransaction(deps.db, async (tx) => {
    if ((await store.countTemplates(tx, scope)) >= PORTAL_TEMPLATES_MAX)
      throw new AppError(ErrorCode.PORTAL_TEMPLATE_LIMIT, { num: PORTAL_TEMPLATES_MAX });
    if (await store.templateNamed(tx, scope, body.name))
      throw new AppError(ErrorCode.PORTAL_TEMPLATE_NAME_EXISTS);
    return store.insertTemplate(tx, scope, values, deps.clock.now());
  });
  return getTemplate(deps, actor, id);
}

export async function updateTemplate(
  deps: PortalManagerDeps,
  actor: Actor,
  input: Body & { portalId: number },
  lang: Lang,
) {
  const scope = owningScope(actor.scope);
  const { portalId, ...body } = input;
  await templateOf(deps, scope, portalId);
  const values = await checkedValues(deps, scope, body, lang);
  await inTransaction(deps.db, async (tx) => {
    if (await store.templateNamed(tx, scope, body.name, portalId))
      throw new AppError(ErrorCode.PORTAL_TEMPLATE_NAME_EXISTS);
    await store.updateTemplate(tx, scope, portalId, values, deps.clock.now());
  });
  await pushTemplate(deps, scope, portalId);
  return getTemplate(deps, actor, portalId);
}

/** Refused with 900103 while routers are on it; the dialog lists them from `data.sns`. */
export async function deleteTemplate(deps: PortalManagerDeps, actor: Actor, portalId: number): Promise<null> {
  const scope = owningScope(actor.scope);
  await templateOf(deps, scope, portalId);
  await inTransaction(deps.db, async (tx) => {
    const { list } = await store.templateDevices(tx, scope, portalId);
    if (list.length > 0)
      throw new AppError(ErrorCode.PORTAL_TEMPLATE_HAS_DEVICES, { sns: list.map((d) => d.sn) });
    await store.deleteTemplate(tx, scope, portalId);
  });
  return null;
}

function deviceView(row: Awaited<ReturnType<typeof store.templateDevices>>['list'][number]): PortalDevice {
  return {
    sn: row.sn,
    name: row.name,
    model: row.model,
    online: row.online,
    appliedVersion: row.applied_version,
    addedAt: row.added_at.getTime(),
  };
}

export async function listDevices(
  deps: PortalManagerDeps,
  actor: Actor,
  input: { portalId: number; pageNum: number; pageSize: number },
): Promise<Page<PortalDevice>> {
  await templateOf(deps, actor.scope, input.portalId);
  const { list, total } = await store.templateDevices(deps.db, actor.scope, input.portalId, input);
  return { list: list.map(deviceView), total };
}

/**
 * Adds routers: each must be the company's (120002), hold Captive Portal PRO (120095 on Basic, 190308
 * on another level) and sit on no other template (1 naming `sns`). All or nothing; each gets a new
 * RADIUS shared secret, kept sealed.
 */
export async function addDevices(
  deps: PortalManagerDeps,
  actor: Actor,
  input: { portalId: number; sns: string[] },
  lang: Lang,
): Promise<PortalDevice[]> {
  const scope = owningScope(actor.scope);
  const sns = [...new Set(input.sns)];
  await templateOf(deps, scope, input.portalId);
  const seal = radiusSecretSeal(deps);
  const secrets = await Promise.all(
    sns.map(async (sn) => ({ sn, sealedSecret: await seal.seal(randomBytes(16).toString('hex')) })),
  );
  await inTransaction(deps.db, async (tx) => {
    const owned = new Set((await store.companyDevices(tx, scope, sns)).map((d) => d.sn));
    const unknown = sns.find((sn) => !owned.has(sn));
    if (unknown) throw new AppError(ErrorCode.DEVICE_NOT_FOUND);
    for (const sn of sns) await assertDeviceAllows({ db: tx, clock: deps.clock }, scope, sn, 'captivePortal');
    const elsewhere = (await store.devicesOnTemplates(tx, scope, sns)).filter(
      (d) => Number(d.portal_id) !== input.portalId,
    );
    if (elsewhere.length > 0) {
      const [first] = elsewhere;
      throw fieldError(
        'sns',
        PORTAL_TEXT.deviceOnOtherTemplate[lang].replace('{sn}', first!.sn).replace('{name}', first!.name),
      );
    }
    await store.insertDevices(tx, scope, input.portalId, secrets, deps.clock.now());
  });
  // The routers that joined get the template's current version.
  await pushTemplate(deps, scope, input.portalId, sns);
  const { list } = await store.templateDevices(deps.db, scope, input.portalId);
  const added = new Set(sns);
  return list.filter((d) => added.has(d.sn)).map(deviceView);
}

export async function removeDevices(
  deps: PortalManagerDeps,
  actor: Actor,
  input: { portalId: number; sns: string[] },
): Promise<null> {
  const scope = owningScope(actor.scope);
  await templateOf(deps, scope, input.portalId);
  await store.deleteDevices(deps.db, scope, input.portalId, input.sns);
  return null;
}

/** A language's terms as sanitized HTML beside the original .docx ('' and null when it has none). */
export async function getTermsHtml(
  deps: PortalManagerDeps,
  actor: Actor,
  input: { portalId: number; language: number },
): Promise<{ html: string; terms: StoredFile | null }> {
  const row = await templateOf(deps, actor.scope, input.portalId);
  const fileId = row.languages[input.language]?.termsFileId ?? null;
  const file = fileId === null ? undefined : await deps.files.find(actor.scope, Number(fileId));
  if (!file) return { html: '', terms: null };
  const html = await storedTermsHtml(`${file.id}:${file.sha256}`, () =>
    readStored(deps.files, file.storeKey),
  );
  return { html, terms: await deps.files.describe(file) };
}
