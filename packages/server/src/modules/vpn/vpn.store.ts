import { sql } from 'kysely';
import { type CompanyScope, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import { containsPattern } from '../../platform/db/like.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import type { Block } from './address-plan.ts';
import { blockOf } from './address-plan.ts';
import type { VpnTables } from './vpn.tables.ts';

/** SQL of VPN groups and their members. Every caller-facing function takes the caller's scope. */

export interface GroupRecord {
  id: number;
  company_id: number;
  name: string;
  region: string;
  network: string;
  prefix: number;
  port: number;
  protocol: VpnTables['vpn_group']['protocol'];
  ping_interval: number;
  ping_retry: number;
  mtu: number;
  fragment: number;
  cipher: VpnTables['vpn_group']['cipher'];
  data_limit_mb: number;
  cycle: VpnTables['vpn_group']['cycle'];
  site_ip_access_type: VpnTables['vpn_group']['site_ip_access_type'];
  state: VpnTables['vpn_group']['state'];
  created_at: Date;
  updated_at: Date;
}

export type GroupSettingsRow = Omit<GroupRecord, 'id' | 'company_id' | 'created_at' | 'updated_at'>;

function toGroup(row: Record<string, unknown>): GroupRecord {
  const r = row as unknown as GroupRecord;
  return { ...r, id: Number(r.id), company_id: Number(r.company_id), data_limit_mb: Number(r.data_limit_mb) };
}

/** Serialises the platform-wide allocation of networks and ports (two nodes creating at once). */
export async function lockAllocation(tx: DbOrTx): Promise<void> {
  await sql`select pg_advisory_xact_lock(170017)`.execute(tx);
}

export async function countGroups(db: DbOrTx, scope: CompanyScope): Promise<number> {
  const row = await db
    .selectFrom('vpn_group')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', owningCompany(scope))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function groupNameTaken(
  db: DbOrTx,
  scope: CompanyScope,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  let q = db
    .selectFrom('vpn_group')
    .select('id')
    .where('company_id', '=', owningCompany(scope))
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/**
 * Every group's network and port on the platform, of every company: the hub hosts route them all, so
 * a new one overlaps none (only blocks and port numbers come back, nothing a company could read).
 */
export async function takenAllocations(db: DbOrTx): Promise<{ blocks: Block[]; ports: Set<number> }> {
  const rows = await db.selectFrom('vpn_group').select(['network', 'prefix', 'port']).execute();
  return {
    blocks: rows.map((r) => blockOf(r.network, r.prefix)),
    ports: new Set(rows.map((r) => r.port)),
  };
}

export async function insertGroup(
  db: DbOrTx,
  scope: CompanyScope,
  settings: GroupSettingsRow,
  at: Date,
): Promise<GroupRecord> {
  const row = await db
    .insertInto('vpn_group')
    .values({ ...settings, company_id: owningCompany(scope), created_at: at, updated_at: at })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toGroup(row);
}

export async function findGroup(
  db: DbOrTx,
  scope: CompanyScope,
  id: number,
  lock = false,
): Promise<GroupRecord | undefined> {
  let q = db
    .selectFrom('vpn_group')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', 'in', scopedCompanyIds(scope));
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row ? toGroup(row) : undefined;
}

export async function findGroupsByIds(db: DbOrTx, scope: CompanyScope, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('vpn_group')
    .selectAll()
    .where('id', 'in', ids)
    .where('company_id', 'in', scopedCompanyIds(scope))
    .execute();
  return rows.map(toGroup);
}

export async function pageGroups(
  db: DbOrTx,
  scope: CompanyScope,
  filter: { name?: string | undefined },
  offset: number,
  limit: number,
): Promise<{ rows: GroupRecord[]; total: number }> {
  let q = db.selectFrom('vpn_group').where('company_id', 'in', scopedCompanyIds(scope));
  if (filter.name) q = q.where('name', 'ilike', containsPattern(filter.name));
  const total = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return { rows: rows.map(toGroup), total: Number(total.n) };
}

/** Active members per group and kind. */
export async function memberCounts(
  db: DbOrTx,
  groupIds: readonly number[],
): Promise<Map<number, { devices: number; clients: number }>> {
  const counts = new Map<number, { devices: number; clients: number }>();
  if (groupIds.length === 0) return counts;
  const rows = await db
    .selectFrom('vpn_member')
    .select(['group_id', 'kind', (eb) => eb.fn.countAll<string>().as('n')])
    .where('group_id', 'in', groupIds)
    .where('active', '=', true)
    .groupBy(['group_id', 'kind'])
    .execute();
  for (const r of rows) {
    const c = counts.get(Number(r.group_id)) ?? { devices: 0, clients: 0 };
    if (r.kind === 'device') c.devices = Number(r.n);
    else c.clients = Number(r.n);
    counts.set(Number(r.group_id), c);
  }
  return counts;
}

export async function updateGroup(
  db: DbOrTx,
  scope: CompanyScope,
  id: number,
  patch: Partial<GroupSettingsRow>,
  at: Date,
): Promise<void> {
  await db
    .updateTable('vpn_group')
    .set({ ...patch, updated_at: at })
    .where('id', '=', id)
    .where('company_id', '=', owningCompany(scope))
    .execute();
}

export async function deleteGroup(db: DbOrTx, scope: CompanyScope, id: number): Promise<void> {
  await db
    .deleteFrom('vpn_group')
    .where('id', '=', id)
    .where('company_id', '=', owningCompany(scope))
    .execute();
}

export interface MemberRecord {
  id: number;
  group_id: number;
  member_key: string;
  kind: 'device' | 'client';
  sn: string | null;
  client_id: number | null;
  virtual_ip: string;
  active: boolean;
  joined_at: Date;
  left_at: Date | null;
  vpn_state: 'connected' | 'disconnected';
  real_address: string | null;
  bytes_in: number;
  bytes_out: number;
  lan_subnet: string | null;
  data_limit_mb: number | null;
}

function toMember(row: Record<string, unknown>): MemberRecord {
  const r = row as unknown as MemberRecord;
  return {
    ...r,
    id: Number(r.id),
    group_id: Number(r.group_id),
    client_id: r.client_id === null ? null : Number(r.client_id),
    data_limit_mb: r.data_limit_mb === null || r.data_limit_mb === undefined ? null : Number(r.data_limit_mb),
    bytes_in: Number(r.bytes_in),
    bytes_out: Number(r.bytes_out),
  };
}

/** Every member row of a group, those that left included (their addresses stay theirs). */
export async function groupMembers(
  db: DbOrTx,
  scope: CompanyScope,
  groupId: number,
): Promise<MemberRecord[]> {
  const rows = await db
    .selectFrom('vpn_member')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('company_id', 'in', scopedCompanyIds(scope))
    .orderBy('id')
    .execute();
  return rows.map(toMember);
}

/** The devices among `sns` that are active members of any group of the company, with that group. */
export async function devicesInGroups(db: DbOrTx, scope: CompanyScope, sns: readonly string[]) {
  if (sns.length === 0) return [];
  return db
    .selectFrom('vpn_member')
    .select(['sn', 'group_id'])
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('kind', '=', 'device')
    .where('active', '=', true)
    .where('sn', 'in', sns)
    .execute();
}

/** Joins (or rejoins with its kept address) a member. */
export async function saveMember(
  db: DbOrTx,
  scope: CompanyScope,
  member: {
    groupId: number;
    memberKey: string;
    kind: 'device' | 'client';
    sn: string | null;
    clientId: number | null;
    virtualIp: string;
  },
  at: Date,
): Promise<void> {
  await db
    .insertInto('vpn_member')
    .values({
      company_id: owningCompany(scope),
      group_id: member.groupId,
      member_key: member.memberKey,
      kind: member.kind,
      sn: member.sn,
      client_id: member.clientId,
      virtual_ip: member.virtualIp,
      active: true,
      joined_at: at,
      left_at: null,
    })
    .onConflict((oc) =>
      oc.columns(['group_id', 'member_key']).doUpdateSet({
        active: true,
        joined_at: at,
        left_at: null,
        virtual_ip: member.virtualIp,
        vpn_state: 'disconnected',
        real_address: null,
      }),
    )
    .execute();
}

/** A left member whose address another takes: its row goes, so the address is free. */
export async function forgetMember(db: DbOrTx, scope: CompanyScope, memberId: number): Promise<void> {
  await db
    .deleteFrom('vpn_member')
    .where('id', '=', memberId)
    .where('company_id', '=', owningCompany(scope))
    .where('active', '=', false)
    .execute();
}

export async function leaveGroup(
  db: DbOrTx,
  scope: CompanyScope,
  groupId: number,
  memberKeys: readonly string[],
  at: Date,
): Promise<void> {
  if (memberKeys.length === 0) return;
  await db
    .updateTable('vpn_member')
    .set({ active: false, left_at: at, vpn_state: 'disconnected', real_address: null })
    .where('group_id', '=', groupId)
    .where('company_id', '=', owningCompany(scope))
    .where('member_key', 'in', memberKeys)
    .execute();
}

/**
 * Devices the hub of `region` serves, across every company: its capacity is the platform's (180006).
 * Only a count comes back.
 */
export async function regionDeviceLoad(db: DbOrTx, region: string): Promise<number> {
  const row = await db
    .selectFrom('vpn_member')
    .innerJoin('vpn_group', 'vpn_group.id', 'vpn_member.group_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('vpn_group.region', '=', region)
    .where('vpn_member.kind', '=', 'device')
    .where('vpn_member.active', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The company's devices among `sns`. */
export async function companyDevices(db: DbOrTx, scope: CompanyScope, sns: readonly string[]) {
  if (sns.length === 0) return [];
  return db
    .selectFrom('device')
    .select(['sn', 'name', 'model', 'online'])
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('sn', 'in', sns)
    .execute();
}

export async function pageGroupDevices(
  db: DbOrTx,
  scope: CompanyScope,
  groupId: number,
  offset: number,
  limit: number,
) {
  const base = db
    .selectFrom('vpn_member')
    .innerJoin('device', 'device.sn', 'vpn_member.sn')
    .where('vpn_member.group_id', '=', groupId)
    .where('vpn_member.company_id', 'in', scopedCompanyIds(scope))
    .where('device.company_id', 'in', scopedCompanyIds(scope))
    .where('vpn_member.kind', '=', 'device')
    .where('vpn_member.active', '=', true);
  const total = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'device.sn',
      'device.name',
      'device.model',
      'device.online',
      'vpn_member.virtual_ip',
      'vpn_member.vpn_state',
      'vpn_member.real_address',
      'vpn_member.bytes_in',
      'vpn_member.bytes_out',
      'vpn_member.lan_subnet',
      'vpn_member.joined_at',
    ])
    .orderBy('vpn_member.virtual_ip')
    .offset(offset)
    .limit(limit)
    .execute();
  return { rows, total: Number(total.n) };
}

export async function pageUngroupedDevices(
  db: DbOrTx,
  scope: CompanyScope,
  keyword: string | undefined,
  offset: number,
  limit: number,
) {
  let base = db
    .selectFrom('device')
    .where('device.company_id', 'in', scopedCompanyIds(scope))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('vpn_member')
            .select('vpn_member.id')
            .whereRef('vpn_member.sn', '=', 'device.sn')
            .where('vpn_member.kind', '=', 'device')
            .where('vpn_member.active', '=', true),
        ),
      ),
    );
  if (keyword) {
    const pattern = containsPattern(keyword);
    base = base.where((eb) =>
      eb.or([eb('device.sn', 'ilike', pattern), eb('device.name', 'ilike', pattern)]),
    );
  }
  const total = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['device.sn', 'device.name', 'device.model', 'device.online'])
    .orderBy('device.sn')
    .offset(offset)
    .limit(limit)
    .execute();
  return { rows, total: Number(total.n) };
}

