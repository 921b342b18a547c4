import { ErrorCode } from '@fleetport/contract';
import type { Actor } from '../../platform/auth/actor.ts';
import { owningCompany } from '../../platform/auth/actor.ts';
import { AppError } from '../../platform/errors.ts';
import { issueMemberCertificates, memberCredentials, preparePki } from './certificates.ts';
import { renderClientProfile } from './profile-text.ts';
import { findClientOrFail } from './service-clients.service.ts';
import { clientKey, findGroupOrFail, type VpnDeps } from './vpn.service.ts';
import * as store from './vpn.store.ts';

/**
 * A service client's OpenVPN profile (.ovpn) for one of its groups: the hub's address and the group's
 * tunnel settings, the company CA, and the client's own certificate and key inline, as the OpenVPN
 * desktop clients import it. The certificate is issued on the first download and kept; deleting the
 * client or its link revokes it.
 */

export async function clientProfile(
  deps: VpnDeps,
  actor: Actor,
  input: { clientId: number; vpnGroupId: number },
): Promise<{ fileName: string; text: string }> {
  const client = await findClientOrFail(deps, actor, input.clientId);
  const group = await findGroupOrFail(deps, actor, input.vpnGroupId);
  const key = clientKey(client.id);
  const linked = (await store.groupMembers(deps.db, actor.scope, group.id)).some(
    (m) => m.active && m.member_key === key,
  );
  if (!linked) throw new AppError(ErrorCode.VPN_CLIENT_NOT_IN_GROUP);
  const companyId = owningCompany(actor.scope);
  await preparePki(deps);
  await issueMemberCertificates(deps, companyId, group.id, [key], deps.clock.now());
  const creds = await memberCredentials(deps, deps.db, companyId, group.id, key);
  if (!creds) throw new AppError(ErrorCode.VPN_CLIENT_NOT_IN_GROUP);
  const safe = (s: string) => s.replace(/[^\w-]+/g, '_');
  return {
    fileName: `${safe(client.name)}-${safe(group.name)}.ovpn`,
    text: renderClientProfile(
      group,
      { host: deps.config.vpn.publicHost },
      creds,
      `${client.name} in ${group.name}`,
    ),
  };
}
