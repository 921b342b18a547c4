import type { AlertExportFilter, AlertFilterSchema } from '@fleetport/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import { type Actor, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import { containsPattern } from '../../platform/db/like.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/**
 * SQL of router alerts. The sweep's functions (open alerts of a rule, writing transitions) act for the
 * rule's company; the console's take the caller (`Reader`): the companies of its scope, and the person
 * whose read marks count. Marking read writes in the scope's one owning company.
 */

export type Reader = Pick<Actor, 'scope' | 'userId'>;

export interface OpenAlert {
  id: number;
  sn: string;
  conditionKey: string;
  state: 'pending' | 'firing';
  pendingSince: Date;
  clearSince: Date | null;
  breaching: boolean;
  count: number;
}

export async function openAlertsOfRule(db: DbOrTx, ruleId: number): Promise<OpenAlert[]> {
  const rows = await db
    .selectFrom('alert')
    .select(['id', 'sn', 'condition_key', 'state', 'pending_since', 'clear_since', 'breaching', 'count'])
    .where('rule_id', '=', ruleId)
    .where('state', 'in', ['pending', 'firing'])
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    sn: r.sn,
    conditionKey: r.condition_key,
    state: r.state as OpenAlert['state'],
    pendingSince: new Date(r.pending_since),
    clearSince: r.clear_since ? new Date(r.clear_since) : null,
    breaching: r.breaching,
    count: r.count,
  }));
}

export interface NewAlert {
  companyId: number;
  ruleId: number;
  sn: string;
  conditionKey: string;
  state: 'pending' | 'firing';
  at: Date;
  value: number | null;
}

