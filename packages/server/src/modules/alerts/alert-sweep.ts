import { type AlertCondition, DATA_USAGE_MB_BYTES } from '@fleetport/contract';
import type { Clock } from '../../platform/clock.ts';
import { type Db, type DbOrTx, inTransaction } from '../../platform/db/open.ts';
import type { LiveHub } from '../../platform/live/hub.ts';
import {
  addToBatch,
  flappingMessage,
  flushBatches,
  isSilenced,
  type MessageKind,
  recordChange,
  settleFlapping,
} from './alert-lifecycle.ts';
import {
  claimRule,
  configRejections,
  enabledRules,
  eventCounts,
  type Happenings,
  resourceReadings,
  type StoredRule,
  signalReadings,
  type TargetDevice,
  targetDevices,
  updateFailures,
  usageBytes,
} from './alert-rules.store.ts';
import {
  type AlertChange,
  dropPendingAlert,
  insertAlerts,
  type NewAlert,
  type OpenAlert,
  openAlertsOfRule,
  updateAlert,
  updateAlertsQuietly,
} from './alerts.store.ts';
import { appendEvent, appendEvents, dropOldEvents } from './event-log.store.ts';

/**
 * The alert sweep (a job-queue schedule, alerts.job.ts): every enabled rule is evaluated on what is
 * stored (device presence, telemetry) and each rule, device and condition moves through
 * normal → pending → firing → resolved. Every timer is a column of the alert row, so a restarted node
 * or another one carries on where the last sweep stopped. docs/decisions.md "Alert rules".
 */

const MINUTE_MS = 60_000;
const UNIT_MS = { second: 1000, minute: MINUTE_MS, hour: 60 * MINUTE_MS } as const;

/**
 * One condition on one device now. `breached` and `clear` are null when the telemetry it needs is
 * missing: nothing fires and nothing clears on missing data.
 */
export interface Reading {
  breached: boolean | null;
  clear: boolean | null;
  /** Since when the clear condition has held, when the data tells (a device online since ...). */
  clearSince?: Date | null;
  value: number | null;
}

/** The readings of each condition key ('0', '1' ... or 'all') per device, and each key's clear period. */
type Readings = Map<string, { clearMinutes: number; bySn: Map<string, Reading> }>;

function offlineReadings(
  condition: Extract<AlertCondition, { type: 'offline' }>,
  devices: TargetDevice[],
  now: Date,
) {
  const bySn = new Map<string, Reading>();
  for (const d of devices) {
    const sinceMs = d.since ? now.getTime() - d.since.getTime() : 0;
    bySn.set(
      d.sn,
      d.online
        ? { breached: false, clear: true, clearSince: d.since, value: null }
        : {
            breached: sinceMs >= condition.minutes * MINUTE_MS,
            clear: false,
            value: Math.floor(sinceMs / MINUTE_MS),
          },
    );
  }
  return bySn;
}

/** The start of the rule's trigger interval ending now. */
const triggerSince = (rule: StoredRule, now: Date) =>
  new Date(now.getTime() - rule.triggerInterval.value * UNIT_MS[rule.triggerInterval.unit]);

/**
 * Sampled values (signal, resources): trigger volume of breaching samples in the interval breaches;
 * the newest sample decides the clear. A device without samples is unknown: it neither fires nor clears.
 */
function sampleReadings(
  found: Map<string, { breaches: number; latest: number }>,
  devices: TargetDevice[],
  volume: number,
  clears: (latest: number) => boolean,
) {
  const bySn = new Map<string, Reading>();
  for (const d of devices) {
    const r = found.get(d.sn);
    bySn.set(
      d.sn,
      r
        ? { breached: r.breaches >= volume, clear: clears(r.latest), value: r.latest }
        : { breached: null, clear: null, value: null },
    );
  }
  return bySn;
}

async function signalReadingsOf(
  db: DbOrTx,
  rule: StoredRule,
  condition: Extract<AlertCondition, { type: 'signal' }>,
  devices: TargetDevice[],
  now: Date,
) {
  const { metric, sim, below, clearAbove } = condition;
  const found = await signalReadings(db, rule, metric, sim, below, triggerSince(rule, now), now);
  return sampleReadings(found, devices, rule.triggerVolume, (latest) => latest > clearAbove);
}

const RESOURCE_FIELD = {
  cpu: 'cpuPercent',
  memory: 'memoryPercent',
  temperature: 'temperatureC',
} as const;

async function resourceReadingsOf(
  db: DbOrTx,
  rule: StoredRule,
  condition: Extract<AlertCondition, { type: 'resource' }>,
  devices: TargetDevice[],
  now: Date,
) {
  const field = RESOURCE_FIELD[condition.metric];
  const found = await resourceReadings(db, rule, field, condition.above, triggerSince(rule, now), now);
  return sampleReadings(found, devices, rule.triggerVolume, (latest) => latest < condition.clearBelow);
}

