/**
 * A VPN hub as the platform sees it (issue 17): it runs one OpenVPN server instance per running group
 * and answers for their connections. The embedded default is `LocalHub` (local-hub.ts), `openvpn`
 * processes on this machine; hubs in other regions will register with the platform and speak the same
 * interface (docs/deployment.md "VPN hubs").
 */

/** Everything one group's hub instance is made from. */
export interface HubInstance {
  groupId: number;
  port: number;
  protocol: 'udp' | 'tcp';
  network: string;
  netmask: string;
  cipher: string;
  pingInterval: number;
  pingRetry: number;
  mtu: number;
  fragment: number;
  caPem: string;
  certPem: string;
  keyPem: string;
  crlPem: string;
  /**
   * The members allowed in, by certificate name, each with its fixed virtual address, the subnets
   * routed to it at the hub (its site's LAN, its end devices' mapped addresses; CIDR) and the routes
   * pushed to it (the other sites' LANs; CIDR).
   */
  members: readonly {
    commonName: string;
    virtualIp: string;
    iroutes?: readonly string[];
    pushRoutes?: readonly string[];
    /** Refused at the hub for now (its data limit or its group's is reached): `disable`. */
    disabled?: boolean;
  }[];
  /** Routes pushed to every member (the sites' published LAN subnets), CIDR. */
  routes: readonly string[];
}

/** One connected tunnel as the hub's management interface reports it. */
export interface HubConnection {
  commonName: string;
  realAddress: string;
  virtualAddress: string;
  bytesIn: number;
  bytesOut: number;
  connectedSince: Date;
}

export type HubHealth =
  | { state: 'running'; version: string; instances: number }
  | { state: 'notAnswering'; version: string; instances: number }
  | { state: 'notInstalled' };

/** Thrown when the hub, or one of its instances, does not answer; the API answers 180004. */
export class HubNotAnswering extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HubNotAnswering';
  }
}

export interface VpnHub {
  health(): Promise<HubHealth>;
  /** Starts the group's instance, or brings a running one up to date (members, CRL; a restart when its settings changed). */
  apply(instance: HubInstance): Promise<void>;
  /** Stops the group's instance and forgets its files. */
  remove(groupId: number): Promise<void>;
  /** Drops a member's tunnel at once (after its certificate was revoked). */
  disconnect(groupId: number, commonName: string): Promise<void>;
  /** The group's connected tunnels. */
  connections(groupId: number): Promise<HubConnection[]>;
  /** Groups with an instance now. */
  groups(): number[];
  close(): Promise<void>;
}