/**
 * The hub's side (not caller-scoped, like the device gateway): the groups a hub serves, each read with
 * its own company's scope afterwards.
 */
export async function hubGroups(db: DbOrTx): Promise<{ id: number; company_id: number; state: string }[]> {
  const rows = await db.selectFrom('vpn_group').select(['id', 'company_id', 'state']).execute();
  return rows.map((r) => ({ id: Number(r.id), company_id: Number(r.company_id), state: r.state }));
}

/** What the hub said of one member now: its tunnel state, public address and counters. */
export async function saveMemberStatus(
  db: DbOrTx,
  scope: CompanyScope,
  groupId: number,
  memberKey: string,
  status: {
    connected: boolean;
    realAddress: string | null;
    bytesIn: number;
    bytesOut: number;
    /** What the tunnel carried since the previous read (the data limits' count). */
    carried?: number;
  },
  at: Date,
): Promise<void> {
  await db
    .updateTable('vpn_member')
    .set({
      vpn_state: status.connected ? 'connected' : 'disconnected',
      real_address: status.realAddress,
      ...(status.connected ? { bytes_in: status.bytesIn, bytes_out: status.bytesOut } : {}),
      status_at: at,
    })
    .where('group_id', '=', groupId)
    .where('company_id', '=', owningCompany(scope))
    .where('member_key', '=', memberKey)
    .execute();
  if (status.connected)
    await db
      .insertInto('vpn_traffic')
      .values({
        company_id: owningCompany(scope),
        group_id: groupId,
        member_key: memberKey,
        at,
        bytes_in: status.bytesIn,
        bytes_out: status.bytesOut,
        carried: status.carried ?? 0,
      })
      .execute();
}

