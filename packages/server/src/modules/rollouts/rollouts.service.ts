import {
  appUpdateError,
  batchSize,
  type CallOutput,
  type CallParsedInput,
  type CreateRolloutInput,
  ErrorCode,
  errorMessage,
  interpolate,
  inWindow,
  type Lang,
  type listRolloutDevicesCall,
  type listRolloutsCall,
  parseConfigSections,
  passesFailureLimit,
  type previewRolloutCall,
  ROLLOUT_DEVICES_MAX,
  type RolloutBatch,
  type RolloutDetail,
  type RolloutDevice,
  type RolloutSettings,
  type RolloutState,
  type RolloutSummary,
  type RolloutTarget,
} from '@fleetport/contract';
import { sql } from 'kysely';
import type { Actor, CompanyScope } from '../../platform/auth/actor.ts';
import { owningCompany, owningScope } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { enqueueJob } from '../../platform/jobs/enqueue.ts';
import type { PackageRow, VersionRow } from '../app-centre/app-centre.store.ts';
import { visibleVersion } from '../app-centre/app-centre.store.ts';
import { changeSetReason } from '../device-config/device-config.service.ts';
import { subtreeIds } from '../device-groups/device-groups.store.ts';
import { packageFits } from '../device-software/device-install.service.ts';
import { type RolloutEngineDeps, releaseWaiting } from './rollout-engine.ts';
import {
  addToCounts,
  batchCounts,
  emptyCounts,
  findRollout,
  insertRollout,
  insertRolloutDevices,
  listRolloutDevices as listDevices,
  listRollouts,
  moveRollout,
  type RolloutDeviceRow,
  type RolloutRow,
  rolloutCounts,
} from './rollouts.store.ts';
import type { RolloutStage } from './rollouts.tables.ts';
import { ROLLOUT_TEXT } from './rollouts.text.ts';

/** What people do with rollouts (contract api/rollouts.ts); the engine does the rest. */

export const ROLLOUT_ADVANCE_JOB = 'rollouts.advance';

interface TargetedDevice {
  sn: string;
  series: string;
  model: string;
  firmwareVersion: string | null;
}

/** The devices of the company the target names, in the order they will go (by SN). */
async function targetedDevices(
  db: DbOrTx,
  companyId: number,
  target: RolloutTarget,
): Promise<TargetedDevice[]> {
  let query = db
    .selectFrom('device as d')
    .select(['d.sn', 'd.series', 'd.model', 'd.firmware_version as firmwareVersion'])
    .where('d.company_id', '=', companyId);
  switch (target.mode) {
    case 'groups': {
      const own = await db
        .selectFrom('company_group')
        .select('id')
        .where('company_id', '=', companyId)
        .where('id', 'in', target.groupIds)
        .execute();
      const ids = (await Promise.all(own.map((g) => subtreeIds(db, Number(g.id))))).flat();
      if (ids.length === 0) return [];
      query = query.where('d.group_id', 'in', ids);
      break;
    }
    case 'tags':
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('device_tag_link as l')
            .innerJoin('device_tag as t', 't.id', 'l.tag_id')
            .select(sql`1`.as('one'))
            .whereRef('l.sn', '=', 'd.sn')
            .where('t.company_id', '=', companyId)
            .where('t.id', 'in', target.tagIds),
        ),
      );
      break;
    case 'filter':
      if (target.models.length > 0)
        query = query.where(
          sql`lower(d.model)`,
          'in',
          target.models.map((m) => m.toLowerCase()),
        );
      if (target.currentVersion) query = query.where('d.firmware_version', '=', target.currentVersion);
      break;
    case 'devices':
      query = query.where('d.sn', 'in', target.sns);
      break;
  }
  return query.orderBy('d.sn').execute();
}

interface Plan {
  targeted: number;
  devices: TargetedDevice[];
  alreadyOnVersion: number;
}

