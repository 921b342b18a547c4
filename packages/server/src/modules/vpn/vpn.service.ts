import type {
  addVpnGroupDevicesCall,
  CallParsedInput,
  createVpnGroupCall,
  listUngroupedDevicesCall,
  listVpnGroupDevicesCall,
  listVpnGroupsCall,
  removeVpnGroupDevicesCall,
  updateVpnGroupCall,
} from '@fleetport/contract';
import {
  ErrorCode,
  MAX_VPN_GROUPS_PER_COMPANY,
  regionsFor,
  SITE_IP_ACCESS_TYPES,
  type VpnGroup,
  type VpnMemberDevice,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { type Actor, owningCompany, owningScope } from '../../platform/auth/actor.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { assertDeviceAllows } from '../licences/entitlements.ts';
import { allocateNetwork, cidrOf, freeMemberAddress, hubAddressOf, memberCapacity } from './address-plan.ts';
import { preparePki, revokeMembers } from './certificates.ts';
import { dropTunnels, syncGroup } from './hub-sync.ts';
import { announceLimitNotice, tellLimitCrossing } from './limit-notices.ts';
import { sendJoins, sendLeaves } from './router-commands.ts';
import type { GroupRecord, GroupSettingsRow, MemberRecord } from './vpn.store.ts';
import * as store from './vpn.store.ts';

/** VPN groups and their devices (issue 17): allocation, limits and the licence gate. */

export type VpnDeps = ModuleDeps<'db' | 'clock' | 'config' | 'vpnHub' | 'gateway'> &
  Partial<ModuleDeps<'hub'>>;

export function siteIpAccessTypes() {
  return SITE_IP_ACCESS_TYPES.map(({ value, en, cn }) => ({ value, en, cn }));
}

export function toVpnGroup(row: GroupRecord, counts?: { devices: number; clients: number }): VpnGroup {
  return {
    vpnGroupId: row.id,
    name: row.name,
    region: row.region,
    virtualNetwork: cidrOf(row.network, row.prefix),
    hubAddress: hubAddressOf(row.network),
    port: row.port,
    protocol: row.protocol,
    pingInterval: row.ping_interval,
    pingRetry: row.ping_retry,
    mtu: row.mtu,
    fragment: row.fragment,
    cipher: row.cipher,
    dataLimitMb: row.data_limit_mb,
    cycle: row.cycle,
    siteIpAccessType: row.site_ip_access_type,
    state: row.state,
    deviceCount: counts?.devices ?? 0,
    clientCount: counts?.clients ?? 0,
    capacity: memberCapacity(row.prefix),
    createdAt: row.created_at.getTime(),
  };
}

export async function findGroupOrFail(deps: VpnDeps, actor: Actor, id: number, tx = deps.db, lock = false) {
  const row = await store.findGroup(tx, actor.scope, id, lock);
  if (!row) throw new AppError(ErrorCode.VPN_GROUP_NOT_FOUND);
  return row;
}

async function describe(deps: VpnDeps, row: GroupRecord): Promise<VpnGroup> {
  const counts = await store.memberCounts(deps.db, [row.id]);
  return toVpnGroup(row, counts.get(row.id));
}

export async function listGroups(
  deps: VpnDeps,
  actor: Actor,
  input: CallParsedInput<typeof listVpnGroupsCall>,
) {
  const { rows, total } = await store.pageGroups(
    deps.db,
    actor.scope,
    { name: input.name },
    (input.pageNum - 1) * input.pageSize,
    input.pageSize,
  );
  const counts = await store.memberCounts(
    deps.db,
    rows.map((r) => r.id),
  );
  return { list: rows.map((r) => toVpnGroup(r, counts.get(r.id))), total };
}

export async function getGroup(deps: VpnDeps, actor: Actor, id: number) {
  return describe(deps, await findGroupOrFail(deps, actor, id));
}

type GroupInput = CallParsedInput<typeof createVpnGroupCall> | CallParsedInput<typeof updateVpnGroupCall>;

function checkRegion(deps: VpnDeps, region: string): void {
  const offered: readonly string[] = regionsFor(deps.config.licenceEnvironment === 'china');
  if (!offered.includes(region)) throw fieldError('region', `region: one of ${offered.join(', ')}`);
}

/** The tunnel settings of the input; the hub's instance restarts when one of these changes. */
function tunnelSettings(input: GroupInput) {
  return {
    region: input.region,
    protocol: input.protocol,
    ping_interval: input.pingInterval,
    ping_retry: input.pingRetry,
    mtu: input.mtu,
    fragment: input.fragment,
    cipher: input.cipher,
    site_ip_access_type: input.siteIpAccessType,
  };
}

export async function createGroup(
  deps: VpnDeps,
  actor: Actor,
  input: CallParsedInput<typeof createVpnGroupCall>,
): Promise<VpnGroup> {
  await preparePki(deps);
  checkRegion(deps, input.region);
  const scope = owningScope(actor.scope);
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (tx) => {
    await store.lockAllocation(tx);
    if ((await store.countGroups(tx, scope)) >= MAX_VPN_GROUPS_PER_COMPANY)
      throw new AppError(ErrorCode.VPN_GROUP_LIMIT, { num: MAX_VPN_GROUPS_PER_COMPANY });
    if (await store.groupNameTaken(tx, scope, input.name))
      throw new AppError(ErrorCode.VPN_GROUP_NAME_EXISTS);
    const taken = await store.takenAllocations(tx);
    const network = allocateNetwork(input.networkPrefix, taken.blocks);
    if (!network) throw new AppError(ErrorCode.VPN_ADDRESS_POOL_FULL);
    let port = deps.config.vpn.portBase;
    while (taken.ports.has(port)) port++;
    const settings: GroupSettingsRow = {
      name: input.name,
      ...tunnelSettings(input),
      network,
      prefix: input.networkPrefix,
      port,
      data_limit_mb: input.dataLimitMb,
      cycle: input.cycle,
      state: 'running',
    };
    const created = await store.insertGroup(tx, scope, settings, now);
    await syncGroup(deps, tx, owningCompany(scope), created.id);
    return created;
  });
  return toVpnGroup(row);
}

