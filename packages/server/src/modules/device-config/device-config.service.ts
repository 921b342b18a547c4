import { randomUUID } from 'node:crypto';
import {
  CapabilitiesSchema,
  type ChangeSet,
  type ChangeSetSource,
  type ConfigDifference,
  type ConfigSectionView,
  configMenuFor,
  configSectionDef,
  configurationDifferences,
  type DeviceConfiguration,
  ErrorCode,
  errorMessage,
  type Lang,
  readDeviceConfiguration,
  sectionDifferences,
  sectionSchema,
  VisibilityRules,
  writeConfigSections,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { type Actor, type CompanyScope, owningCompany, owningScope } from '../../platform/auth/actor.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { deviceCapabilities } from '../device-details/device-details.store.ts';
import { runningUpdate } from '../device-software/device-software.store.ts';
import { getCompanyDevice } from '../devices/device-list.store.ts';
import { findDeviceConfig } from '../devices/device-reports.store.ts';
import { assertDeviceAllows } from '../licences/entitlements.ts';
import { foldOwnSettings, targetFields, withOwnSettings } from './config-layers.ts';
import {
  type ChangeSetRow,
  deleteDrift,
  deviceProfileLayers,
  findDeviceChangeSet,
  findDrift,
  findOpenChangeSet,
  insertChangeSet,
  insertLocalChangeSet,
  moveChangeSet,
  ownChangeDifferences,
  pageChangeSets,
  setCommandIds,
} from './device-config.store.ts';

/**
 * Remote configuration (issue 15): the sections of a device's reported configuration, and changes
 * applied as change-sets (docs/device-protocol.md §7.5). The checks run in the order a person would
 * want to hear them: the device, its licence, an update or another change in progress, the device
 * being online when asked for at once, then each value by its section's schema.
 */

export type DeviceConfigDeps = ModuleDeps<'db' | 'clock' | 'gateway' | 'hub'>;

/** How long a queued change-set waits for an offline device before it is `expired`. */
const QUEUED_DEADLINE_SECONDS = 24 * 3600;
/** Beyond the confirm window, what an online device gets to take and apply the change. */
const APPLY_GRACE_SECONDS = 120;

/**
 * Why a change-set ended badly, in the reader's language: the catalogue's words for its code, then
 * the device's own words when it gave any.
 */
export function changeSetReason(code: number | null, words: string | null, lang: Lang): string | null {
  if (code === null) return words;
  const text = errorMessage(code, lang);
  return words ? `${text}: ${words}` : text;
}

export function toChangeSet(row: ChangeSetRow, lang: Lang = 'en'): ChangeSet {
  return {
    id: row.id,
    sn: row.sn,
    state: row.state,
    differences: row.differences,
    confirmSeconds: row.confirm_seconds,
    reasonCode: row.reason_code,
    reason: changeSetReason(row.reason_code, row.reason, lang),
    checksum: row.checksum,
    createdBy: row.created_by_name,
    rollbackOf: row.rollback_of,
    source: row.source,
    createdAt: row.created_at.getTime(),
    finishedAt: row.finished_at?.getTime() ?? null,
  };
}

export async function getSections(deps: DeviceConfigDeps, actor: Actor, sn: string, lang: Lang = 'en') {
  await getCompanyDevice(deps.db, actor.scope, sn);
  const reported = await findDeviceConfig(deps.db, actor.scope, sn);
  const config = reported ? readDeviceConfiguration(reported.xml) : null;
  const sections: ConfigSectionView[] = [];
  for (const [id, state] of config?.sections ?? []) {
    const [group = '', key = ''] = id.split('/');
    sections.push(
      'value' in state
        ? { id, group, key, editable: true, value: state.value, reason: null }
        : { id, group, key, editable: false, value: null, reason: state.reason },
    );
  }
  const pending = await findOpenChangeSet(deps.db, actor.scope, sn);
  const drift = await findDrift(deps.db, actor.scope, sn);
  const baseline = drift ? readDeviceConfiguration(drift.baseline_xml) : null;
  const profiles = await deviceProfileLayers(deps.db, actor.scope, sn);
  const own = foldOwnSettings(await ownChangeDifferences(deps.db, actor.scope, sn));
  return {
    sn,
    lastUpdatedTime: reported?.last_updated_time.getTime() ?? null,
    sections,
    pending: pending ? toChangeSet(pending, lang) : null,
    drift:
      drift && baseline && config
        ? { detectedAt: drift.detected_at.getTime(), differences: configurationDifferences(baseline, config) }
        : null,
    target: targetFields(config, profiles, own),
  };
}

export async function changeSets(
  deps: DeviceConfigDeps,
  actor: Actor,
  input: { sn: string; pageNum: number; pageSize: number },
  lang: Lang = 'en',
) {
  await getCompanyDevice(deps.db, actor.scope, input.sn);
  const page = await pageChangeSets(deps.db, actor.scope, input.sn, input);
  return { list: page.list.map((row) => toChangeSet(row, lang)), total: page.total };
}

/** Menu items the device's capabilities leave out or grey out (core §2) cannot be changed either. */
function menuAllows(capabilities: unknown, key: string): boolean {
  const cap = CapabilitiesSchema.safeParse(capabilities);
  if (!cap.success) return true;
  const menu = configMenuFor({ cap: cap.data }, new VisibilityRules());
  return menu.some((section) => section.items.some((item) => item.key === key && item.enabled));
}

interface SendOptions {
  sn: string;
  confirmSeconds: number;
  immediately: boolean;
}

export async function applyChangeSet(
  deps: DeviceConfigDeps,
  actor: Actor,
  input: SendOptions & { sections: Record<string, unknown> },
): Promise<ChangeSet> {
  const scope = owningScope(actor.scope);
  await getCompanyDevice(deps.db, scope, input.sn);
  // A change over a drifted configuration would mix the cloud's and the device's values silently.
  if (await findDrift(deps.db, scope, input.sn)) throw new AppError(ErrorCode.CONFIG_DRIFTED);
  return sendChangeSet(deps, actor, input, () => input.sections, null);
}

/**
 * A group profile's sections to one of the group's routers (a rollout's step): the device's own
 * settings win over the profile's values (layering group < device), and the change-set is the
 * profile's, so it does not become a setting of the device.
 */
export async function applyProfileChangeSet(
  deps: DeviceConfigDeps,
  actor: Actor,
  input: SendOptions & { sections: Record<string, unknown> },
): Promise<ChangeSet> {
  const scope = owningScope(actor.scope);
  await getCompanyDevice(deps.db, scope, input.sn);
  if (await findDrift(deps.db, scope, input.sn)) throw new AppError(ErrorCode.CONFIG_DRIFTED);
  const own = foldOwnSettings(await ownChangeDifferences(deps.db, scope, input.sn));
  const sections = withOwnSettings(input.sections, own);
  return sendChangeSet(deps, actor, input, () => sections, null, 'profile');
}

/**
 * Clears one of the device's own settings (layering group < device): a change-set that sets the group
 * profile's value, with the usual safe apply; once applied the field is no longer the device's own, so
 * the profile's later values reach it. Code 1 on `field` when the device has no own setting there or
 * no profile of its groups sets it.
 */
export async function clearOwnSetting(
  deps: DeviceConfigDeps,
  actor: Actor,
  input: SendOptions & { section: string; field: string },
): Promise<ChangeSet> {
  const scope = owningScope(actor.scope);
  await getCompanyDevice(deps.db, scope, input.sn);
  if (await findDrift(deps.db, scope, input.sn)) throw new AppError(ErrorCode.CONFIG_DRIFTED);
  const profiles = await deviceProfileLayers(deps.db, scope, input.sn);
  const own = foldOwnSettings(await ownChangeDifferences(deps.db, scope, input.sn));
  return sendChangeSet(
    deps,
    actor,
    input,
    (config) => {
      const fields = targetFields(config, profiles, own).filter(
        (f) =>
          f.section === input.section &&
          f.origin === 'device' &&
          (f.field === input.field || f.field.startsWith(`${input.field}.`)),
      );
      if (fields.length === 0) throw fieldError('field', 'the device has no own setting there');
      const current = config.sections.get(input.section);
      if (!current || !('value' in current) || fields.some((f) => !('overrides' in f)))
        throw fieldError('field', "no group profile sets it: the device's value is the only one");
      const value = structuredClone(current.value);
      for (const f of fields) setPath(value, f.field.split('.'), f.overrides);
      return { [input.section]: value };
    },
    null,
    'cleared',
  );
}

/**
 * Keeps what was changed on the device: the drift ends, and the device's values are what the cloud
 * knows. The change enters the version history as an applied change-set of source `local` (who kept
 * it, when, and the difference), and its fields become the device's own settings, as a person's
 * change made from the cloud would: a group profile no longer overwrites them.
 */
export async function adoptDrift(deps: DeviceConfigDeps, actor: Actor, sn: string): Promise<null> {
  const scope = owningScope(actor.scope);
  await getCompanyDevice(deps.db, scope, sn);
  const drift = await findDrift(deps.db, scope, sn);
  if (!drift) throw new AppError(ErrorCode.CONFIG_NOT_DRIFTED);
  const reported = await findDeviceConfig(deps.db, scope, sn);
  const baseline = readDeviceConfiguration(drift.baseline_xml);
  const config = reported ? readDeviceConfiguration(reported.xml) : null;
  const differences = baseline && config ? configurationDifferences(baseline, config) : [];
  const kept = new Map<string, Record<string, unknown>>();
  for (const d of differences) {
    const section = config?.sections.get(d.section);
    if (section && 'value' in section) kept.set(d.section, section.value);
  }
  await deps.db.transaction().execute(async (tx) => {
    if (differences.length > 0)
      await insertLocalChangeSet(tx, scope, {
        id: randomUUID(),
        sn,
        sections: Object.fromEntries(kept),
        differences,
        xml: writeConfigSections(kept),
        keptBy: actor.userId,
        at: deps.clock.now(),
      });
    await deleteDrift(tx, sn);
  });
  deps.hub.publish('deviceConfig.drift', owningCompany(scope), { sn, drifted: false });
  return null;
}

/**
 * Puts the cloud's values back over what was changed on the device, as a change-set; the drift ends
 * once it is applied (the tracker compares again).
 */
export async function restoreDrift(
  deps: DeviceConfigDeps,
  actor: Actor,
  input: SendOptions,
): Promise<ChangeSet> {
  const scope = owningScope(actor.scope);
  await getCompanyDevice(deps.db, scope, input.sn);
  const drift = await findDrift(deps.db, scope, input.sn);
  const baseline = drift ? readDeviceConfiguration(drift.baseline_xml) : null;
  if (!baseline) throw new AppError(ErrorCode.CONFIG_NOT_DRIFTED);
  return sendChangeSet(
    deps,
    actor,
    input,
    (config) => sectionsBefore(config, configurationDifferences(baseline, config)),
    null,
  );
}

/**
 * Undoes an applied change-set as a new one: each field it changed goes back to the value it had
 * before, in the section as the device reports it now; the same rules as any change then apply.
 */
export async function rollbackChangeSet(
  deps: DeviceConfigDeps,
  actor: Actor,
  input: SendOptions & { changeSetId: string },
): Promise<ChangeSet> {
  const scope = owningScope(actor.scope);
  await getCompanyDevice(deps.db, scope, input.sn);
  const undone = await findDeviceChangeSet(deps.db, scope, input.sn, input.changeSetId);
  if (!undone) throw fieldError('changeSetId', 'the device has no such change');
  if (undone.state !== 'applied') throw new AppError(ErrorCode.CONFIG_ROLLBACK_NOT_APPLIED);
  return sendChangeSet(deps, actor, input, (config) => sectionsBefore(config, undone.differences), undone.id);
}

/** The sections a change-set touched, with its fields set back to their values before it. */
function sectionsBefore(config: DeviceConfiguration, differences: readonly ConfigDifference[]) {
  const sections: Record<string, Record<string, unknown>> = {};
  for (const difference of differences) {
    const current = config.sections.get(difference.section);
    if (!current || !('value' in current))
      throw fieldError(
        'changeSetId',
        `the device's ${difference.section} can no longer be changed from the cloud`,
      );
    const value = sections[difference.section] ?? structuredClone(current.value);
    sections[difference.section] = value;
    setPath(value, difference.field.split('.'), difference.from);
  }
  return sections;
}

function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  const next = target[head];
  if (next !== null && typeof next === 'object') setPath(next as Record<string, unknown>, rest, value);
}