/** Traffic samples of every company older than `before` (the retention of telemetry). */
export async function dropTrafficBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.deleteFrom('vpn_traffic').where('at', '<', before).execute();
}

/** Sets the LAN subnet an active device member publishes. */
export async function setMemberLan(
  db: DbOrTx,
  scope: CompanyScope,
  groupId: number,
  memberKey: string,
  lanSubnet: string | null,
): Promise<void> {
  await db
    .updateTable('vpn_member')
    .set({ lan_subnet: lanSubnet })
    .where('group_id', '=', groupId)
    .where('member_key', '=', memberKey)
    .where('company_id', '=', owningCompany(scope))
    .execute();
}

export interface EndDeviceRecord {
  id: number;
  group_id: number;
  sn: string;
  name: string;
  ip: string;
  virtual_ip: string;
  created_at: Date;
}

/** Every end device of a group, by SN and address. */
export async function groupEndDevices(
  db: DbOrTx,
  scope: CompanyScope,
  groupId: number,
): Promise<EndDeviceRecord[]> {
  const rows = await db
    .selectFrom('vpn_end_device')
    .select(['id', 'group_id', 'sn', 'name', 'ip', 'virtual_ip', 'created_at'])
    .where('group_id', '=', groupId)
    .where('company_id', 'in', scopedCompanyIds(scope))
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), group_id: Number(r.group_id) }));
}