/**
 * Things that happened to a device (alarm, link or SIM switch and boot events, failed updates, rejected
 * configurations): `volume` of them in the window breaches; clear since the newest one. None is not
 * missing data: a device that never had one is normal.
 */
function happeningReadings(found: Happenings, devices: TargetDevice[], volume: number) {
  const bySn = new Map<string, Reading>();
  for (const d of devices) {
    const r = found.get(d.sn);
    const count = r?.count ?? 0;
    bySn.set(d.sn, {
      breached: count >= volume,
      clear: count === 0,
      clearSince: count === 0 ? (r?.latestAt ?? null) : null,
      value: count,
    });
  }
  return bySn;
}

type HappeningType = 'alarm' | 'updateFailed' | 'configRejected' | 'rebootLoop' | 'linkSwitch';

/** What each event-like condition counts, per device, in (since, until]. */
const HAPPENINGS: Record<
  HappeningType,
  (db: DbOrTx, rule: StoredRule, since: Date, until: Date) => Promise<Happenings>
> = {
  alarm: (db, rule, since, until) => eventCounts(db, rule, ['alarm'], since, until),
  linkSwitch: (db, rule, since, until) => eventCounts(db, rule, ['linkChange', 'simSwitch'], since, until),
  rebootLoop: (db, rule, since, until) => eventCounts(db, rule, ['boot'], since, until),
  updateFailed: updateFailures,
  configRejected: configRejections,
};

/** Event-like conditions: what they count, in the trigger interval (a reboot loop: its own window). */
async function happeningReadingsOf(
  db: DbOrTx,
  rule: StoredRule,
  condition: Extract<AlertCondition, { type: HappeningType }>,
  devices: TargetDevice[],
  now: Date,
) {
  const loop = condition.type === 'rebootLoop' ? condition : null;
  const since = loop ? new Date(now.getTime() - loop.withinMinutes * MINUTE_MS) : triggerSince(rule, now);
  const found = await HAPPENINGS[condition.type](db, rule, since, now);
  return happeningReadings(found, devices, loop ? loop.boots : rule.triggerVolume);
}

const DAY_MS = 24 * 60 * MINUTE_MS;

