import type { VpnTunnelFilter } from '@fleetport/contract';
import { sql } from 'kysely';
import { type CompanyScope, scopedCompanyIds } from '../../platform/auth/actor.ts';
import { containsPattern } from '../../platform/db/like.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/**
 * SQL of the VPN console's dashboard charts and devices page: traffic from the hubs' samples
 * (`vpn_traffic.carried`, what each read added), the tunnels of every group. Each takes the caller's scope.
 */

export interface TrafficRange {
  start: Date;
  end: Date;
}

/** Bytes per group and bucket (an hour, or a UTC day) in the range. */
export async function trafficBuckets(
  db: DbOrTx,
  scope: CompanyScope,
  range: TrafficRange,
  bucket: 'hour' | 'day',
  groupId: number | undefined,
): Promise<{ groupId: number; at: number; bytes: number }[]> {
  const { rows } = await sql<{ group_id: number; bucket: Date; bytes: string | number }>`
    select group_id, date_trunc(${bucket}, at, 'UTC') as bucket, sum(carried) as bytes
      from vpn_traffic
     where company_id in (${sql.join(scopedCompanyIds(scope))})
       and at >= ${range.start} and at <= ${range.end}
       ${groupId === undefined ? sql`` : sql`and group_id = ${groupId}`}
     group by 1, 2 order by 2`.execute(db);
  return rows.map((r) => ({
    groupId: Number(r.group_id),
    at: new Date(r.bucket).getTime(),
    bytes: Number(r.bytes),
  }));
}

/** The members whose tunnels carried the most in the range, most first. */
export async function topMembers(
  db: DbOrTx,
  scope: CompanyScope,
  range: TrafficRange,
  groupId: number | undefined,
  limit: number,
): Promise<{ groupId: number; memberKey: string; bytes: number }[]> {
  const { rows } = await sql<{ group_id: number; member_key: string; bytes: string | number }>`
    select group_id, member_key, sum(carried) as bytes
      from vpn_traffic
     where company_id in (${sql.join(scopedCompanyIds(scope))})
       and at >= ${range.start} and at <= ${range.end}
       ${groupId === undefined ? sql`` : sql`and group_id = ${groupId}`}
     group by 1, 2 having sum(carried) > 0
     order by 3 desc, 2 limit ${limit}`.execute(db);
  return rows.map((r) => ({ groupId: Number(r.group_id), memberKey: r.member_key, bytes: Number(r.bytes) }));
}

/** Names of the scope's groups, routers (by SN) and service clients (by id) among those asked. */
export async function namesOf(
  db: DbOrTx,
  scope: CompanyScope,
  ask: { groupIds: number[]; sns: string[]; clientIds: number[] },
) {
  const companies = scopedCompanyIds(scope);
  const [groups, devices, clients] = await Promise.all([
    ask.groupIds.length
      ? db
          .selectFrom('vpn_group')
          .select(['id', 'name'])
          .where('company_id', 'in', companies)
          .where('id', 'in', ask.groupIds)
          .execute()
      : [],
    ask.sns.length
      ? db
          .selectFrom('device')
          .select(['sn', 'name'])
          .where('company_id', 'in', companies)
          .where('sn', 'in', ask.sns)
          .execute()
      : [],
    ask.clientIds.length
      ? db
          .selectFrom('vpn_service_client')
          .select(['id', 'name'])
          .where('company_id', 'in', companies)
          .where('id', 'in', ask.clientIds)
          .execute()
      : [],
  ]);
  return {
    groups: new Map(groups.map((g) => [Number(g.id), g.name])),
    devices: new Map(devices.map((d) => [d.sn, d.name])),
    clients: new Map(clients.map((c) => [Number(c.id), c.name])),
  };
}