/** A new open alert; a concurrent one of the same rule, device and condition wins (the unique index). */
export async function insertAlert(db: DbOrTx, a: NewAlert): Promise<boolean> {
  const firing = a.state === 'firing';
  const result = await sql`insert into alert (company_id, rule_id, sn, condition_key, state, pending_since,
      started_at, last_seen_at, breaching, count, value, updated_at)
    values (${a.companyId}, ${a.ruleId}, ${a.sn}, ${a.conditionKey}, ${a.state}, ${a.at},
      ${firing ? a.at : null}, ${a.at}, true, ${firing ? 1 : 0}, ${a.value}, ${a.at})
    on conflict (rule_id, sn, condition_key) where state in ('pending', 'firing') do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Rows per statement when a sweep writes many alerts at once (a few parameters each). */
const ALERTS_PER_STATEMENT = 500;

/**
 * New open alerts in statements of a few hundred (a rule over 10,000 devices may open thousands in
 * one sweep); answers the keys (`conditionKey:sn`) actually inserted: a concurrent one wins, as in
 * `insertAlert`.
 */
export async function insertAlerts(db: DbOrTx, alerts: readonly NewAlert[]): Promise<Set<string>> {
  const inserted = new Set<string>();
  for (let i = 0; i < alerts.length; i += ALERTS_PER_STATEMENT) {
    const rows = alerts.slice(i, i + ALERTS_PER_STATEMENT).map((a) => {
      const firing = a.state === 'firing';
      return sql`(${a.companyId}::bigint, ${a.ruleId}::bigint, ${a.sn}::text, ${a.conditionKey}::text,
        ${a.state}::text, ${a.at}::timestamptz, ${firing ? a.at : null}::timestamptz, ${a.at}::timestamptz, true,
        ${firing ? 1 : 0}::integer, ${a.value}::float8, ${a.at}::timestamptz)`;
    });
    const { rows: done } = await sql<{
      sn: string;
      condition_key: string;
    }>`insert into alert (company_id, rule_id,
        sn, condition_key, state, pending_since, started_at, last_seen_at, breaching, count, value, updated_at)
      values ${sql.join(rows)}
      on conflict (rule_id, sn, condition_key) where state in ('pending', 'firing') do nothing
      returning sn, condition_key`.execute(db);
    for (const r of done) inserted.add(`${r.condition_key}:${r.sn}`);
  }
  return inserted;
}

export interface AlertChange {
  state?: 'pending' | 'firing' | 'resolved';
  startedAt?: Date;
  lastSeenAt?: Date;
  clearSince?: Date | null;
  resolvedAt?: Date;
  breaching?: boolean;
  count?: number;
  value?: number | null;
}

export async function updateAlert(db: DbOrTx, id: number, change: AlertChange, at: Date) {
  await db
    .updateTable('alert')
    .set({
      ...(change.state !== undefined ? { state: change.state } : {}),
      ...(change.startedAt !== undefined ? { started_at: change.startedAt } : {}),
      ...(change.lastSeenAt !== undefined ? { last_seen_at: change.lastSeenAt } : {}),
      ...(change.clearSince !== undefined ? { clear_since: change.clearSince } : {}),
      ...(change.resolvedAt !== undefined ? { resolved_at: change.resolvedAt } : {}),
      ...(change.breaching !== undefined ? { breaching: change.breaching } : {}),
      ...(change.count !== undefined ? { count: change.count } : {}),
      ...(change.value !== undefined ? { value: change.value } : {}),
      updated_at: at,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Changes that move no alert to another state (last seen, value, the clear period's timer, a
 * re-trigger's count) in statements of a few hundred: every open alert of a rule changes at each
 * sweep, one statement each made a sweep over a large breaching fleet take seconds.
 */
export async function updateAlertsQuietly(
  db: DbOrTx,
  changes: readonly { id: number; change: Omit<AlertChange, 'state' | 'startedAt' | 'resolvedAt'> }[],
  at: Date,
) {
  for (let i = 0; i < changes.length; i += ALERTS_PER_STATEMENT) {
    const rows = changes.slice(i, i + ALERTS_PER_STATEMENT).map(
      ({ id, change: c }) => sql`(${id}::bigint,
        ${c.lastSeenAt !== undefined}::boolean, ${c.lastSeenAt ?? null}::timestamptz,
        ${c.clearSince !== undefined}::boolean, ${c.clearSince ?? null}::timestamptz,
        ${c.breaching !== undefined}::boolean, ${c.breaching ?? null}::boolean,
        ${c.count !== undefined}::boolean, ${c.count ?? null}::integer,
        ${c.value !== undefined}::boolean, ${c.value ?? null}::float8)`,
    );
    await sql`update alert a set
        last_seen_at = case when v.set_last_seen then v.last_seen_at else a.last_seen_at end,
        clear_since = case when v.set_clear then v.clear_since else a.clear_since end,
        breaching = case when v.set_breaching then v.breaching else a.breaching end,
        count = case when v.set_count then v.count else a.count end,
        value = case when v.set_value then v.value else a.value end,
        updated_at = ${at}
      from (values ${sql.join(rows)}) as v(id, set_last_seen, last_seen_at, set_clear, clear_since,
           set_breaching, breaching, set_count, count, set_value, value)
      where a.id = v.id`.execute(db);
  }
}

/** A pending alert whose condition stopped before the pending period: back to normal, never shown again. */
export async function dropPendingAlert(db: DbOrTx, id: number) {
  await db.deleteFrom('alert').where('id', '=', id).where('state', '=', 'pending').execute();
}

/** A rule disabled: its firing alerts resolve now and its pending ones go back to normal. */
export async function closeAlertsOfRule(db: DbOrTx, ruleId: number, at: Date): Promise<number> {
  const dropped = await db
    .deleteFrom('alert')
    .where('rule_id', '=', ruleId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  const resolved = await db
    .updateTable('alert')
    .set({ state: 'resolved', resolved_at: at, clear_since: null, updated_at: at })
    .where('rule_id', '=', ruleId)
    .where('state', '=', 'firing')
    .executeTakeFirst();
  return Number(dropped.numDeletedRows) + Number(resolved.numUpdatedRows);
}

const inScope = (column: string, reader: Reader) =>
  sql<boolean>`${sql.ref(column)} in (${sql.join(scopedCompanyIds(reader.scope))})`;

const readBy = (reader: Reader) =>
  sql<boolean>`exists (select 1 from alert_read m where m.alert_id = a.id and m.user_id = ${reader.userId})`;

export type AlertFilter = z.output<typeof AlertFilterSchema>;

export interface AlertRow {
  id: string | number;
  rule_id: string | number;
  rule_name: string;
  level: string;
  description: string;
  conditions: unknown;
  condition_mode: string;
  sn: string;
  device_name: string | null;
  condition_key: string;
  state: string;
  value: number | null;
  read: boolean;
  count: number;
  pending_since: Date;
  started_at: Date | null;
  last_seen_at: Date;
  resolved_at: Date | null;
  acknowledged_at: Date | null;
  acknowledged_by_name: string | null;
  ack_note: string;
  flapping: boolean;
}

/** Whether the alert's rule and device flap now (alert-lifecycle.ts: more than 4 changes in 30 min). */
const FLAPPING = sql<boolean>`exists (select 1 from alert_flap f where f.rule_id = a.rule_id and f.sn = a.sn
  and f.company_id = a.company_id and f.flapping)`;

const ALERT_SELECT = (reader: Reader) => sql`
  select a.id, a.rule_id, r.name as rule_name, r.level, r.description, r.conditions, r.condition_mode,
         a.sn, d.name as device_name, a.condition_key, a.state, a.value, ${readBy(reader)} as read, a.count,
         a.pending_since, a.started_at, a.last_seen_at, a.resolved_at, a.acknowledged_at,
         u.user_name as acknowledged_by_name, a.ack_note, ${FLAPPING} as flapping
    from alert a
    join alert_rule r on r.id = a.rule_id
    left join device d on d.sn = a.sn and d.company_id = a.company_id
    left join app_user u on u.id = a.acknowledged_by`;

export async function listAlerts(
  db: DbOrTx,
  reader: Reader,
  filter: AlertFilter,
): Promise<{ rows: AlertRow[]; total: number }> {
  const offset = (filter.pageNum - 1) * filter.pageSize;
  const [rows, total] = await Promise.all([
    alertRows(db, reader, filter, offset, filter.pageSize),
    countAlerts(db, reader, filter),
  ]);
  return { rows, total };
}

/** The list's filter as SQL (read state only with a person to read it: the export has none). */
function alertWhere(reader: Reader, filter: AlertExportFilter & { read?: 'read' | 'unread' | undefined }) {
  const parts = [inScope('a.company_id', reader)];
  if (filter.levels?.length) parts.push(sql`r.level in (${sql.join(filter.levels)})`);
  if (filter.states?.length) parts.push(sql`a.state in (${sql.join(filter.states)})`);
  if (filter.read === 'read') parts.push(readBy(reader));
  if (filter.read === 'unread') parts.push(sql`not ${readBy(reader)}`);
  if (filter.ruleId !== undefined) parts.push(sql`a.rule_id = ${filter.ruleId}`);
  if (filter.flapping !== undefined) parts.push(filter.flapping ? FLAPPING : sql`not ${FLAPPING}`);
  if (filter.sn) parts.push(sql`a.sn ilike ${containsPattern(filter.sn)}`);
  if (filter.startTime !== undefined) parts.push(sql`a.last_seen_at >= ${new Date(filter.startTime)}`);
  if (filter.endTime !== undefined) parts.push(sql`a.last_seen_at <= ${new Date(filter.endTime)}`);
  return sql.join(parts, sql` and `);
}

/** `limit` alerts from `offset` in the list's order: open ones first, then the last seen. */
export async function alertRows(
  db: DbOrTx,
  reader: Reader,
  filter: AlertExportFilter & { read?: 'read' | 'unread' | undefined },
  offset: number,
  limit: number,
): Promise<AlertRow[]> {
  const { rows } = await sql<AlertRow>`${ALERT_SELECT(reader)} where ${alertWhere(reader, filter)}
    order by case a.state when 'firing' then 0 when 'pending' then 1 else 2 end, a.last_seen_at desc, a.id desc
    limit ${limit} offset ${offset}`.execute(db);
  return rows;
}

export async function countAlerts(
  db: DbOrTx,
  reader: Reader,
  filter: AlertExportFilter & { read?: 'read' | 'unread' | undefined },
): Promise<number> {
  const { rows } = await sql<{
    n: string;
  }>`select count(*) as n from alert a join alert_rule r on r.id = a.rule_id
    where ${alertWhere(reader, filter)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export async function findAlert(db: DbOrTx, reader: Reader, id: number): Promise<AlertRow | null> {
  const { rows } = await sql<AlertRow>`${ALERT_SELECT(reader)}
    where a.id = ${id} and ${inScope('a.company_id', reader)}`.execute(db);
  return rows[0] ?? null;
}

/** Acknowledges a firing alert of the owning company; false when it is not firing (any more). */
export async function acknowledgeAlert(
  db: DbOrTx,
  reader: Reader,
  id: number,
  note: string,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('alert')
    .set({ acknowledged_by: reader.userId, acknowledged_at: at, ack_note: note, updated_at: at })
    .where('id', '=', id)
    .where('company_id', '=', owningCompany(reader.scope))
    .where('state', '=', 'firing')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Read marks for the caller on alerts of the owning company; answers how many were unread. */
export async function markAlertsRead(db: DbOrTx, reader: Reader, ids: readonly number[] | 'all') {
  const companyId = owningCompany(reader.scope);
  const result = await sql`insert into alert_read (alert_id, user_id, company_id)
    select a.id, ${reader.userId}, a.company_id from alert a
     where a.company_id = ${companyId} ${ids === 'all' ? sql`` : sql`and a.id in (${sql.join(ids)})`}
    on conflict do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** The caller's unread firing alerts (the badge). */
/**
 * The badge counts the alerts of levels the reader did not switch the console off for (their notification
 * choices, docs/decisions.md "Notification choices"); the alert centre's list still shows them all.
 */
export async function unreadFiringCount(db: DbOrTx, reader: Reader): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from alert a
    where ${inScope('a.company_id', reader)} and a.state = 'firing' and not ${readBy(reader)}
      and not exists (select 1 from alert_rule r
        join notification_choice nc on nc.category = 'alerts' and nc.level = r.level
       where r.id = a.rule_id and nc.company_id = a.company_id and nc.user_id = ${reader.userId}
         and nc.channel = 'console' and not nc.enabled)`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The caller's unread firing alerts per device group and level (the dashboard's alert summary). */
export async function unreadFiringByGroup(
  db: DbOrTx,
  reader: Reader,
): Promise<{ groupId: string | null; groupName: string | null; severity: string; count: number }[]> {
  const { rows } = await sql<{
    group_id: string | null;
    group_name: string | null;
    level: string;
    n: string;
  }>`
    select d.group_id, g.name as group_name, r.level, count(*) as n
      from alert a
      join alert_rule r on r.id = a.rule_id
      join device d on d.sn = a.sn and d.company_id = a.company_id
      left join company_group g on g.id = d.group_id
     where ${inScope('a.company_id', reader)} and a.state = 'firing' and not ${readBy(reader)}
     group by 1, 2, 3`.execute(db);
  return rows.map((r) => ({
    groupId: r.group_id === null ? null : String(r.group_id),
    groupName: r.group_name,
    severity: r.level,
    count: Number(r.n),
  }));
}
