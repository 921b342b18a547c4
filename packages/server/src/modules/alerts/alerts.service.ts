import {
  ALERT_RULES_MAX,
  ALERT_SILENCES_MAX,
  type Alert,
  type AlertCondition,
  type AlertRule,
  type AlertSilence,
  type AlertSilenceInputSchema,
  ErrorCode,
} from '@fleetport/contract';
import type { z } from 'zod';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { type Actor, owningCompany } from '../../platform/auth/actor.ts';
import { type DbOrTx, inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { silenceHolds } from './alert-lifecycle.ts';
import {
  countRules,
  deleteRule,
  findRule,
  insertRule,
  listRules,
  type RuleValues,
  ruleNameTaken,
  type StoredRule,
  setRuleEnabled,
  updateRule,
} from './alert-rules.store.ts';
import {
  countSilences,
  deleteSilence,
  insertSilence,
  listSilences,
  type SilenceRow,
  silenceTargetExists,
} from './alert-silences.store.ts';
import {
  type AlertFilter,
  type AlertRow,
  acknowledgeAlert,
  closeAlertsOfRule,
  findAlert,
  listAlerts,
  markAlertsRead,
  unreadFiringCount,
} from './alerts.store.ts';
import { appendEvent } from './event-log.store.ts';

/** What the alerts area reads from AppDeps (its manifest's `uses`). */
export type AlertDeps = ModuleDeps<'db' | 'clock' | 'hub'>;

/**
 * Router alert rules and the alert centre (issue 16). A rule is changed or deleted only while disabled
 * (800028), so the alerts it opened always belong to the conditions it holds: disabling it ends them.
 */

function toRule(r: StoredRule): AlertRule {
  return {
    ruleId: r.id,
    name: r.name,
    level: r.level,
    description: r.description,
    targets: r.targets,
    conditionMode: r.conditionMode,
    conditions: r.conditions,
    triggerVolume: r.triggerVolume,
    triggerInterval: r.triggerInterval,
    pendingMinutes: r.pendingMinutes,
    email: r.email,
    enabled: r.enabled,
    openAlerts: r.openAlerts,
    updatedAt: r.updatedAt.getTime(),
  };
}

export async function getRules(
  { db }: AlertDeps,
  actor: Actor,
  query: { name?: string | undefined; pageNum: number; pageSize: number },
) {
  const page = await listRules(db, actor.scope, query);
  return { list: page.list.map(toRule), total: page.total };
}

async function ruleOf(db: DbOrTx, actor: Actor, ruleId: number, lock = false) {
  const rule = await findRule(db, actor.scope, ruleId, lock);
  if (!rule) throw new AppError(ErrorCode.ALERT_RULE_NOT_FOUND);
  return rule;
}

export async function createRule({ db, clock }: AlertDeps, actor: Actor, values: RuleValues) {
  const id = await inTransaction(db, async (tx) => {
    if (await ruleNameTaken(tx, actor.scope, values.name))
      throw new AppError(ErrorCode.ALERT_RULE_NAME_EXISTS);
    if ((await countRules(tx, actor.scope)) >= ALERT_RULES_MAX)
      throw new AppError(ErrorCode.ALERT_RULE_LIMIT, { num: ALERT_RULES_MAX });
    return insertRule(tx, actor.scope, values, actor.userId, clock.now());
  });
  return toRule(await ruleOf(db, actor, id));
}

export async function editRule({ db, clock }: AlertDeps, actor: Actor, ruleId: number, values: RuleValues) {
  await inTransaction(db, async (tx) => {
    const rule = await ruleOf(tx, actor, ruleId, true);
    if (rule.enabled) throw new AppError(ErrorCode.ALERT_MUST_BE_DISABLED);
    if (await ruleNameTaken(tx, actor.scope, values.name, ruleId))
      throw new AppError(ErrorCode.ALERT_RULE_NAME_EXISTS);
    await updateRule(tx, actor.scope, ruleId, values, clock.now());
  });
  return toRule(await ruleOf(db, actor, ruleId));
}

export async function enableRule(
  { db, clock, hub }: AlertDeps,
  actor: Actor,
  ruleId: number,
  enabled: boolean,
) {
  const closed = await inTransaction(db, async (tx) => {
    const rule = await ruleOf(tx, actor, ruleId, true);
    if (rule.enabled === enabled) return 0;
    const now = clock.now();
    await setRuleEnabled(tx, actor.scope, ruleId, enabled, now);
    if (enabled) return 0;
    // Disabling resolves its firing alerts and drops its pending ones back to normal: each is a state
    // change in the event log (no message: a person chose it), in this transaction.
    const open = await tx
      .selectFrom('alert')
      .select(['sn', 'condition_key', 'count', 'value', 'state'])
      .where('rule_id', '=', ruleId)
      .where('state', 'in', ['firing', 'pending'])
      .orderBy('id')
      .execute();
    const closed = await closeAlertsOfRule(tx, ruleId, now);
    for (const a of open)
      await appendEvent(
        tx,
        rule.companyId,
        'alert.changed',
        {
          ruleId,
          ruleName: rule.name,
          level: rule.level,
          sn: a.sn,
          conditionKey: a.condition_key,
          state: a.state === 'firing' ? 'resolved' : 'normal',
          count: a.count,
          value: a.value === null ? null : Number(a.value),
          reason: 'ruleDisabled',
        },
        now,
      );
    return closed;
  });
  const rule = await ruleOf(db, actor, ruleId);
  if (closed > 0) hub.publish('alerts.changed', rule.companyId, { count: closed });
  return toRule(rule);
}

export async function removeRule({ db, hub }: AlertDeps, actor: Actor, ruleId: number) {
  const rule = await inTransaction(db, async (tx) => {
    const found = await ruleOf(tx, actor, ruleId, true);
    if (found.enabled) throw new AppError(ErrorCode.ALERT_MUST_BE_DISABLED);
    await deleteRule(tx, actor.scope, ruleId);
    return found;
  });
  hub.publish('alerts.changed', rule.companyId, { count: 0 });
  return null;
}

export function toAlert(r: AlertRow): Alert {
  const conditions = (
    typeof r.conditions === 'string' ? JSON.parse(r.conditions) : r.conditions
  ) as AlertCondition[];
  const ms = (d: Date | null) => (d ? new Date(d).getTime() : null);
  return {
    alertId: Number(r.id),
    ruleId: Number(r.rule_id),
    ruleName: r.rule_name,
    level: r.level as Alert['level'],
    description: r.description,
    sn: r.sn,
    deviceName: r.device_name ?? '',
    condition: r.condition_key === 'all' ? null : (conditions[Number(r.condition_key)] ?? null),
    state: r.state as Alert['state'],
    value: r.value === null ? null : Number(r.value),
    read: r.read,
    count: r.count,
    pendingSince: new Date(r.pending_since).getTime(),
    startedAt: ms(r.started_at),
    lastSeenAt: new Date(r.last_seen_at).getTime(),
    resolvedAt: ms(r.resolved_at),
    flapping: r.flapping,
    acknowledged: r.acknowledged_at
      ? { by: r.acknowledged_by_name ?? '', at: new Date(r.acknowledged_at).getTime(), note: r.ack_note }
      : null,
  };
}

export async function getAlerts({ db }: AlertDeps, actor: Actor, filter: AlertFilter) {
  const page = await listAlerts(db, actor, filter);
  return { list: page.rows.map(toAlert), total: page.total };
}

export async function acknowledge(
  { db, clock, hub }: AlertDeps,
  actor: Actor,
  alertId: number,
  note: string,
) {
  const found = await findAlert(db, actor, alertId);
  if (!found) throw new AppError(ErrorCode.ALERT_NOT_FOUND);
  if (!(await acknowledgeAlert(db, actor, alertId, note, clock.now())))
    throw new AppError(ErrorCode.ALERT_NOT_FIRING);
  const row = (await findAlert(db, actor, alertId)) as AlertRow;
  hub.publish('alerts.changed', owningCompany(actor.scope), { count: 1 });
  return toAlert(row);
}

export async function markRead({ db }: AlertDeps, actor: Actor, ids: readonly number[] | 'all') {
  return { marked: await markAlertsRead(db, actor, ids) };
}

export async function unreadCount({ db }: AlertDeps, actor: Actor) {
  return { total: await unreadFiringCount(db, actor) };
}

function toSilence(r: SilenceRow, now: Date): AlertSilence {
  return {
    silenceId: r.id,
    target: r.target,
    targetName: r.targetName,
    repeat: r.repeat,
    startsAt: r.startsAt ? r.startsAt.getTime() : null,
    endsAt: r.endsAt ? r.endsAt.getTime() : null,
    weekdays: r.weekdays,
    startMinute: r.startMinute,
    endMinute: r.endMinute,
    note: r.note,
    active: silenceHolds(r, now),
  };
}

export async function getSilences({ db, clock }: AlertDeps, actor: Actor) {
  const now = clock.now();
  return { list: (await listSilences(db, actor.scope)).map((r) => toSilence(r, now)) };
}

export async function createSilence(
  { db, clock }: AlertDeps,
  actor: Actor,
  input: z.output<typeof AlertSilenceInputSchema>,
) {
  const id = await inTransaction(db, async (tx) => {
    if (!(await silenceTargetExists(tx, actor.scope, input.target)))
      throw new AppError(ErrorCode.ALERT_SILENCE_TARGET_UNKNOWN);
    if ((await countSilences(tx, actor.scope)) >= ALERT_SILENCES_MAX)
      throw new AppError(ErrorCode.ALERT_SILENCE_LIMIT, { num: ALERT_SILENCES_MAX });
    return insertSilence(tx, actor.scope, input, actor.userId, clock.now());
  });
  const row = (await listSilences(db, actor.scope)).find((r) => r.id === id) as SilenceRow;
  return toSilence(row, clock.now());
}

export async function removeSilence({ db }: AlertDeps, actor: Actor, silenceId: number) {
  if (!(await deleteSilence(db, actor.scope, silenceId)))
    throw new AppError(ErrorCode.ALERT_SILENCE_NOT_FOUND);
  return null;
}
