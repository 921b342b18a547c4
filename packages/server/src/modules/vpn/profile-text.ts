import type { Credentials } from './certificates.ts';
import type { GroupRecord } from './vpn.store.ts';

/**
 * An OpenVPN client profile (.ovpn) for one member of a group: the hub's address and the group's
 * tunnel settings, the company CA, and the member's own certificate and key inline, as the OpenVPN
 * desktop clients import it and as a router receives it in `vpnJoin`.
 */
export function renderClientProfile(
  group: GroupRecord,
  hub: { host: string },
  creds: Credentials,
  title: string,
): string {
  const lines = [
    `# Fleetport VPN profile: ${title}`,
    'client',
    'dev tun',
    `proto ${group.protocol === 'tcp' ? 'tcp-client' : 'udp'}`,
    `remote ${hub.host} ${group.port}`,
    'nobind',
    'persist-key',
    'persist-tun',
    'resolv-retry infinite',
    'remote-cert-tls server',
    'verify-x509-name fleetport-hub name',
    `data-ciphers ${group.cipher}`,
    `tun-mtu ${group.mtu}`,
    ...(group.protocol === 'udp' ? [`fragment ${group.fragment}`, 'mssfix'] : []),
    'verb 3',
    `<ca>\n${creds.caPem.trim()}\n</ca>`,
    `<cert>\n${creds.certPem.trim()}\n</cert>`,
    `<key>\n${creds.keyPem.trim()}\n</key>`,
    '',
  ];
  return lines.join('\n');
}