/** The target's devices the package fits and that are not already on the version. */
async function planDevices(
  db: DbOrTx,
  companyId: number,
  found: { pkg: PackageRow; version: VersionRow },
  target: RolloutTarget,
): Promise<Plan> {
  const targeted = await targetedDevices(db, companyId, target);
  const fitting = targeted.filter((d) => packageFits(found.pkg, found.version, d as never));
  const onVersion = (d: TargetedDevice) =>
    found.pkg.kind === 'firmware' && d.firmwareVersion === found.version.version;
  const devices = fitting.filter((d) => !onVersion(d));
  return { targeted: targeted.length, devices, alreadyOnVersion: fitting.length - devices.length };
}

/** The zone of each device's own clock, from its configuration's NTP settings, when it names a known one. */
async function deviceTimeZones(db: DbOrTx, sns: readonly string[]): Promise<Map<string, string>> {
  const zones = new Map<string, string>();
  for (let i = 0; i < sns.length; i += 1000) {
    const rows = await db
      .selectFrom('device_config')
      .select(['sn', sql<string | null>`substring(xml from '<ntp[^>]*timezone="([^"]+)"')`.as('zone')])
      .where('sn', 'in', sns.slice(i, i + 1000))
      .execute();
    for (const r of rows) {
      if (!r.zone) continue;
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: r.zone });
        zones.set(r.sn, r.zone);
      } catch {
        // A zone the device names in its own words (a POSIX rule): the rollout's zone stands in.
      }
    }
  }
  return zones;
}

async function versionFor(deps: RolloutEngineDeps, actor: Actor, versionId: number) {
  const found = await visibleVersion(
    deps.db,
    { kind: 'company', scope: owningScope(actor.scope) },
    versionId,
  );
  if (!found) throw new AppError(ErrorCode.APP_PACKAGE_NOT_FOUND);
  return found;
}

function batchesNeeded(plan: RolloutRow['settings']['plan'], from: number, devices: number): number {
  let n = 0;
  for (let left = devices; left > 0; n++) left -= batchSize(plan, from + n);
  return n;
}

/** What each device gets, in order: the rollout's version (or configuration), then its stages. */
function stepsOf(r: RolloutRow): RolloutSummary['steps'] {
  return [
    { kind: r.kind, packageName: r.packageName, version: r.version },
    ...r.stages.map((stage) =>
      stage.kind === 'app'
        ? { kind: 'app' as const, packageName: stage.packageName, version: stage.version }
        : { kind: 'config' as const, packageName: '', version: '' },
    ),
  ];
}

function stopText(rollout: RolloutRow, lang: Lang): string | null {
  const r = rollout.stopReason;
  if (!r || (rollout.state !== 'paused' && rollout.state !== 'halted')) return null;
  const text = r.cause === 'failures' ? ROLLOUT_TEXT.stoppedByFailures : ROLLOUT_TEXT.stoppedBySuccesses;
  return interpolate(text[lang], { ...r, percent: rollout.settings.successPercent });
}

async function summaries(db: DbOrTx, rows: readonly RolloutRow[], lang: Lang): Promise<RolloutSummary[]> {
  const counts = await rolloutCounts(
    db,
    rows.map((r) => r.id),
  );
  const started = new Map<number, number>();
  if (rows.length > 0) {
    const found = await db
      .selectFrom('rollout_device')
      .select(['rollout_id', (eb) => eb.fn.max('batch').as('b')])
      .where(
        'rollout_id',
        'in',
        rows.map((r) => r.id),
      )
      .groupBy('rollout_id')
      .execute();
    for (const f of found) started.set(Number(f.rollout_id), Number(f.b ?? 0));
  }
  return rows.map((r) => {
    const c = counts.get(r.id) ?? emptyCounts();
    const batchesStarted = started.get(r.id) ?? 0;
    return {
      id: r.id,
      name: r.name,
      state: r.state,
      kind: r.kind,
      packageName: r.packageName,
      version: r.version,
      versionId: r.versionId,
      stopReason: stopText(r, lang),
      steps: stepsOf(r),
      counts: c,
      batchesStarted,
      batchesPlanned:
        batchesStarted +
        (r.state === 'cancelled' ? 0 : batchesNeeded(r.settings.plan, batchesStarted, c.waiting)),
      createdBy: r.createdBy,
      createdAt: r.createdAt.getTime(),
      finishedAt: r.finishedAt?.getTime() ?? null,
    };
  });
}

