import type { CallParsedInput, setVpnDeviceLimitCall, VpnGroupUsage } from '@fleetport/contract';
import { ErrorCode } from '@fleetport/contract';
import { type Actor, owningCompany, owningScope } from '../../platform/auth/actor.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { getCompanyDevice } from '../devices/device-list.store.ts';
import { preparePki } from './certificates.ts';
import { syncGroup } from './hub-sync.ts';
import { groupUsage } from './usage.ts';
import { deviceKey, findGroupOrFail, type VpnDeps } from './vpn.service.ts';
import * as store from './vpn.store.ts';

/** VPN data limits (docs/decisions.md "VPN data limits"): the group's and its devices' traffic per cycle. */

export async function getUsage(deps: VpnDeps, actor: Actor, vpnGroupId: number): Promise<VpnGroupUsage> {
  const group = await findGroupOrFail(deps, actor, vpnGroupId);
  const members = await store.groupMembers(deps.db, actor.scope, group.id);
  return groupUsage(deps.db, actor.scope, group, members, deps.clock.now());
}

export async function setDeviceLimit(
  deps: VpnDeps,
  actor: Actor,
  input: CallParsedInput<typeof setVpnDeviceLimitCall>,
): Promise<null> {
  await preparePki(deps);
  const scope = owningScope(actor.scope);
  // A device the company does not have is 120002, as on every call naming an SN, before its group.
  await getCompanyDevice(deps.db, scope, input.sn);
  await inTransaction(deps.db, async (tx) => {
    const group = await findGroupOrFail(deps, actor, input.vpnGroupId, tx, true);
    const member = (await store.groupMembers(tx, scope, group.id)).find(
      (m) => m.active && m.member_key === deviceKey(input.sn),
    );
    if (!member) throw new AppError(ErrorCode.VPN_DEVICE_NOT_IN_GROUP);
    await store.setMemberLimit(tx, scope, group.id, member.member_key, input.dataLimitMb);
    // A higher limit lets a refused device in again at once; a lower one refuses it at once.
    await syncGroup(deps, tx, owningCompany(scope), group.id);
  });
  return null;
}
