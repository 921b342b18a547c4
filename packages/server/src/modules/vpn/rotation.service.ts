import { type CallParsedInput, ErrorCode, type rotateVpnCertificateCall } from '@fleetport/contract';
import { type Actor, owningCompany, owningScope } from '../../platform/auth/actor.ts';
import { AppError } from '../../platform/errors.ts';
import { preparePki, rotateMemberCertificate } from './certificates.ts';
import { dropTunnels, syncGroup } from './hub-sync.ts';
import { sendRotation } from './router-commands.ts';
import { findClientOrFail } from './service-clients.service.ts';
import { clientKey, deviceKey, findGroupOrFail, type VpnDeps } from './vpn.service.ts';
import * as store from './vpn.store.ts';

/**
 * Certificate rotation (docs/decisions.md "VPN certificate rotation"): a router's or a service client's
 * certificate in a group is replaced by a new one of the company CA; the old one goes on the CRL the
 * hub checks at every connection, so a tunnel with it cannot come back, and its tunnel is dropped now.
 * A router gets the new certificate and key over the command queue (`vpnRotateCertificate`, waiting up
 * to a day for an offline one); a client's user downloads the profile again.
 */
export async function rotateCertificate(
  deps: VpnDeps,
  actor: Actor,
  input: CallParsedInput<typeof rotateVpnCertificateCall>,
) {
  const scope = owningScope(actor.scope);
  const companyId = owningCompany(scope);
  const group = await findGroupOrFail(deps, actor, input.vpnGroupId);
  if (input.clientId !== undefined) await findClientOrFail(deps, actor, input.clientId);
  const key = input.sn !== undefined ? deviceKey(input.sn) : clientKey(input.clientId as number);
  const member = await store.findActiveMember(deps.db, scope, group.id, key);
  if (!member)
    throw new AppError(
      input.sn !== undefined ? ErrorCode.VPN_DEVICE_NOT_IN_GROUP : ErrorCode.VPN_CLIENT_NOT_IN_GROUP,
    );
  await preparePki(deps);
  const rotated = await rotateMemberCertificate(deps, companyId, group.id, key, deps.clock.now(), (tx) =>
    syncGroup(deps, tx, companyId, group.id),
  );
  await dropTunnels(deps, group.id, [key]);
  if (input.sn !== undefined) await sendRotation(deps, companyId, group.id, input.sn, rotated);
  return { serial: rotated.serial, commonName: rotated.commonName, notAfter: rotated.notAfter.getTime() };
}