async function summary(db: DbOrTx, rollout: RolloutRow, lang: Lang): Promise<RolloutSummary> {
  const [one] = await summaries(db, [rollout], lang);
  return one!;
}

/** The rollout of the caller's scope, or 190650 (another company's rollout, or none). */
export async function ownRollout(db: DbOrTx, scope: CompanyScope, id: number): Promise<RolloutRow> {
  const found = await findRollout(db, scope, id);
  if (!found) throw new AppError(ErrorCode.ROLLOUT_NOT_FOUND);
  return found;
}

/** Asks any node's worker for a step of the rollout now rather than at the next sweep. */
function kick(deps: RolloutEngineDeps, db: DbOrTx, rollout: { id: number; companyId: number }) {
  const at = deps.clock.now();
  return enqueueJob(db, {
    kind: ROLLOUT_ADVANCE_JOB,
    companyId: rollout.companyId,
    payload: { id: rollout.id },
    idempotencyKey: `rollout:${rollout.id}:${at.getTime()}`,
    maxAttempts: 1,
    clock: deps.clock,
  });
}

export async function previewRollout(
  deps: RolloutEngineDeps,
  actor: Actor,
  input: CallParsedInput<typeof previewRolloutCall>,
): Promise<CallOutput<typeof previewRolloutCall>> {
  const found = await versionFor(deps, actor, input.versionId);
  const plan = await planDevices(deps.db, owningCompany(actor.scope), found, input.target);
  const sizes: number[] = [];
  for (let left = plan.devices.length, i = 0; left > 0; i++) {
    const size = Math.min(left, batchSize(input.plan, i));
    sizes.push(size);
    left -= size;
  }
  return {
    targeted: plan.targeted,
    fitting: plan.devices.length + plan.alreadyOnVersion,
    alreadyOnVersion: plan.alreadyOnVersion,
    batchSizes: sizes,
  };
}

/**
 * A staged change's later stages: each app a version the company sees, an app for the same series, at
 * most once; then the configuration, its sections checked by their schemas. Code 1 names the field.
 */
async function stagesOf(
  deps: RolloutEngineDeps,
  actor: Actor,
  first: { pkg: PackageRow; version: VersionRow },
  input: Pick<CreateRolloutInput, 'thenAppVersionIds' | 'thenConfiguration'>,
): Promise<RolloutStage[]> {
  const stages: RolloutStage[] = [];
  const seen = new Set<number>([first.pkg.id]);
  for (const [i, versionId] of input.thenAppVersionIds.entries()) {
    const field = `thenAppVersionIds.${i}`;
    const found = await visibleVersion(
      deps.db,
      { kind: 'company', scope: owningScope(actor.scope) },
      versionId,
    );
    if (!found) throw fieldError(field, 'no such app version');
    if (found.pkg.kind !== 'app') throw fieldError(field, 'not an app');
    if (found.pkg.series !== first.pkg.series)
      throw fieldError(field, `not for the ${first.pkg.series} series`);
    if (seen.has(found.pkg.id)) throw fieldError(field, 'the same package twice');
    seen.add(found.pkg.id);
    stages.push({
      kind: 'app',
      versionId,
      packageName: found.pkg.packageName,
      version: found.version.version,
    });
  }
  if (input.thenConfiguration) {
    const checked = parseConfigSections(input.thenConfiguration.sections, 'thenConfiguration.sections');
    if (!checked.ok) throw fieldError(checked.field, checked.message);
    stages.push({
      kind: 'config',
      sections: checked.sections,
      confirmSeconds: input.thenConfiguration.confirmSeconds,
    });
  }
  return stages;
}