export async function pageEndDevices(
  db: DbOrTx,
  scope: CompanyScope,
  groupId: number,
  offset: number,
  limit: number,
): Promise<{ rows: EndDeviceRecord[]; total: number }> {
  const base = db
    .selectFrom('vpn_end_device')
    .where('group_id', '=', groupId)
    .where('company_id', 'in', scopedCompanyIds(scope));
  const total = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['id', 'group_id', 'sn', 'name', 'ip', 'virtual_ip', 'created_at'])
    .orderBy('sn')
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
  return {
    rows: rows.map((r) => ({ ...r, id: Number(r.id), group_id: Number(r.group_id) })),
    total: Number(total.n),
  };
}

export async function insertEndDevice(
  db: DbOrTx,
  scope: CompanyScope,
  row: { groupId: number; sn: string; name: string; ip: string; virtualIp: string },
  at: Date,
): Promise<EndDeviceRecord> {
  const saved = await db
    .insertInto('vpn_end_device')
    .values({
      company_id: owningCompany(scope),
      group_id: row.groupId,
      sn: row.sn,
      name: row.name,
      ip: row.ip,
      virtual_ip: row.virtualIp,
      created_at: at,
    })
    .returning(['id', 'group_id', 'sn', 'name', 'ip', 'virtual_ip', 'created_at'])
    .executeTakeFirstOrThrow();
  return { ...saved, id: Number(saved.id), group_id: Number(saved.group_id) };
}

