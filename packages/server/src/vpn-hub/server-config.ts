import type { HubInstance } from './hub.ts';

/**
 * One group's OpenVPN server configuration. The group's settings are OpenVPN's own options: `proto`,
 * `keepalive` (ping interval; restart after interval × retries), `tun-mtu`, `fragment` (UDP only),
 * `data-ciphers` (one AEAD cipher). Members get fixed addresses from their `ccd` files and nobody
 * without one gets in (`ccd-exclusive`); members reach each other through the hub (`client-to-client`).
 */
export function renderServerConfig(instance: HubInstance, managementSocket: string): string {
  const lines = [
    '# Written by Fleetport; changes here are overwritten.',
    `port ${instance.port}`,
    `proto ${instance.protocol === 'tcp' ? 'tcp-server' : 'udp'}`,
    'dev tun',
    'topology subnet',
    `server ${instance.network} ${instance.netmask}`,
    'ca ca.crt',
    'cert server.crt',
    'key server.key',
    'dh none',
    'crl-verify crl.pem',
    'client-config-dir ccd',
    'ccd-exclusive',
    'client-to-client',
    `keepalive ${instance.pingInterval} ${instance.pingInterval * instance.pingRetry}`,
    `data-ciphers ${instance.cipher}`,
    `tun-mtu ${instance.mtu}`,
    ...(instance.protocol === 'udp' ? [`fragment ${instance.fragment}`, 'mssfix'] : []),
    ...instance.routes.map((cidr) => {
      const [network, prefix] = cidr.split('/');
      const mask = 2 ** 32 - 2 ** (32 - Number(prefix));
      const dotted = [24, 16, 8, 0].map((s) => Math.floor(mask / 2 ** s) % 256).join('.');
      return `push "route ${network} ${dotted}"`;
    }),
    `management ${managementSocket} unix`,
    // Read at the next start: an instance left running by a server killed outright is stopped first.
    'writepid openvpn.pid',
    'persist-key',
    'verb 3',
    '',
  ];
  return lines.join('\n');
}