export async function createRollout(
  deps: RolloutEngineDeps,
  actor: Actor,
  input: CreateRolloutInput,
  origin: string,
  lang: Lang,
): Promise<RolloutSummary> {
  const { db, clock } = deps;
  const companyId = owningCompany(actor.scope);
  const found = await versionFor(deps, actor, input.versionId);
  const stages = await stagesOf(deps, actor, found, input);
  const plan = await planDevices(db, companyId, found, input.target);
  if (plan.devices.length === 0) throw new AppError(ErrorCode.ROLLOUT_NO_DEVICES);
  if (plan.devices.length > ROLLOUT_DEVICES_MAX) throw new AppError(ErrorCode.ROLLOUT_TOO_MANY_DEVICES);
  const sns = plan.devices.map((d) => d.sn);
  const zones = input.window ? await deviceTimeZones(db, sns) : new Map<string, string>();
  const {
    name,
    versionId,
    target,
    thenAppVersionIds: _apps,
    thenConfiguration: _config,
    ...settings
  } = input;
  const at = clock.now();
  const id = await db.transaction().execute(async (tx) => {
    const created = await insertRollout(tx, {
      companyId,
      name,
      versionId,
      kind: found.pkg.kind,
      stages,
      target,
      settings,
      origin,
      createdBy: actor.userId,
      at,
    });
    await insertRolloutDevices(
      tx,
      created,
      companyId,
      plan.devices.map((d) => ({
        sn: d.sn,
        timeZone: zones.get(d.sn) ?? null,
        fromVersion: found.pkg.kind === 'firmware' ? d.firmwareVersion : null,
      })),
      at,
    );
    await kick(deps, tx, { id: created, companyId });
    return created;
  });
  return summary(db, await ownRollout(db, actor.scope, id), lang);
}

/**
 * A rollout of configuration sections (a group profile, issue 15) to the group's routers of one
 * series: the same batches, thresholds and actions as a version's, each router sent a change-set.
 */
export async function createConfigRollout(
  deps: RolloutEngineDeps,
  actor: Actor,
  input: RolloutSettings & {
    name: string;
    groupId: number;
    series: string;
    sections: Record<string, unknown>;
    confirmSeconds: number;
  },
  lang: Lang,
): Promise<RolloutSummary> {
  const { db, clock } = deps;
  const companyId = owningCompany(actor.scope);
  const { name, groupId, series, sections, confirmSeconds, ...settings } = input;
  const target: RolloutTarget = { mode: 'groups', groupIds: [groupId] };
  const devices = (await targetedDevices(db, companyId, target)).filter(
    (d) => d.series.toLowerCase() === series.toLowerCase(),
  );
  if (devices.length === 0) throw new AppError(ErrorCode.ROLLOUT_NO_DEVICES);
  if (devices.length > ROLLOUT_DEVICES_MAX) throw new AppError(ErrorCode.ROLLOUT_TOO_MANY_DEVICES);
  const zones = settings.window
    ? await deviceTimeZones(
        db,
        devices.map((d) => d.sn),
      )
    : new Map<string, string>();
  const at = clock.now();
  const id = await db.transaction().execute(async (tx) => {
    const created = await insertRollout(tx, {
      companyId,
      name,
      versionId: null,
      kind: 'config',
      sections,
      confirmSeconds,
      target,
      settings,
      origin: '',
      createdBy: actor.userId,
      at,
    });
    await insertRolloutDevices(
      tx,
      created,
      companyId,
      devices.map((d) => ({ sn: d.sn, timeZone: zones.get(d.sn) ?? null, fromVersion: null })),
      at,
    );
    await kick(deps, tx, { id: created, companyId });
    return created;
  });
  return summary(db, await ownRollout(db, actor.scope, id), lang);
}

export async function rollouts(
  deps: RolloutEngineDeps,
  actor: Actor,
  input: CallParsedInput<typeof listRolloutsCall>,
  lang: Lang,
) {
  const { pageNum, pageSize, search, states } = input;
  const { total, rows } = await listRollouts(deps.db, actor.scope, {
    search,
    states,
    offset: (pageNum - 1) * pageSize,
    limit: pageSize,
  });
  return { total, list: await summaries(deps.db, rows, lang) };
}