/** Deletes one end device of the group; the SN it sat behind, or null when there was none. */
export async function deleteEndDevice(
  db: DbOrTx,
  scope: CompanyScope,
  groupId: number,
  id: number,
): Promise<string | null> {
  const gone = await db
    .deleteFrom('vpn_end_device')
    .where('id', '=', id)
    .where('group_id', '=', groupId)
    .where('company_id', '=', owningCompany(scope))
    .returning('sn')
    .executeTakeFirst();
  return gone?.sn ?? null;
}

export async function setMemberLimit(
  db: DbOrTx,
  scope: CompanyScope,
  groupId: number,
  memberKey: string,
  limitMb: number | null,
): Promise<void> {
  await db
    .updateTable('vpn_member')
    .set({ data_limit_mb: limitMb })
    .where('group_id', '=', groupId)
    .where('member_key', '=', memberKey)
    .where('company_id', '=', owningCompany(scope))
    .execute();
}

/** Adds a member's traffic to its count of the cycle starting `cycleStart`. */
export async function addUsage(
  db: DbOrTx,
  scope: CompanyScope,
  groupId: number,
  memberKey: string,
  cycleStart: Date,
  bytes: number,
): Promise<void> {
  if (bytes <= 0) return;
  await db
    .insertInto('vpn_usage')
    .values({
      company_id: owningCompany(scope),
      group_id: groupId,
      member_key: memberKey,
      cycle_start: cycleStart,
      bytes,
    })
    .onConflict((oc) =>
      oc.columns(['group_id', 'member_key', 'cycle_start']).doUpdateSet((eb) => ({
        bytes: eb('vpn_usage.bytes', '+', eb.ref('excluded.bytes')),
      })),
    )
    .execute();
}

/** Each member's traffic in the cycle starting `cycleStart`. */
export async function cycleUsage(
  db: DbOrTx,
  scope: CompanyScope,
  groupId: number,
  cycleStart: Date,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('vpn_usage')
    .select(['member_key', 'bytes'])
    .where('group_id', '=', groupId)
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('cycle_start', '=', cycleStart)
    .execute();
  return new Map(rows.map((r) => [r.member_key, Number(r.bytes)]));
}

/**
 * Marks a data limit warning told for a group's cycle; answers false when it was told already (by
 * this node or another, before a restart or not): the primary key keeps one mark per level and cycle.
 */
export async function markLimitNotice(
  db: DbOrTx,
  scope: CompanyScope,
  groupId: number,
  cycleStart: Date,
  level: 'warning' | 'exhausted',
  at: Date,
): Promise<boolean> {
  const row = await db
    .insertInto('vpn_limit_notice')
    .values({ company_id: owningCompany(scope), group_id: groupId, cycle_start: cycleStart, level, at })
    .onConflict((oc) => oc.columns(['group_id', 'cycle_start', 'level']).doNothing())
    .returning('level')
    .executeTakeFirst();
  return row !== undefined;
}

/** One active member of a group, or undefined. */
export async function findActiveMember(
  db: DbOrTx,
  scope: CompanyScope,
  groupId: number,
  memberKey: string,
): Promise<MemberRecord | undefined> {
  const row = await db
    .selectFrom('vpn_member')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('member_key', '=', memberKey)
    .where('active', '=', true)
    .executeTakeFirst();
  return row ? toMember(row) : undefined;
}

/** The group's traffic in the cycle starting `cycleStart`, all members together. */
export async function cycleTotal(
  db: DbOrTx,
  scope: CompanyScope,
  groupId: number,
  cycleStart: Date,
): Promise<number> {
  const row = await db
    .selectFrom('vpn_usage')
    .select((eb) => eb.fn.sum<string | number | null>('bytes').as('total'))
    .where('group_id', '=', groupId)
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('cycle_start', '=', cycleStart)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** The warnings told for a group's cycle. */
export async function toldLimitNotices(
  db: DbOrTx,
  scope: CompanyScope,
  groupId: number,
  cycleStart: Date,
): Promise<Set<'warning' | 'exhausted'>> {
  const rows = await db
    .selectFrom('vpn_limit_notice')
    .select('level')
    .where('group_id', '=', groupId)
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('cycle_start', '=', cycleStart)
    .execute();
  return new Set(rows.map((r) => r.level));
}