/** Per region of the scope's groups: groups, running groups (their ids), connected tunnels and the last read. */
export async function regionFigures(db: DbOrTx, scope: CompanyScope) {
  const companies = scopedCompanyIds(scope);
  const groups = await db
    .selectFrom('vpn_group')
    .select(['id', 'region', 'state'])
    .where('company_id', 'in', companies)
    .execute();
  const members = await db
    .selectFrom('vpn_member')
    .innerJoin('vpn_group', 'vpn_group.id', 'vpn_member.group_id')
    .select([
      'vpn_group.region',
      (eb) =>
        eb.fn
          .count<string>('vpn_member.id')
          .filterWhere('vpn_member.vpn_state', '=', 'connected')
          .as('tunnels'),
      (eb) => eb.fn.max('vpn_member.status_at').as('last'),
    ])
    .where('vpn_member.company_id', 'in', companies)
    .where('vpn_member.active', '=', true)
    .groupBy('vpn_group.region')
    .execute();
  return {
    groups: groups.map((g) => ({ id: Number(g.id), region: g.region, state: g.state })),
    byRegion: new Map(
      members.map((m) => [
        m.region,
        { tunnels: Number(m.tunnels), last: m.last === null ? null : new Date(m.last as Date).getTime() },
      ]),
    ),
  };
}

/** The tunnels (active members) of the scope's groups matching the filter, for the list and its export. */
function filteredTunnels(db: DbOrTx, scope: CompanyScope, f: VpnTunnelFilter) {
  const companies = scopedCompanyIds(scope);
  let q = db
    .selectFrom('vpn_member as m')
    .innerJoin('vpn_group as g', 'g.id', 'm.group_id')
    .leftJoin('device as d', (join) => join.onRef('d.sn', '=', 'm.sn').on('d.company_id', 'in', companies))
    .leftJoin('vpn_service_client as c', (join) =>
      join.onRef('c.id', '=', 'm.client_id').on('c.company_id', 'in', companies),
    )
    .where('m.company_id', 'in', companies)
    .where('m.active', '=', true);
  if (f.vpnGroupId !== undefined) q = q.where('m.group_id', '=', f.vpnGroupId);
  if (f.kind) q = q.where('m.kind', '=', f.kind);
  if (f.vpnState) q = q.where('m.vpn_state', '=', f.vpnState);
  if (f.keyword) {
    const like = containsPattern(f.keyword);
    q = q.where((eb) =>
      eb.or([
        eb('m.sn', 'ilike', like),
        eb('d.name', 'ilike', like),
        eb('c.name', 'ilike', like),
        eb('m.virtual_ip', 'ilike', like),
      ]),
    );
  }
  return q;
}

export interface TunnelRecord {
  kind: 'device' | 'client';
  sn: string | null;
  client_id: number | null;
  device_name: string | null;
  client_name: string | null;
  model: string | null;
  online: boolean | null;
  group_id: number;
  group_name: string;
  virtual_ip: string;
  vpn_state: 'connected' | 'disconnected';
  real_address: string | null;
  bytes_in: number;
  bytes_out: number;
  joined_at: Date;
}

export async function tunnelRows(
  db: DbOrTx,
  scope: CompanyScope,
  f: VpnTunnelFilter,
  offset: number,
  limit: number,
): Promise<TunnelRecord[]> {
  const rows = await filteredTunnels(db, scope, f)
    .select([
      'm.kind',
      'm.sn',
      'm.client_id',
      'd.name as device_name',
      'c.name as client_name',
      'd.model',
      'd.online',
      'm.group_id',
      'g.name as group_name',
      'm.virtual_ip',
      'm.vpn_state',
      'm.real_address',
      'm.bytes_in',
      'm.bytes_out',
      'm.joined_at',
    ])
    .orderBy('g.name')
    .orderBy('m.group_id')
    .orderBy('m.kind', 'desc')
    .orderBy('m.id')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    ...r,
    client_id: r.client_id === null ? null : Number(r.client_id),
    group_id: Number(r.group_id),
    bytes_in: Number(r.bytes_in),
    bytes_out: Number(r.bytes_out),
  }));
}

/** How many tunnels match, counting no further than `limit`. */
export async function countTunnels(
  db: DbOrTx,
  scope: CompanyScope,
  f: VpnTunnelFilter,
  limit = Number.MAX_SAFE_INTEGER,
): Promise<number> {
  const matching = filteredTunnels(db, scope, f).select('m.id').limit(limit);
  const row = await db
    .selectFrom(matching.as('x'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The ids among `ids` of the scope's notifications of the given kinds. */
export async function vpnNotificationIds(
  db: DbOrTx,
  scope: CompanyScope,
  ids: readonly number[],
  kinds: readonly string[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('device_notification')
    .select('id')
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('id', 'in', [...ids])
    .where('biz_type', 'in', [...kinds])
    .execute();
  return rows.map((r) => Number(r.id));
}