export async function updateGroup(
  deps: VpnDeps,
  actor: Actor,
  input: CallParsedInput<typeof updateVpnGroupCall>,
): Promise<VpnGroup> {
  await preparePki(deps);
  checkRegion(deps, input.region);
  const scope = owningScope(actor.scope);
  const notice = await inTransaction(deps.db, async (tx) => {
    const row = await findGroupOrFail(deps, actor, input.vpnGroupId, tx, true);
    if (await store.groupNameTaken(tx, scope, input.name, row.id))
      throw new AppError(ErrorCode.VPN_GROUP_NAME_EXISTS);
    const tunnel = tunnelSettings(input);
    const changed = (Object.keys(tunnel) as (keyof typeof tunnel)[]).some((key) => row[key] !== tunnel[key]);
    if (changed && row.state === 'running') throw new AppError(ErrorCode.VPN_GROUP_RUNNING);
    await store.updateGroup(
      tx,
      scope,
      row.id,
      { name: input.name, ...tunnel, data_limit_mb: input.dataLimitMb, cycle: input.cycle },
      deps.clock.now(),
    );
    // A new data limit or cycle refuses or lets in the group's members at once (docs/decisions.md).
    if (row.state === 'running') await syncGroup(deps, tx, owningCompany(scope), row.id);
    // A lower limit may cross 80 % or 100 % of it: told as the traffic's own crossing would be.
    const updated = await store.findGroup(tx, scope, row.id);
    return updated ? tellLimitCrossing(tx, updated, deps.clock.now()) : null;
  });
  announceLimitNotice(deps, notice);
  return getGroup(deps, actor, input.vpnGroupId);
}

