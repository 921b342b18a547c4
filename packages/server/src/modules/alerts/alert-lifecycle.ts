import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../platform/db/open.ts';
import { inTransaction } from '../../platform/db/open.ts';
import type { StoredRule } from './alert-rules.store.ts';
import { appendEvent } from './event-log.store.ts';

/**
 * What turns alert state changes into messages (issue 16 "Lifecycle"; docs/decisions.md "Alert
 * flapping, grouping and silences"):
 * - flapping: more than FLAP_CHANGES state changes (firing or resolved) of one rule and device within
 *   FLAP_WINDOW_MS mark it flapping: one `alert.flapping` message, then none for it until it has been
 *   stable (no change) for FLAP_WINDOW_MS;
 * - grouping: the firings (and the resolutions) of a rule wait in a batch row; a batch opened at least
 *   GROUP_WINDOW_MS ago becomes one `alert.firing` (`alert.resolved`) message naming its devices;
 * - silences: a change inside a silence of its rule, device or the device's group (or a parent group)
 *   still changes the alert and is logged (`alert.changed`), but sends no message.
 * Everything is rows read by the 30 s sweep, so a restart or another node carries on.
 */

export const FLAP_CHANGES = 4;
export const FLAP_WINDOW_MS = 30 * 60_000;
export const GROUP_WINDOW_MS = 30_000;

export type MessageKind = 'firing' | 'resolved';

export interface SilenceWindow {
  repeat: 'once' | 'weekly';
  startsAt: Date | null;
  endsAt: Date | null;
  /** 0 Sunday ... 6 Saturday, UTC. */
  weekdays: number[];
  startMinute: number | null;
  endMinute: number | null;
}

/** Whether a silence's window holds at this moment (UTC). A weekly window ends within its day. */
export function silenceHolds(w: SilenceWindow, now: Date): boolean {
  if (w.repeat === 'once')
    return !!w.startsAt && !!w.endsAt && w.startsAt.getTime() <= now.getTime() && now < w.endsAt;
  if (!w.weekdays.includes(now.getUTCDay())) return false;
  const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
  return (w.startMinute ?? 0) <= minute && minute < (w.endMinute ?? 1440);
}

/** Whether a message about this rule and device is silenced now. */
export async function isSilenced(tx: DbOrTx, rule: StoredRule, sn: string, now: Date): Promise<boolean> {
  const { rows } = await sql<{
    repeat: 'once' | 'weekly';
    starts_at: Date | null;
    ends_at: Date | null;
    weekdays: unknown;
    start_minute: number | null;
    end_minute: number | null;
  }>`select s.repeat, s.starts_at, s.ends_at, s.weekdays, s.start_minute, s.end_minute
       from alert_silence s
      where s.company_id = ${rule.companyId}
        and ((s.target_kind = 'rule' and s.rule_id = ${rule.id})
          or (s.target_kind = 'device' and s.sn = ${sn})
          or (s.target_kind = 'group' and s.group_id in (
            with recursive up as (
              select g.id, g.parent_id from company_group g
               where g.id = (select group_id from device where company_id = ${rule.companyId} and sn = ${sn})
              union all
              select g.id, g.parent_id from company_group g join up on g.id = up.parent_id
            ) select id from up)))`.execute(tx);
  return rows.some((r) =>
    silenceHolds(
      {
        repeat: r.repeat,
        startsAt: r.starts_at ? new Date(r.starts_at) : null,
        endsAt: r.ends_at ? new Date(r.ends_at) : null,
        weekdays: (typeof r.weekdays === 'string' ? JSON.parse(r.weekdays) : r.weekdays) as number[],
        startMinute: r.start_minute,
        endMinute: r.end_minute,
      },
      now,
    ),
  );
}

/**
 * Records one state change of a rule and device; answers 'started' when this change makes it flap
 * (the one message), 'flapping' while it flaps (no message) and 'stable' otherwise.
 */
export async function recordChange(
  tx: DbOrTx,
  rule: StoredRule,
  sn: string,
  now: Date,
): Promise<'started' | 'flapping' | 'stable'> {
  const found = await tx
    .selectFrom('alert_flap')
    .select(['changes', 'flapping'])
    .where('rule_id', '=', rule.id)
    .where('sn', '=', sn)
    .forUpdate()
    .executeTakeFirst();
  const before = found
    ? ((typeof found.changes === 'string' ? JSON.parse(found.changes) : found.changes) as number[])
    : [];
  const changes = [...before.filter((ms) => ms > now.getTime() - FLAP_WINDOW_MS), now.getTime()];
  const wasFlapping = found?.flapping ?? false;
  const flapping = wasFlapping || changes.length > FLAP_CHANGES;
  const values = {
    changes: JSON.stringify(changes),
    flapping,
    last_change_at: now,
  };
  if (found)
    await tx
      .updateTable('alert_flap')
      .set(values)
      .where('rule_id', '=', rule.id)
      .where('sn', '=', sn)
      .execute();
  else
    await tx
      .insertInto('alert_flap')
      .values({ rule_id: rule.id, sn, company_id: rule.companyId, ...values })
      .execute();
  return wasFlapping ? 'flapping' : flapping ? 'started' : 'stable';
}

