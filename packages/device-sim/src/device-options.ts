import type { SeriesId } from '@fleetport/contract';
import type { IClientOptions } from 'mqtt';
import type { ClaimOptions } from './mqtt-link.ts';
import type { RealVpnSite } from './real-vpn.ts';

export interface SimulatedDeviceOptions {
  sn: string;
  series: SeriesId;
  model?: string;
  /** Broker URL, e.g. `mqtt://localhost:1883` or `mqtts://...`. */
  url: string;
  /** The device secret; without it the device claims itself (when `claim` is set). */
  secret?: string;
  claim?: boolean | ClaimOptions;
  keepAlive?: number;
  telemetryPeriodMs?: number;
  /**
   * Bytes per second through the router's VPN tunnel. Above 0 the router has a tunnel and its telemetry
   * carries the `vpn` counters (since boot) the cloud draws from the company's data pool; 0 (default):
   * no tunnel, no `vpn` field.
   */
  vpnBytesPerSecond?: number;
  /**
   * Real mode (root, Linux; docs/device-protocol.md §7.6): the router runs `openvpn` with the profile of
   * `vpnJoin` in this site's network namespace and forwards to its LAN (`createRealVpnSite`).
   */
  realVpn?: RealVpnSite;
  /** Multiplies simulated durations (reboot, ping probes, downloads); 0.01 makes tests quick. */
  timeScale?: number;
  /** Time a reboot keeps the device offline, before scaling. */
  rebootSeconds?: number;
  /** First delay before reconnecting after a lost connection; doubles up to a minute. */
  reconnectDelayMs?: number;
  /**
   * Longest wait between claims the cloud refused (an SN not imported yet). Short by default so a
   * router waiting for its import comes online a few seconds after the import.
   */
  claimRetryMaxMs?: number;
  /** Schema-check every outgoing message and throw on a wrong one (tests). */
  validate?: boolean;
  /** Really download packages and upload captures over HTTP(S). */
  transfers?: boolean;
  mqtt?: IClientOptions;
  /** Called when a claim issued a new secret, so a caller can keep it. */
  onSecret?: (sn: string, secret: string) => void;
}

export type DeviceStatus = 'stopped' | 'claiming' | 'connecting' | 'online' | 'offline' | 'rebooting';

export interface DeviceStats {
  messagesSent: number;
  rpcReceived: number;
  rpcAnswered: number;
  connects: number;
}