/**
 * What `sendChangeSet` answers, as a field error on `sections`, when every value is what the device has
 * (a rollout or a template counts such a router as done).
 */
export const NOTHING_CHANGES = 'nothing changes: every value is what the device has';

/** Who sends a change-set: a person, or a zero-touch template on the device's first claim (nobody). */
interface Sender {
  scope: CompanyScope;
  userId: number | null;
}

/**
 * A zero-touch template's configuration (modules/device-templates): its sections as one change-set
 * with the same rules and auto-revert as a person's, sent by nobody; it waits for an offline router.
 */
export function sendTemplateChangeSet(
  deps: DeviceConfigDeps,
  scope: CompanyScope,
  input: { sn: string; sections: Record<string, unknown>; confirmSeconds: number },
): Promise<ChangeSet> {
  return sendChangeSet(
    deps,
    { scope, userId: null },
    { sn: input.sn, confirmSeconds: input.confirmSeconds, immediately: false },
    () => input.sections,
    null,
    'template',
  );
}

async function sendChangeSet(
  deps: DeviceConfigDeps,
  actor: Sender,
  input: SendOptions,
  sectionsOf: (config: DeviceConfiguration) => Record<string, unknown>,
  rollbackOf: string | null,
  source: ChangeSetSource = 'user',
): Promise<ChangeSet> {
  const { db, clock } = deps;
  const scope = owningScope(actor.scope);
  const device = await getCompanyDevice(db, scope, input.sn);
  await assertDeviceAllows(deps, scope, input.sn, 'configUpdate');
  if (await runningUpdate(db, scope, input.sn, clock.now())) throw new AppError(ErrorCode.DEVICE_UPDATING);
  if (await findOpenChangeSet(db, scope, input.sn)) throw new AppError(ErrorCode.CONFIG_CHANGE_IN_PROGRESS);
  if (input.immediately && !device.online) throw new AppError(ErrorCode.DEVICE_OFFLINE, input.sn);
  const reported = await findDeviceConfig(db, scope, input.sn);
  const config = reported ? readDeviceConfiguration(reported.xml) : null;
  if (!config) throw new AppError(ErrorCode.CONFIG_NOT_REPORTED);

  const capabilities = await deviceCapabilities(db, scope, input.sn);
  const companyId = owningCompany(scope);
  const targets = new Map<string, Record<string, unknown>>();
  const differences: ConfigDifference[] = [];
  for (const [id, value] of Object.entries(sectionsOf(config))) {
    const field = `sections.${id}`;
    const def = configSectionDef(id);
    const current = config.sections.get(id);
    if (!def || !current) throw fieldError(field, 'the device has no such section');
    if (!('value' in current))
      throw fieldError(field, `the device's own settings cannot be edited here (${current.reason})`);
    if (!menuAllows(capabilities, def.key)) throw fieldError(field, 'not available on this device');
    const parsed = sectionSchema(def.shape).safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw fieldError([field, ...(issue?.path ?? [])].join('.'), issue?.message ?? 'invalid');
    }
    const target = parsed.data as Record<string, unknown>;
    targets.set(id, target);
    differences.push(...sectionDifferences(id, current.value, target));
  }
  if (differences.length === 0) throw fieldError('sections', NOTHING_CHANGES);

  const gateway = deps.gateway;
  if (!gateway) throw new AppError(ErrorCode.DEVICE_OFFLINE_OPERATION, input.sn);
  const id = randomUUID();
  const xml = writeConfigSections(targets);
  const inserted = await insertChangeSet(db, scope, {
    id,
    sn: input.sn,
    sections: Object.fromEntries(targets),
    differences,
    xml,
    confirmSeconds: input.confirmSeconds,
    createdBy: actor.userId,
    at: clock.now(),
    rollbackOf,
    source,
  });
  if (!inserted) throw new AppError(ErrorCode.CONFIG_CHANGE_IN_PROGRESS);
  let command: { id: string } | undefined;
  try {
    [command] = await gateway.rpc.send({
      companyId,
      sns: [input.sn],
      method: 'configApply',
      params: { xml, mode: 'merge', changeSet: { id, confirmSeconds: input.confirmSeconds } },
      deadlineSeconds: input.immediately
        ? input.confirmSeconds + APPLY_GRACE_SECONDS
        : QUEUED_DEADLINE_SECONDS,
    });
  } catch (error) {
    // Never sent: the change-set ends here rather than holding the device (120118) until nobody knows when.
    await moveChangeSet(db, id, ['queued'], 'expired', {
      reasonCode: ErrorCode.CONFIG_NOT_SENT,
      at: clock.now(),
    });
    throw error;
  }
  if (command) await setCommandIds(db, id, { apply: command.id });
  deps.hub.publish('deviceConfig.changed', companyId, { sn: input.sn, id, state: 'queued' });
  const row = await findOpenChangeSet(db, scope, input.sn);
  if (row?.id === id) return toChangeSet(row);
  // Answered already (a device that refused at once): the history has it.
  const page = await pageChangeSets(db, scope, input.sn, { pageNum: 1, pageSize: 1 });
  const latest = page.list[0];
  if (!latest) throw new AppError(ErrorCode.INTERNAL_ERROR);
  return toChangeSet(latest);
}