/** Adds a device to the rule's open batch of this kind (opening one when none waits). */
export async function addToBatch(tx: DbOrTx, rule: StoredRule, kind: MessageKind, sn: string, now: Date) {
  await sql`insert into alert_batch (rule_id, kind, company_id, opened_at, sns)
      values (${rule.id}, ${kind}, ${rule.companyId}, ${now}, ${JSON.stringify([sn])}::jsonb)
      on conflict (rule_id, kind) do update set sns = case
        when alert_batch.sns @> ${JSON.stringify([sn])}::jsonb then alert_batch.sns
        else alert_batch.sns || ${JSON.stringify([sn])}::jsonb end`.execute(tx);
}

async function ruleSummary(tx: DbOrTx, ruleId: number) {
  return tx
    .selectFrom('alert_rule')
    .select(['id', 'name', 'level', 'company_id'])
    .where('id', '=', ruleId)
    .executeTakeFirst();
}

async function devicesNamed(tx: DbOrTx, companyId: number, sns: string[]) {
  if (sns.length === 0) return [];
  const rows = await tx
    .selectFrom('device')
    .select(['sn', 'name'])
    .where('company_id', '=', companyId)
    .where('sn', 'in', sns)
    .execute();
  const names = new Map(rows.map((r) => [r.sn, r.name ?? '']));
  return sns.map((sn) => ({ sn, name: names.get(sn) ?? '' }));
}

/** One batch becomes its message (in the caller's transaction); null when it is gone already. */
async function flushBatch(tx: DbOrTx, ruleId: number, kind: string, now: Date): Promise<number | null> {
  const batch = await tx
    .deleteFrom('alert_batch')
    .where('rule_id', '=', ruleId)
    .where('kind', '=', kind)
    .returning(['company_id', 'sns'])
    .executeTakeFirst();
  if (!batch) return null; // another node flushed it
  const rule = await ruleSummary(tx, ruleId);
  if (!rule) return null;
  const sns = (typeof batch.sns === 'string' ? JSON.parse(batch.sns) : batch.sns) as string[];
  const companyId = Number(batch.company_id);
  await appendEvent(
    tx,
    companyId,
    `alert.${kind}`,
    { ruleId, ruleName: rule.name, level: rule.level, devices: await devicesNamed(tx, companyId, sns) },
    now,
  );
  return companyId;
}

/**
 * The one message of a flapping device, written at once (not grouped); the rule's waiting groups go
 * out first, so messages keep the order of the changes they tell.
 */
export async function flappingMessage(tx: DbOrTx, rule: StoredRule, sn: string, now: Date) {
  const waiting = await tx
    .selectFrom('alert_batch')
    .select(['kind', 'opened_at'])
    .where('rule_id', '=', rule.id)
    .orderBy('opened_at', 'asc')
    .execute();
  for (const b of waiting) await flushBatch(tx, rule.id, b.kind, now);
  await appendEvent(
    tx,
    rule.companyId,
    'alert.flapping',
    {
      ruleId: rule.id,
      ruleName: rule.name,
      level: rule.level,
      devices: await devicesNamed(tx, rule.companyId, [sn]),
    },
    now,
  );
}

/** Batches that have waited out the group window become one message each; answers the companies told. */
export async function flushBatches(db: Db, now: Date): Promise<Set<number>> {
  const due = await db
    .selectFrom('alert_batch')
    .select(['rule_id', 'kind'])
    .where('opened_at', '<=', new Date(now.getTime() - GROUP_WINDOW_MS))
    .orderBy('opened_at', 'asc')
    .execute();
  const told = new Set<number>();
  for (const b of due) {
    const companyId = await inTransaction(db, (tx) => flushBatch(tx, Number(b.rule_id), b.kind, now));
    if (companyId !== null) told.add(companyId);
  }
  return told;
}

/** Devices stable for the flapping window stop flapping: their next change sends a message again. */
export async function settleFlapping(db: DbOrTx, now: Date) {
  await db
    .updateTable('alert_flap')
    .set({ flapping: false, changes: '[]' })
    .where('flapping', '=', true)
    .where('last_change_at', '<=', new Date(now.getTime() - FLAP_WINDOW_MS))
    .execute();
}