export async function rolloutDetail(
  deps: RolloutEngineDeps,
  actor: Actor,
  id: number,
  lang: Lang,
): Promise<RolloutDetail> {
  const { db, clock } = deps;
  const rollout = await ownRollout(db, actor.scope, id);
  const { settings } = rollout;
  const byBatch = new Map<number, RolloutBatch>();
  for (const row of await batchCounts(db, id)) {
    const batch = byBatch.get(row.batch) ?? {
      batch: row.batch,
      size: 0,
      counts: emptyCounts(),
      good: null,
      startedAt: row.startedAt.getTime(),
    };
    addToCounts(batch.counts, row.state, row.n);
    batch.size += row.n;
    batch.startedAt = Math.min(batch.startedAt, row.startedAt.getTime());
    byBatch.set(row.batch, batch);
  }
  const batches = [...byBatch.values()].map((b) => {
    const failed = b.counts.failure + b.counts.timeout;
    const open = b.counts.running + b.counts.waiting;
    const good =
      open > 0
        ? null
        : !passesFailureLimit(settings.failureLimit, failed, b.size) &&
          b.counts.success * 100 >= settings.successPercent * b.size;
    return { ...b, good };
  });
  let waitingForWindow = 0;
  if (settings.window) {
    const waiting = await db
      .selectFrom('rollout_device')
      .select('time_zone')
      .where('rollout_id', '=', id)
      .where('state', '=', 'waiting')
      .execute();
    const now = clock.now();
    const window = settings.window;
    waitingForWindow = waiting.filter((w) => !inWindow(window, now, w.time_zone ?? window.timeZone)).length;
  }
  return {
    ...(await summary(db, rollout, lang)),
    target: rollout.target,
    settings,
    batches,
    waitingForWindow,
  };
}

const GENERIC_CONFIG_REASONS = new Set<number>([
  ErrorCode.CONFIG_REFUSED,
  ErrorCode.CONFIG_REVERTED_BY_DEVICE,
  ErrorCode.CONFIG_NOT_TAKEN,
]);

export function reasonOf(row: RolloutDeviceRow, rollout: RolloutRow, lang: Lang): string | null {
  if (row.state === 'timeout')
    return interpolate(ROLLOUT_TEXT.timedOut[lang], { minutes: rollout.settings.deviceDeadlineMinutes });
  if (row.reasonKind === 'health')
    return interpolate(ROLLOUT_TEXT.linkNotHealthy[lang], { minutes: rollout.settings.healthMinutes });
  if (row.reasonKind === 'vpnHealth')
    return interpolate(ROLLOUT_TEXT.vpnNotHealthy[lang], { minutes: rollout.settings.healthMinutes });
  if (row.reasonKind === 'config') {
    const state = row.changeSetState;
    const text =
      state === 'reverted'
        ? ROLLOUT_TEXT.configReverted
        : state === 'expired'
          ? ROLLOUT_TEXT.configExpired
          : ROLLOUT_TEXT.configRejected;
    // The state's sentence says what the generic codes would; a more telling code adds its words.
    const code = row.changeSetReasonCode;
    const why =
      code === null || GENERIC_CONFIG_REASONS.has(code)
        ? row.changeSetReason
        : changeSetReason(code, row.changeSetReason, lang);
    return why ? `${text[lang]}: ${why}` : text[lang];
  }
  if (row.reasonKind === 'update') {
    const text = appUpdateError(row.reasonCode ?? 0)[lang];
    return row.reasonText ? `${text}: ${row.reasonText}` : text;
  }
  if (row.reasonKind === 'catalogue' && row.reasonCode !== null) {
    const text = errorMessage(row.reasonCode, lang);
    return row.state === 'waiting' ? interpolate(ROLLOUT_TEXT.waitsForSpacing[lang], { reason: text }) : text;
  }
  return null;
}