export async function setGroupState(
  deps: VpnDeps,
  actor: Actor,
  input: { vpnGroupId: number; state: 'running' | 'stopped' },
): Promise<VpnGroup> {
  await preparePki(deps);
  const scope = owningScope(actor.scope);
  await inTransaction(deps.db, async (tx) => {
    const row = await findGroupOrFail(deps, actor, input.vpnGroupId, tx, true);
    if (row.state === input.state) return;
    await store.updateGroup(tx, scope, row.id, { state: input.state }, deps.clock.now());
    // The hub answers before the state is kept: a hub that does not answer leaves it as it was (180004).
    await syncGroup(deps, tx, owningCompany(scope), row.id);
  });
  return getGroup(deps, actor, input.vpnGroupId);
}

export async function deleteGroup(deps: VpnDeps, actor: Actor, id: number): Promise<null> {
  await preparePki(deps);
  const scope = owningScope(actor.scope);
  const companyId = owningCompany(scope);
  const devices = await inTransaction(deps.db, async (tx) => {
    const row = await findGroupOrFail(deps, actor, id, tx, true);
    const members = await store.groupMembers(tx, scope, row.id);
    await revokeMembers(deps, tx, companyId, row.id, null, deps.clock.now());
    await store.deleteGroup(tx, scope, row.id);
    return members.filter((m) => m.active && m.sn !== null).map((m) => m.sn as string);
  });
  await deps.vpnHub?.remove(id).catch(() => undefined);
  await sendLeaves(deps, companyId, id, devices);
  return null;
}

export async function listGroupDevices(
  deps: VpnDeps,
  actor: Actor,
  input: CallParsedInput<typeof listVpnGroupDevicesCall>,
): Promise<{ list: VpnMemberDevice[]; total: number }> {
  const group = await findGroupOrFail(deps, actor, input.vpnGroupId);
  const { rows, total } = await store.pageGroupDevices(
    deps.db,
    actor.scope,
    group.id,
    (input.pageNum - 1) * input.pageSize,
    input.pageSize,
  );
  return {
    list: rows.map((r) => ({
      sn: r.sn,
      name: r.name,
      model: r.model,
      online: r.online,
      virtualIp: r.virtual_ip,
      vpnState: r.vpn_state,
      realAddress: r.real_address,
      bytesIn: Number(r.bytes_in),
      bytesOut: Number(r.bytes_out),
      lanSubnet: r.lan_subnet,
      joinedAt: r.joined_at.getTime(),
    })),
    total,
  };
}

export const deviceKey = (sn: string) => `device:${sn}`;
export const clientKey = (clientId: number) => `client:${clientId}`;

/**
 * Addresses for members joining a group: a member that was here before gets its old address back;
 * a new one the lowest address nobody holds, or, when none is left, the address of the member that
 * left longest ago. Throws 180024 when the network holds no more members.
 */
export async function assignAddresses(
  tx: Parameters<typeof store.forgetMember>[0],
  scope: Actor['scope'],
  group: GroupRecord,
  joining: readonly string[],
): Promise<Map<string, string>> {
  const members = await store.groupMembers(tx, scope, group.id);
  const byKey = new Map(members.map((m) => [m.member_key, m]));
  // End devices hold addresses of the network too (their mapped virtual addresses).
  const ends = await store.groupEndDevices(tx, scope, group.id);
  const active = members.filter((m) => m.active).length + ends.length;
  const newcomers = joining.filter((key) => !byKey.get(key)?.active);
  if (active + newcomers.length > memberCapacity(group.prefix))
    throw new AppError(ErrorCode.VPN_GROUP_IP_LIMIT);
  const used = new Set([...members.map((m) => m.virtual_ip), ...ends.map((e) => e.virtual_ip)]);
  const departed: MemberRecord[] = members
    .filter((m) => !m.active && !joining.includes(m.member_key))
    .sort((a, b) => (a.left_at?.getTime() ?? 0) - (b.left_at?.getTime() ?? 0));
  const assigned = new Map<string, string>();
  for (const key of joining) {
    const known = byKey.get(key);
    if (known) {
      assigned.set(key, known.virtual_ip);
      continue;
    }
    let ip = freeMemberAddress(group.network, group.prefix, used);
    if (!ip) {
      const oldest = departed.shift();
      if (!oldest) throw new AppError(ErrorCode.VPN_GROUP_IP_LIMIT);
      await store.forgetMember(tx, scope, oldest.id);
      ip = oldest.virtual_ip;
    }
    used.add(ip);
    assigned.set(key, ip);
  }
  return assigned;
}

