import type { AlertRuleInputSchema, AlertTargets } from '@fleetport/contract';
import { type RawBuilder, sql } from 'kysely';
import type { z } from 'zod';
import { type CompanyScope, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import { containsPattern } from '../../platform/db/like.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import { usageDeltas } from '../devices/device-usage.ts';

/**
 * SQL of alert rules. The console's functions take the caller's scope; `enabledRules` and
 * `targetDevices` are the sweep's, which acts for each rule's own company (as the gateway files a
 * device's telemetry under the device's company).
 */

export type RuleValues = z.output<typeof AlertRuleInputSchema>;

export interface StoredRule extends RuleValues {
  id: number;
  companyId: number;
  openAlerts: number;
  updatedAt: Date;
}

const inScope = (column: string, scope: CompanyScope) =>
  sql<boolean>`${sql.ref(column)} in (${sql.join(scopedCompanyIds(scope))})`;

interface RuleRow {
  id: string | number;
  company_id: string | number;
  name: string;
  level: string;
  description: string;
  targets: unknown;
  condition_mode: string;
  conditions: unknown;
  trigger_volume: number;
  trigger_interval_value: number;
  trigger_interval_unit: string;
  pending_minutes: number;
  email: unknown;
  enabled: boolean;
  updated_at: Date;
  open_alerts?: string | number;
}

const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

function toRule(r: RuleRow): StoredRule {
  return {
    id: Number(r.id),
    companyId: Number(r.company_id),
    name: r.name,
    level: r.level as StoredRule['level'],
    description: r.description,
    targets: json(r.targets) as StoredRule['targets'],
    conditionMode: r.condition_mode as StoredRule['conditionMode'],
    conditions: json(r.conditions) as StoredRule['conditions'],
    triggerVolume: r.trigger_volume,
    triggerInterval: {
      value: r.trigger_interval_value,
      unit: r.trigger_interval_unit as StoredRule['triggerInterval']['unit'],
    },
    pendingMinutes: r.pending_minutes,
    email: json(r.email) as StoredRule['email'],
    enabled: r.enabled,
    openAlerts: Number(r.open_alerts ?? 0),
    updatedAt: new Date(r.updated_at),
  };
}

const RULE_COLUMNS = sql`r.*, (select count(*) from alert a where a.rule_id = r.id
  and a.state in ('pending', 'firing')) as open_alerts`;

export async function listRules(
  db: DbOrTx,
  scope: CompanyScope,
  query: { name?: string | undefined; pageNum: number; pageSize: number },
): Promise<{ list: StoredRule[]; total: number }> {
  const where = sql`${inScope('r.company_id', scope)}
    ${query.name ? sql`and r.name ilike ${containsPattern(query.name)}` : sql``}`;
  const [{ rows }, { rows: count }] = await Promise.all([
    sql<RuleRow>`select ${RULE_COLUMNS} from alert_rule r where ${where}
      order by lower(r.name), r.id limit ${query.pageSize} offset ${(query.pageNum - 1) * query.pageSize}`.execute(
      db,
    ),
    sql<{ n: string }>`select count(*) as n from alert_rule r where ${where}`.execute(db),
  ]);
  return { list: rows.map(toRule), total: Number(count[0]?.n ?? 0) };
}

export async function findRule(db: DbOrTx, scope: CompanyScope, id: number, lock = false) {
  const { rows } = await sql<RuleRow>`select ${RULE_COLUMNS} from alert_rule r
    where r.id = ${id} and ${inScope('r.company_id', scope)} ${lock ? sql`for update of r` : sql``}`.execute(
    db,
  );
  return rows[0] ? toRule(rows[0]) : null;
}

/** Another rule of the company with this name, any case (800027). */
export async function ruleNameTaken(db: DbOrTx, scope: CompanyScope, name: string, exceptId?: number) {
  const row = await db
    .selectFrom('alert_rule')
    .select('id')
    .where('company_id', '=', owningCompany(scope))
    .where(sql<boolean>`lower(name) = lower(${name})`)
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId as number))
    .executeTakeFirst();
  return row !== undefined;
}

export async function countRules(db: DbOrTx, scope: CompanyScope): Promise<number> {
  const row = await db
    .selectFrom('alert_rule')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', owningCompany(scope))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function columns(values: RuleValues) {
  return {
    name: values.name,
    level: values.level,
    description: values.description,
    targets: JSON.stringify(values.targets),
    condition_mode: values.conditionMode,
    conditions: JSON.stringify(values.conditions),
    trigger_volume: values.triggerVolume,
    trigger_interval_value: values.triggerInterval.value,
    trigger_interval_unit: values.triggerInterval.unit,
    pending_minutes: values.pendingMinutes,
    email: JSON.stringify(values.email),
  };
}