export async function rolloutDevices(
  deps: RolloutEngineDeps,
  actor: Actor,
  input: CallParsedInput<typeof listRolloutDevicesCall>,
  lang: Lang,
): Promise<{ total: number; list: RolloutDevice[] }> {
  const rollout = await ownRollout(deps.db, actor.scope, input.id);
  const { pageNum, pageSize, search, states, batch } = input;
  const { total, rows } = await listDevices(deps.db, rollout, {
    search,
    states,
    batch,
    offset: (pageNum - 1) * pageSize,
    limit: pageSize,
  });
  return {
    total,
    list: rows.map((r) => ({
      sn: r.sn,
      name: r.name,
      model: r.model,
      batch: r.batch,
      step: r.stage + 1,
      state: r.state,
      percent: r.percent,
      fromVersion: r.fromVersion,
      currentVersion: r.currentVersion,
      reasonCode: r.reasonCode,
      reason: reasonOf(r, rollout, lang),
      attempts: r.attempts,
      rpcId: r.rpcId,
      updatedAt: r.updatedAt.getTime(),
    })),
  };
}

/** Pause, resume, cancel or retry: each moves the rollout only from the states it names. */
export async function changeRollout(
  deps: RolloutEngineDeps,
  actor: Actor,
  id: number,
  action: 'pause' | 'resume' | 'cancel' | 'retryFailed',
  lang: Lang,
): Promise<RolloutSummary> {
  const { db, clock } = deps;
  const rollout = await ownRollout(db, actor.scope, id);
  const at = clock.now();
  const moves: Record<typeof action, { from: RolloutState[]; code: number }> = {
    pause: { from: ['running'], code: ErrorCode.ROLLOUT_NOT_RUNNING },
    resume: { from: ['paused', 'halted'], code: ErrorCode.ROLLOUT_NOT_STOPPED },
    cancel: { from: ['running', 'paused', 'halted'], code: ErrorCode.ROLLOUT_ENDED },
    retryFailed: { from: ['running', 'paused', 'halted', 'completed'], code: ErrorCode.ROLLOUT_ENDED },
  };
  const { from, code } = moves[action];
  await db.transaction().execute(async (tx) => {
    if (action === 'retryFailed') {
      if (!from.includes(rollout.state)) throw new AppError(code);
      const again = await tx
        .updateTable('rollout_device')
        .set({
          state: 'waiting',
          batch: null,
          percent: null,
          reason_code: null,
          reason_kind: null,
          reason_text: null,
          updated_at: at,
        })
        .where('rollout_id', '=', id)
        .where('state', 'in', ['failure', 'timeout'])
        .executeTakeFirst();
      if (Number(again.numUpdatedRows) === 0) throw new AppError(ErrorCode.ROLLOUT_NOTHING_TO_RETRY);
      // The failed batches were seen to: the retried devices go in new batches, judged as any other.
      await moveRollout(tx, id, from, 'running', at, { stopReason: null, finished: null });
      await kick(deps, tx, rollout);
      return;
    }
    const to: RolloutState = action === 'pause' ? 'paused' : action === 'resume' ? 'running' : 'cancelled';
    const current = await tx
      .selectFrom('rollout_device')
      .select((eb) => eb.fn.max('batch').as('b'))
      .where('rollout_id', '=', id)
      .executeTakeFirst();
    const moved = await moveRollout(tx, id, from, to, at, {
      stopReason: null,
      ...(action === 'cancel' ? { finished: true } : {}),
      // Resuming accepts the batch that stopped it: the rollout goes on with the next one.
      ...(action === 'resume' ? { acceptBatch: Number(current?.b ?? 0) } : {}),
    });
    if (!moved) throw new AppError(code);
    if (action === 'cancel') await releaseWaiting(tx, id, at);
    if (action === 'resume') await kick(deps, tx, rollout);
  });
  const after = await ownRollout(db, actor.scope, id);
  deps.hub.publish('rollouts.changed', after.companyId, { id, state: after.state });
  return summary(db, after, lang);
}
