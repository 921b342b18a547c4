import type { ModuleDeps } from '../../platform/app-deps.ts';
import { companyScope } from '../../platform/auth/actor.ts';
import { issueMemberCertificates, memberCommonName, memberCredentials, preparePki } from './certificates.ts';
import { renderClientProfile } from './profile-text.ts';
import * as store from './vpn.store.ts';

/**
 * Tells routers to join or leave a group, or to take a new certificate, through the device protocol
 * (docs/device-protocol.md §7.6):
 * `vpnJoin` carries the router's OpenVPN profile (the hub, the group's settings, the company CA, its
 * own certificate and key, issued here on first need); `vpnLeave` follows a removal, whose
 * certificate is already revoked. Commands for an offline router wait for it (a day), as every command.
 * Without a device gateway (API tests, a node without MQTT) nothing is sent.
 */

type RouterDeps = ModuleDeps<'db' | 'clock' | 'config' | 'gateway'>;

const DEADLINE_SECONDS = 24 * 3600;

export async function sendJoins(
  deps: RouterDeps,
  companyId: number,
  groupId: number,
  sns: readonly string[],
) {
  const gateway = deps.gateway;
  if (!gateway || sns.length === 0) return;
  await preparePki(deps);
  const scope = companyScope(companyId);
  const group = await store.findGroup(deps.db, scope, groupId);
  if (!group) return;
  const members = new Map(
    (await store.groupMembers(deps.db, scope, groupId)).filter((m) => m.active).map((m) => [m.member_key, m]),
  );
  const endDevices = await store.groupEndDevices(deps.db, scope, groupId);
  const joining = sns.map((sn) => `device:${sn}`).filter((key) => members.has(key));
  await issueMemberCertificates(deps, companyId, groupId, joining, deps.clock.now());
  for (const sn of sns) {
    const key = `device:${sn}`;
    const member = members.get(key);
    if (!member) continue;
    const creds = await memberCredentials(deps, deps.db, companyId, groupId, key);
    if (!creds) continue;
    await gateway.rpc.send({
      companyId,
      sns: [sn],
      method: 'vpnJoin',
      params: {
        groupId,
        commonName: memberCommonName(groupId, key),
        virtualIp: member.virtual_ip,
        profile: renderClientProfile(
          group,
          { host: deps.config.vpn.publicHost },
          creds,
          `${sn} in ${group.name}`,
        ),
        siteIpAccessType: group.site_ip_access_type,
        lanSubnet: group.site_ip_access_type === 'VIRTUAL_IP_OVERLAY_REAL_IP' ? member.lan_subnet : null,
        endDevices: endDevices.filter((e) => e.sn === sn).map((e) => ({ ip: e.ip, virtualIp: e.virtual_ip })),
      },
      deadlineSeconds: DEADLINE_SECONDS,
    });
  }
}

export async function sendLeaves(
  deps: RouterDeps,
  companyId: number,
  groupId: number,
  sns: readonly string[],
) {
  const gateway = deps.gateway;
  if (!gateway || sns.length === 0) return;
  await gateway.rpc.send({
    companyId,
    sns,
    method: 'vpnLeave',
    params: { groupId },
    deadlineSeconds: DEADLINE_SECONDS,
  });
}

/** Sends a router its new certificate and key for the group's tunnel (`vpnRotateCertificate`). */
export async function sendRotation(
  deps: RouterDeps,
  companyId: number,
  groupId: number,
  sn: string,
  creds: { certPem: string; keyPem: string },
) {
  const gateway = deps.gateway;
  if (!gateway) return;
  await gateway.rpc.send({
    companyId,
    sns: [sn],
    method: 'vpnRotateCertificate',
    params: { groupId, certPem: creds.certPem, keyPem: creds.keyPem },
    deadlineSeconds: DEADLINE_SECONDS,
  });
}