export async function addDevices(
  deps: VpnDeps,
  actor: Actor,
  input: CallParsedInput<typeof addVpnGroupDevicesCall>,
): Promise<{ sn: string; virtualIp: string }[]> {
  await preparePki(deps);
  const scope = owningScope(actor.scope);
  const sns = [...new Set(input.sns)];
  const now = deps.clock.now();
  const joined = await inTransaction(deps.db, async (tx) => {
    const group = await findGroupOrFail(deps, actor, input.vpnGroupId, tx, true);
    const known = new Set((await store.companyDevices(tx, scope, sns)).map((d) => d.sn));
    const missing = sns.find((sn) => !known.has(sn));
    if (missing) throw new AppError(ErrorCode.DEVICE_NOT_FOUND);
    for (const sn of sns) await assertDeviceAllows({ db: tx, clock: deps.clock }, scope, sn, 'vpn');
    const elsewhere = (await store.devicesInGroups(tx, scope, sns)).filter(
      (m) => Number(m.group_id) !== group.id,
    );
    if (elsewhere.length > 0) throw new AppError(ErrorCode.DEVICE_ONE_VPN_GROUP);
    const already = new Set(
      (await store.groupMembers(tx, scope, group.id)).filter((m) => m.active).map((m) => m.member_key),
    );
    const joining = sns.filter((sn) => !already.has(deviceKey(sn)));
    const load = await store.regionDeviceLoad(tx, group.region);
    if (load + joining.length > deps.config.vpn.hubMaxDevices) throw new AppError(ErrorCode.VPN_DEVICE_LIMIT);
    const addresses = await assignAddresses(tx, scope, group, sns.map(deviceKey));
    for (const sn of joining) {
      await store.saveMember(
        tx,
        scope,
        {
          groupId: group.id,
          memberKey: deviceKey(sn),
          kind: 'device',
          sn,
          clientId: null,
          virtualIp: addresses.get(deviceKey(sn)) as string,
        },
        now,
      );
    }
    await syncGroup(deps, tx, owningCompany(scope), group.id);
    return sns.map((sn) => ({ sn, virtualIp: addresses.get(deviceKey(sn)) as string }));
  });
  // Every device of the call, members already included: adding again sends a router its profile again.
  await sendJoins(deps, owningCompany(scope), input.vpnGroupId, sns);
  return joined;
}

export async function removeDevices(
  deps: VpnDeps,
  actor: Actor,
  input: CallParsedInput<typeof removeVpnGroupDevicesCall>,
): Promise<null> {
  await preparePki(deps);
  const scope = owningScope(actor.scope);
  const companyId = owningCompany(scope);
  const keys = [...new Set(input.sns)].map(deviceKey);
  await inTransaction(deps.db, async (tx) => {
    const group = await findGroupOrFail(deps, actor, input.vpnGroupId, tx, true);
    const active = new Set(
      (await store.groupMembers(tx, scope, group.id)).filter((m) => m.active).map((m) => m.member_key),
    );
    if (keys.some((key) => !active.has(key))) throw new AppError(ErrorCode.VPN_DEVICE_NOT_IN_GROUP);
    await store.leaveGroup(tx, scope, group.id, keys, deps.clock.now());
    await revokeMembers(deps, tx, companyId, group.id, keys, deps.clock.now());
    await syncGroup(deps, tx, companyId, group.id);
  });
  await dropTunnels(deps, input.vpnGroupId, keys);
  await sendLeaves(deps, companyId, input.vpnGroupId, [...new Set(input.sns)]);
  return null;
}

export async function listUngrouped(
  deps: VpnDeps,
  actor: Actor,
  input: CallParsedInput<typeof listUngroupedDevicesCall>,
) {
  const { rows, total } = await store.pageUngroupedDevices(
    deps.db,
    actor.scope,
    input.keyword,
    (input.pageNum - 1) * input.pageSize,
    input.pageSize,
  );
  return { list: rows, total };
}