export async function insertRule(
  db: DbOrTx,
  scope: CompanyScope,
  values: RuleValues,
  by: number,
  at: Date,
): Promise<number> {
  const row = await db
    .insertInto('alert_rule')
    .values({
      company_id: owningCompany(scope),
      ...columns(values),
      enabled: values.enabled,
      created_by: by,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateRule(db: DbOrTx, scope: CompanyScope, id: number, values: RuleValues, at: Date) {
  await db
    .updateTable('alert_rule')
    .set({ ...columns(values), enabled: values.enabled, updated_at: at })
    .where('id', '=', id)
    .where('company_id', '=', owningCompany(scope))
    .execute();
}

export async function setRuleEnabled(
  db: DbOrTx,
  scope: CompanyScope,
  id: number,
  enabled: boolean,
  at: Date,
) {
  await db
    .updateTable('alert_rule')
    .set({ enabled, updated_at: at })
    .where('id', '=', id)
    .where('company_id', '=', owningCompany(scope))
    .execute();
}

export async function deleteRule(db: DbOrTx, scope: CompanyScope, id: number) {
  await db
    .deleteFrom('alert_rule')
    .where('id', '=', id)
    .where('company_id', '=', owningCompany(scope))
    .execute();
}

/** The sweep's work list: every enabled rule of every company. */
export async function enabledRules(db: DbOrTx): Promise<StoredRule[]> {
  const { rows } = await sql<RuleRow>`select r.* from alert_rule r where r.enabled order by r.id`.execute(db);
  return rows.map(toRule);
}

/**
 * Takes the rule for one sweep; null when another node holds it (it is being evaluated there) or it
 * was disabled meanwhile. Held until the caller's transaction ends.
 */
export async function claimRule(db: DbOrTx, id: number): Promise<boolean> {
  const { rows } = await sql`select id from alert_rule where id = ${id} and enabled
    for update skip locked`.execute(db);
  return rows.length > 0;
}

export interface TargetDevice {
  sn: string;
  online: boolean;
  /** When it last went online or offline (its last contact for a device never seen to change). */
  since: Date | null;
}

/** The rule's target query, run now: later members count, devices that left no longer do. */
function targetWhere(companyId: number, targets: AlertTargets) {
  switch (targets.mode) {
    case 'all':
      return sql`true`;
    case 'groups':
      return sql`d.group_id in (
        with recursive tree as (
          select id from company_group where company_id = ${companyId} and id in (${sql.join(targets.groupIds)})
          union all
          select c.id from company_group c join tree on c.parent_id = tree.id
        ) select id from tree)`;
    case 'tags':
      return sql`exists (select 1 from device_tag_link l join device_tag t on t.id = l.tag_id
        where l.sn = d.sn and t.company_id = ${companyId} and t.id in (${sql.join(targets.tagIds)}))`;
    case 'devices':
      return sql`d.sn in (${sql.join(targets.sns)})`;
  }
}

export async function targetDevices(db: DbOrTx, rule: StoredRule): Promise<TargetDevice[]> {
  const { rows } = await sql<{
    sn: string;
    online: boolean;
    since: Date | null;
  }>`select d.sn, d.online, coalesce(d.online_changed_at, d.last_seen_at) as since
       from device d where d.company_id = ${rule.companyId} and ${targetWhere(rule.companyId, rule.targets)}`.execute(
    db,
  );
  return rows.map((r) => ({ sn: r.sn, online: r.online, since: r.since ? new Date(r.since) : null }));
}

export interface SignalReading {
  /** Samples below the trigger value within the window. */
  breaches: number;
  /** The newest sample (the lowest SIM's, when several SIMs reported at once). */
  latest: number;
}

/**
 * A signal metric of the rule's devices within (since, until]: per device, how many samples were
 * below `below` and the newest value. Devices without a sample of the metric in the window are absent:
 * their telemetry is missing, which neither fires nor clears (docs/decisions.md "Alert rules").
 */
export async function signalReadings(
  db: DbOrTx,
  rule: StoredRule,
  metric: string,
  sim: number | null,
  below: number,
  since: Date,
  until: Date,
): Promise<Map<string, SignalReading>> {
  const { rows } = await sql<{ sn: string; breaches: string; latest: number }>`
    select t.sn, count(*) filter (where x.v < ${below}) as breaches,
           (array_agg(x.v order by t.at desc, x.v asc))[1] as latest
      from device d
      join device_telemetry t on t.sn = d.sn and t.company_id = d.company_id
      cross join lateral jsonb_array_elements(case jsonb_typeof(t.data->'signal')
        when 'array' then t.data->'signal' else '[]'::jsonb end) s
      cross join lateral (select (s->>${metric})::float8 as v) x
     where d.company_id = ${rule.companyId} and ${targetWhere(rule.companyId, rule.targets)}
       and t.at > ${since} and t.at <= ${until} and x.v is not null
       ${sim === null ? sql`` : sql`and (s->>'sim')::int = ${sim}`}
     group by t.sn`.execute(db);
  return new Map(rows.map((r) => [r.sn, { breaches: Number(r.breaches), latest: Number(r.latest) }]));
}

export interface ResourceReading {
  breaches: number;
  latest: number;
}

/** Per device: telemetry samples of `field` above `above` in (since, until], and the newest value. */
export async function resourceReadings(
  db: DbOrTx,
  rule: StoredRule,
  field: 'cpuPercent' | 'memoryPercent' | 'temperatureC',
  above: number,
  since: Date,
  until: Date,
): Promise<Map<string, ResourceReading>> {
  const { rows } = await sql<{ sn: string; breaches: string; latest: number }>`
    select t.sn, count(*) filter (where x.v > ${above}) as breaches,
           (array_agg(x.v order by t.at desc))[1] as latest
      from device d
      join device_telemetry t on t.sn = d.sn and t.company_id = d.company_id
      cross join lateral (select case jsonb_typeof(t.data->${field})
        when 'number' then (t.data->>${field})::float8 end as v) x
     where d.company_id = ${rule.companyId} and ${targetWhere(rule.companyId, rule.targets)}
       and t.at > ${since} and t.at <= ${until} and x.v is not null
     group by t.sn`.execute(db);
  return new Map(rows.map((r) => [r.sn, { breaches: Number(r.breaches), latest: Number(r.latest) }]));
}

/** When something counted by a condition happened, per device: how many in the window, and the newest (any time). */
export type Happenings = Map<string, { count: number; latestAt: Date }>;

/**
 * Per device: the rows of `table` (alias `h`, with `sn` and `company_id`) matching `where` whose time
 * column `at` falls in (since, until], and the newest of them up to `until` (any time before too).
 */
async function happeningsIn(
  db: DbOrTx,
  rule: StoredRule,
  table: 'device_event' | 'rpc_command' | 'device_change_set',
  at: 'at' | 'updated_at' | 'finished_at',
  where: RawBuilder<unknown>,
  since: Date,
  until: Date,
): Promise<Happenings> {
  const time = sql.ref(`h.${at}`);
  const { rows } = await sql<{ sn: string; count: string; latest_at: Date }>`
    select h.sn, count(*) filter (where ${time} > ${since}) as count, max(${time}) as latest_at
      from device d
      join ${sql.table(table)} h on h.sn = d.sn and h.company_id = d.company_id
     where d.company_id = ${rule.companyId} and ${targetWhere(rule.companyId, rule.targets)}
       and ${where} and ${time} <= ${until}
     group by h.sn`.execute(db);
  return new Map(rows.map((r) => [r.sn, { count: Number(r.count), latestAt: new Date(r.latest_at) }]));
}

/** Per device: how many events of `types` arrived in (since, until], and when the newest did (any time). */
export const eventCounts = (
  db: DbOrTx,
  rule: StoredRule,
  types: readonly string[],
  since: Date,
  until: Date,
): Promise<Happenings> =>
  happeningsIn(db, rule, 'device_event', 'at', sql`h.type in (${sql.join(types)})`, since, until);

/** The remote actions that update a device's firmware or apps (docs/device-protocol.md §9). */
export const UPDATE_METHODS = ['firmwareInstall', 'appInstall'] as const;

/**
 * Per device: firmware and app updates that ended `failure` or `timeout` in (since, until] (their
 * `updated_at` is when they ended), and when the newest such ended.
 */
export const updateFailures = (db: DbOrTx, rule: StoredRule, since: Date, until: Date) =>
  happeningsIn(
    db,
    rule,
    'rpc_command',
    'updated_at',
    sql`h.method in (${sql.join([...UPDATE_METHODS])}) and h.state in ('failure', 'timeout')`,
    since,
    until,
  );

/** Per device: configuration change-sets that ended `rejected` or `reverted` in (since, until]. */
export const configRejections = (db: DbOrTx, rule: StoredRule, since: Date, until: Date) =>
  happeningsIn(
    db,
    rule,
    'device_change_set',
    'finished_at',
    sql`h.state in ('rejected', 'reverted')`,
    since,
    until,
  );

/**
 * Per device: the bytes (received and sent) of the links matching `link` (a prefix: `cellular` is both
 * SIMs') or of one SIM's link in [since, until], counted as the dashboard counts usage. Devices
 * without a sample of those links in the range are absent: their telemetry is missing.
 */
export async function usageBytes(
  db: DbOrTx,
  rule: StoredRule,
  of: { link: string | null; sim: number | null },
  since: Date,
  until: Date,
): Promise<Map<string, number>> {
  const links =
    of.sim !== null ? sql`u->>'link' = ${`cellular${of.sim}`}` : sql`u->>'link' like ${`${of.link}%`}`;
  const { rows } = await sql<{ sn: string; bytes: number }>`
    ${usageDeltas(sql`t.company_id = ${rule.companyId} and t.sn in (select d.sn from device d
      where d.company_id = ${rule.companyId} and ${targetWhere(rule.companyId, rule.targets)})
      and t.at >= ${since} and t.at <= ${until} and ${links}`)}
    select sn, sum(rx + tx) as bytes from deltas group by sn`.execute(db);
  return new Map(rows.map((r) => [r.sn, Number(r.bytes)]));
}