/** When the data usage cycle holding `now` began (UTC): the day, the ISO week (Monday) or the month. */
export function usageCycleStart(cycle: 'daily' | 'weekly' | 'monthly', now: Date): Date {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (cycle === 'daily') return new Date(day);
  if (cycle === 'weekly') return new Date(day - ((now.getUTCDay() + 6) % 7) * DAY_MS);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** Bytes over which a data usage condition breaches: its MB, or its percentage of the allowance. */
function usageThresholdBytes(c: Extract<AlertCondition, { type: 'dataUsage' }>): number {
  const mb = c.unit === 'mb' ? (c.overMb ?? 0) : ((c.allowanceMb ?? 0) * (c.percent ?? 0)) / 100;
  return mb * DATA_USAGE_MB_BYTES;
}

/**
 * Data usage in the cycle so far: over the threshold breaches; under it clears, since the cycle began
 * (usage only grows within a cycle, so that is the start of the next one). A device without telemetry
 * of the link in the cycle is unknown: it neither fires nor clears. The value is the cycle's MB.
 */
async function dataUsageReadingsOf(
  db: DbOrTx,
  rule: StoredRule,
  condition: Extract<AlertCondition, { type: 'dataUsage' }>,
  devices: TargetDevice[],
  now: Date,
) {
  const since = usageCycleStart(condition.cycle, now);
  const found = await usageBytes(db, rule, condition, since, now);
  const threshold = usageThresholdBytes(condition);
  const bySn = new Map<string, Reading>();
  for (const d of devices) {
    const bytes = found.get(d.sn);
    bySn.set(
      d.sn,
      bytes === undefined
        ? { breached: null, clear: null, value: null }
        : {
            breached: bytes > threshold,
            clear: bytes <= threshold,
            clearSince: since,
            value: Math.round((bytes / DATA_USAGE_MB_BYTES) * 10) / 10,
          },
    );
  }
  return bySn;
}

/**
 * Mode "all" is one alert per device for the conditions together: it breaches when every condition
 * does (unknown when one is unknown and none says no), and clears when any condition's clear holds,
 * after the longest clear period of the rule.
 */
function allTogether(perCondition: Map<string, Reading>[], devices: TargetDevice[]): Map<string, Reading> {
  const bySn = new Map<string, Reading>();
  for (const d of devices) {
    const rs = perCondition.map((m) => m.get(d.sn) as Reading);
    const breached = rs.some((r) => r.breached === false)
      ? false
      : rs.some((r) => r.breached === null)
        ? null
        : true;
    const clear = rs.some((r) => r.clear === true) ? true : rs.some((r) => r.clear === null) ? null : false;
    bySn.set(d.sn, { breached, clear, value: rs.find((r) => r.value !== null)?.value ?? null });
  }
  return bySn;
}

export async function readRule(db: DbOrTx, rule: StoredRule, now: Date): Promise<Readings> {
  const devices = await targetDevices(db, rule);
  const perCondition: Map<string, Reading>[] = [];
  for (const condition of rule.conditions) {
    perCondition.push(
      condition.type === 'offline'
        ? offlineReadings(condition, devices, now)
        : condition.type === 'signal'
          ? await signalReadingsOf(db, rule, condition, devices, now)
          : condition.type === 'resource'
            ? await resourceReadingsOf(db, rule, condition, devices, now)
            : condition.type === 'dataUsage'
              ? await dataUsageReadingsOf(db, rule, condition, devices, now)
              : await happeningReadingsOf(db, rule, condition, devices, now),
    );
  }
  const readings: Readings = new Map();
  if (rule.conditionMode === 'all') {
    const clearMinutes = Math.max(...rule.conditions.map((c) => c.clearMinutes));
    readings.set('all', { clearMinutes, bySn: allTogether(perCondition, devices) });
  } else {
    rule.conditions.forEach((c, i) => {
      readings.set(String(i), {
        clearMinutes: c.clearMinutes,
        bySn: perCondition[i] as Map<string, Reading>,
      });
    });
  }
  return readings;
}

/** What happens to one open alert (or none) given this reading; null: nothing changes. */
export type Step =
  | { kind: 'open'; state: 'pending' | 'firing'; value: number | null }
  | { kind: 'drop' }
  | { kind: 'update'; change: AlertChange; visible: boolean };

export function nextStep(
  alert: OpenAlert | undefined,
  reading: Reading | undefined,
  rule: Pick<StoredRule, 'pendingMinutes'>,
  clearMinutes: number,
  now: Date,
): Step | null {
  // The device left the rule's targets (or was deleted): its alert ends as if its condition cleared.
  if (!reading) {
    if (!alert) return null;
    return alert.state === 'pending'
      ? { kind: 'drop' }
      : { kind: 'update', change: { state: 'resolved', resolvedAt: now, clearSince: null }, visible: true };
  }
  if (!alert) {
    if (reading.breached !== true) return null;
    return { kind: 'open', state: rule.pendingMinutes === 0 ? 'firing' : 'pending', value: reading.value };
  }
  if (alert.state === 'pending') {
    if (reading.breached === false) return { kind: 'drop' };
    if (reading.breached === null) return null;
    if (now.getTime() - alert.pendingSince.getTime() >= rule.pendingMinutes * MINUTE_MS)
      return {
        kind: 'update',
        change: { state: 'firing', startedAt: now, lastSeenAt: now, count: 1, value: reading.value },
        visible: true,
      };
    return { kind: 'update', change: { lastSeenAt: now, value: reading.value }, visible: false };
  }
  // Firing.
  if (reading.breached === true) {
    const retriggered = !alert.breaching;
    return {
      kind: 'update',
      change: {
        lastSeenAt: now,
        value: reading.value,
        clearSince: null,
        breaching: true,
        ...(retriggered ? { count: alert.count + 1 } : {}),
      },
      visible: retriggered,
    };
  }
  if (reading.clear === true) {
    const since = alert.clearSince ?? reading.clearSince ?? now;
    if (now.getTime() - since.getTime() >= clearMinutes * MINUTE_MS)
      return {
        kind: 'update',
        change: {
          state: 'resolved',
          resolvedAt: now,
          clearSince: since,
          breaching: false,
          value: reading.value,
        },
        visible: true,
      };
    return {
      kind: 'update',
      change: { clearSince: since, breaching: false, value: reading.value },
      visible: false,
    };
  }
  // Between the trigger and the clear value (hysteresis), or no data: the clear period starts again.
  if (reading.breached === false)
    return {
      kind: 'update',
      change: { clearSince: null, breaching: false, value: reading.value },
      visible: false,
    };
  return alert.clearSince ? { kind: 'update', change: { clearSince: null }, visible: false } : null;
}

/**
 * One state change (to firing or resolved) of a rule and device: the `alert.changed` event in the same
 * transaction, then the message it may make: the flapping notice, nothing (flapping or silenced), or a
 * place in the rule's 30 s batch.
 */
async function stateChanged(
  tx: DbOrTx,
  rule: StoredRule,
  sn: string,
  conditionKey: string,
  state: MessageKind,
  count: number,
  value: number | null,
  now: Date,
) {
  await appendEvent(
    tx,
    rule.companyId,
    'alert.changed',
    { ruleId: rule.id, ruleName: rule.name, level: rule.level, sn, conditionKey, state, count, value },
    now,
  );
  const flap = await recordChange(tx, rule, sn, now);
  if (flap === 'flapping') return;
  if (await isSilenced(tx, rule, sn, now)) return;
  if (flap === 'started') await flappingMessage(tx, rule, sn, now);
  else await addToBatch(tx, rule, state, sn, now);
}

/** Evaluates one rule in one transaction; answers how many alerts changed in a way a user sees. */
export async function evaluateRule(db: Db, rule: StoredRule, now: Date): Promise<number> {
  return inTransaction(db, async (tx) => {
    if (!(await claimRule(tx, rule.id))) return 0;
    const readings = await readRule(tx, rule, now);
    const open = new Map((await openAlertsOfRule(tx, rule.id)).map((a) => [`${a.conditionKey}:${a.sn}`, a]));
    let visible = 0;
    const keys = new Set<string>(open.keys());
    for (const [conditionKey, { bySn }] of readings)
      for (const [sn, r] of bySn) if (r.breached === true) keys.add(`${conditionKey}:${sn}`);
    // New alerts and changes that move no alert to another state are written together after the loop
    // (a sweep over a large breaching fleet is thousands of them); state changes go one by one, each
    // with its event and message.
    const opens: (NewAlert & { key: string })[] = [];
    const quiet: { id: number; change: AlertChange }[] = [];
    // Changes that make no message are logged too (issue 16 "every change enters one durable event
    // log"): an alert opening as pending, and a pending one going back to normal; one batch per rule.
    const silent: Record<string, unknown>[] = [];
    const changeOf = (
      sn: string,
      conditionKey: string,
      state: 'pending' | 'normal',
      value: number | null,
    ) => ({
      ruleId: rule.id,
      ruleName: rule.name,
      level: rule.level,
      sn,
      conditionKey,
      state,
      count: 0,
      value,
    });
    for (const key of keys) {
      const split = key.indexOf(':');
      const conditionKey = key.slice(0, split);
      const sn = key.slice(split + 1);
      const forKey = readings.get(conditionKey);
      const step = nextStep(open.get(key), forKey?.bySn.get(sn), rule, forKey?.clearMinutes ?? 0, now);
      if (!step) continue;
      const alert = open.get(key);
      if (step.kind === 'open') {
        opens.push({
          key,
          companyId: rule.companyId,
          ruleId: rule.id,
          sn,
          conditionKey,
          state: step.state,
          at: now,
          value: step.value,
        });
      } else if (step.kind === 'drop' && alert) {
        await dropPendingAlert(tx, alert.id);
        silent.push(changeOf(sn, conditionKey, 'normal', forKey?.bySn.get(sn)?.value ?? null));
        visible++;
      } else if (step.kind === 'update' && alert) {
        if (step.visible) visible++;
        const to = step.change.state;
        if (to === undefined) {
          quiet.push({ id: alert.id, change: step.change });
          continue;
        }
        await updateAlert(tx, alert.id, step.change, now);
        if (to === 'firing' || to === 'resolved')
          await stateChanged(
            tx,
            rule,
            sn,
            conditionKey,
            to,
            step.change.count ?? alert.count,
            step.change.value ?? null,
            now,
          );
      }
    }
    await updateAlertsQuietly(tx, quiet, now);
    const inserted = await insertAlerts(tx, opens);
    for (const a of opens) {
      if (!inserted.has(a.key)) continue;
      visible++;
      if (a.state === 'firing') await stateChanged(tx, rule, a.sn, a.conditionKey, 'firing', 1, a.value, now);
      else silent.push(changeOf(a.sn, a.conditionKey, 'pending', a.value));
    }
    await appendEvents(tx, rule.companyId, 'alert.changed', silent, now);
    return visible;
  });
}

/** One sweep over every enabled rule; each company whose alerts changed hears `alerts.changed`. */
export async function sweepAlerts(deps: { db: Db; clock: Clock; hub: LiveHub }, signal?: AbortSignal) {
  const now = deps.clock.now();
  const changed = new Map<number, number>();
  for (const rule of await enabledRules(deps.db)) {
    if (signal?.aborted) throw new Error('alert sweep aborted');
    const n = await evaluateRule(deps.db, rule, now);
    if (n > 0) changed.set(rule.companyId, (changed.get(rule.companyId) ?? 0) + n);
  }
  for (const companyId of await flushBatches(deps.db, now))
    if (!changed.has(companyId)) changed.set(companyId, 0);
  await settleFlapping(deps.db, now);
  for (const [companyId, count] of changed) deps.hub.publish('alerts.changed', companyId, { count });
  return changed;
}

/** The event log's retention (hourly): events older than 30 days go. */
export async function keepEvents(deps: { db: Db; clock: Clock }) {
  return dropOldEvents(deps.db, deps.clock.now());
}
