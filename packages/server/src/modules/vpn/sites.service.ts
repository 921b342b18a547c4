import type {
  addVpnEndDeviceCall,
  CallParsedInput,
  listVpnEndDevicesCall,
  setVpnDeviceLanCall,
  VpnEndDevice,
} from '@fleetport/contract';
import { ErrorCode } from '@fleetport/contract';
import { type Actor, owningCompany, owningScope } from '../../platform/auth/actor.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { getCompanyDevice } from '../devices/device-list.store.ts';
import { type Block, blockOf, VPN_POOL } from './address-plan.ts';
import { preparePki } from './certificates.ts';
import { syncGroup } from './hub-sync.ts';
import { sendJoins } from './router-commands.ts';
import { assignAddresses, deviceKey, findGroupOrFail, type VpnDeps } from './vpn.service.ts';
import type { EndDeviceRecord } from './vpn.store.ts';
import * as store from './vpn.store.ts';

/**
 * VPN sites (docs/decisions.md "VPN sites"): the LAN subnet a router publishes in its group and the
 * end devices (PLCs) behind it, each with a virtual address of the group that the router maps 1:1 to
 * the device's own. Every change brings the hub up to date in its transaction (180004 when it does not
 * answer) and sends the router its `vpnJoin` again with what it now publishes.
 */

function cidrBlock(cidr: string): Block {
  const [network, prefix] = cidr.split('/');
  return blockOf(network ?? '0.0.0.0', Number(prefix ?? 32));
}

function overlaps(a: Block, b: Block): boolean {
  return a.start < b.start + b.size && b.start < a.start + a.size;
}

async function activeDevice(
  tx: Parameters<typeof store.groupMembers>[0],
  actor: Actor,
  groupId: number,
  sn: string,
) {
  const member = (await store.groupMembers(tx, actor.scope, groupId)).find(
    (m) => m.active && m.member_key === deviceKey(sn),
  );
  if (!member) throw new AppError(ErrorCode.VPN_DEVICE_NOT_IN_GROUP);
  return member;
}

export async function setDeviceLan(
  deps: VpnDeps,
  actor: Actor,
  input: CallParsedInput<typeof setVpnDeviceLanCall>,
): Promise<null> {
  await preparePki(deps);
  const scope = owningScope(actor.scope);
  const companyId = owningCompany(scope);
  // A device the company does not have is 120002, as on every call naming an SN, before its group.
  await getCompanyDevice(deps.db, scope, input.sn);
  await inTransaction(deps.db, async (tx) => {
    const group = await findGroupOrFail(deps, actor, input.vpnGroupId, tx, true);
    await activeDevice(tx, actor, group.id, input.sn);
    if (input.lanSubnet) {
      const wanted = cidrBlock(input.lanSubnet);
      // Not the platform's VPN pool (every group's virtual network is in it), nor another site's LAN.
      if (overlaps(wanted, blockOf(VPN_POOL.network, VPN_POOL.prefix)))
        throw new AppError(ErrorCode.VPN_LAN_OVERLAP);
      const others = (await store.groupMembers(tx, scope, group.id)).filter(
        (m) => m.active && m.member_key !== deviceKey(input.sn) && m.lan_subnet,
      );
      if (others.some((m) => overlaps(wanted, cidrBlock(m.lan_subnet as string))))
        throw new AppError(ErrorCode.VPN_LAN_OVERLAP);
    }
    await store.setMemberLan(tx, scope, group.id, deviceKey(input.sn), input.lanSubnet);
    await syncGroup(deps, tx, companyId, group.id);
  });
  await sendJoins(deps, companyId, input.vpnGroupId, [input.sn]);
  return null;
}

function toEndDevice(row: EndDeviceRecord): VpnEndDevice {
  return {
    endDeviceId: row.id,
    sn: row.sn,
    name: row.name,
    ip: row.ip,
    virtualIp: row.virtual_ip,
    createdAt: row.created_at.getTime(),
  };
}

export async function listEndDevices(
  deps: VpnDeps,
  actor: Actor,
  input: CallParsedInput<typeof listVpnEndDevicesCall>,
): Promise<{ list: VpnEndDevice[]; total: number }> {
  const group = await findGroupOrFail(deps, actor, input.vpnGroupId);
  const { rows, total } = await store.pageEndDevices(
    deps.db,
    actor.scope,
    group.id,
    (input.pageNum - 1) * input.pageSize,
    input.pageSize,
  );
  return { list: rows.map(toEndDevice), total };
}

export async function addEndDevice(
  deps: VpnDeps,
  actor: Actor,
  input: CallParsedInput<typeof addVpnEndDeviceCall>,
): Promise<VpnEndDevice> {
  await preparePki(deps);
  const scope = owningScope(actor.scope);
  const companyId = owningCompany(scope);
  await getCompanyDevice(deps.db, scope, input.sn);
  const saved = await inTransaction(deps.db, async (tx) => {
    const group = await findGroupOrFail(deps, actor, input.vpnGroupId, tx, true);
    const router = await activeDevice(tx, actor, group.id, input.sn);
    // The PLC sits on the router's LAN: when the site declared one, its address must be in it.
    if (router.lan_subnet && !overlaps(cidrBlock(`${input.ip}/32`), cidrBlock(router.lan_subnet)))
      throw new AppError(ErrorCode.VPN_END_DEVICE_OUTSIDE_LAN);
    const ends = await store.groupEndDevices(tx, scope, group.id);
    if (ends.some((e) => e.sn === input.sn && e.ip === input.ip))
      throw new AppError(ErrorCode.END_DEVICE_IP_IN_USE);
    const key = `end:${input.sn}:${input.ip}`;
    const address = (await assignAddresses(tx, scope, group, [key])).get(key) as string;
    const row = await store.insertEndDevice(
      tx,
      scope,
      { groupId: group.id, sn: input.sn, name: input.name, ip: input.ip, virtualIp: address },
      deps.clock.now(),
    );
    await syncGroup(deps, tx, companyId, group.id);
    return row;
  });
  await sendJoins(deps, companyId, input.vpnGroupId, [input.sn]);
  return toEndDevice(saved);
}

export async function removeEndDevice(
  deps: VpnDeps,
  actor: Actor,
  input: { vpnGroupId: number; endDeviceId: number },
): Promise<null> {
  await preparePki(deps);
  const scope = owningScope(actor.scope);
  const companyId = owningCompany(scope);
  const sn = await inTransaction(deps.db, async (tx) => {
    const group = await findGroupOrFail(deps, actor, input.vpnGroupId, tx, true);
    const gone = await store.deleteEndDevice(tx, scope, group.id, input.endDeviceId);
    if (!gone) throw new AppError(ErrorCode.VPN_END_DEVICE_NOT_FOUND);
    await syncGroup(deps, tx, companyId, group.id);
    return gone;
  });
  const stillMember = (await store.groupMembers(deps.db, scope, input.vpnGroupId)).some(
    (m) => m.active && m.member_key === deviceKey(sn),
  );
  if (stillMember) await sendJoins(deps, companyId, input.vpnGroupId, [sn]);
  return null;
}
