import { SERIES_IDS, type SeriesId } from '@fleetport/contract';
import { type DeviceStatus, SimulatedDevice, type SimulatedDeviceOptions } from './device.ts';
import { DEFAULT_SN_PREFIX, type DeviceIdentity, simulatedSerial } from './identity.ts';
import type { RealVpnSite } from './real-vpn.ts';

export interface FleetOptions extends Omit<SimulatedDeviceOptions, 'sn' | 'series' | 'secret'> {
  /** Series to cycle through; every series by default. */
  series?: readonly SeriesId[];
  /** SN prefix: digits (default `9900`) give 14-digit SNs an import accepts; `SIM` gives `SIM-R3000-000001`. */
  prefix?: string;
  /** First index (so two fleets can share a broker). */
  firstIndex?: number;
  /** Real mode for some routers (root, Linux): the site a router's `openvpn` runs in (`--real-vpn`). */
  realVpnSiteOf?: (position: number, sn: string) => RealVpnSite | undefined;
  /** The secret of a device, e.g. from a file of earlier claims. */
  secretOf?: (sn: string) => string | undefined;
}

export interface FleetStats {
  devices: number;
  byStatus: Record<DeviceStatus, number>;
  messagesSent: number;
  rpcAnswered: number;
  connects: number;
  claimRefused: number;
}

export interface Fleet {
  devices: SimulatedDevice[];
  identities(): DeviceIdentity[];
  /**
   * Starts every device, at most `ratePerSecond` connection attempts a second; resolves when every
   * device is online (a device whose credentials are refused keeps retrying, so watch `stats()`).
   */
  start(options?: { ratePerSecond?: number }): Promise<void>;
  stop(): Promise<void>;
  stats(): FleetStats;
}

/** N simulated devices of every series (round robin), each its own MQTT connection. */
export function createFleet(count: number, options: FleetOptions): Fleet {
  const series = options.series?.length ? options.series : SERIES_IDS;
  const prefix = options.prefix ?? DEFAULT_SN_PREFIX;
  const first = options.firstIndex ?? 1;
  let claimRefused = 0;
  let stopped = false;
  const devices = Array.from({ length: count }, (_, i) => {
    // The series follows the index, not the position in this fleet: device 201 is the same router
    // whether it starts in a fleet of 250 or in one of 50 from --first 201.
    const index = first + i;
    const s = series[(index - 1) % series.length] as SeriesId;
    const sn = simulatedSerial(prefix, s, index);
    const realVpn = options.realVpnSiteOf?.(i, sn);
    const device = new SimulatedDevice({
      ...options,
      sn,
      series: s,
      secret: options.secretOf?.(sn),
      ...(realVpn ? { realVpn } : {}),
    });
    device.on('claimRefused', () => claimRefused++);
    // Connection errors are retried by the device itself; a fleet should not crash on them.
    device.on('error', () => {});
    return device;
  });

  return {
    devices,
    identities: () => devices.map((d) => d.state.identity),
    async start({ ratePerSecond = 200 } = {}) {
      const gap = 1000 / ratePerSecond;
      const started: Promise<void>[] = [];
      for (const device of devices) {
        if (stopped) break;
        started.push(device.start().catch(() => {}));
        await new Promise((r) => setTimeout(r, gap));
      }
      await Promise.all(started);
    },
    async stop() {
      stopped = true;
      await Promise.all(devices.map((d) => d.stop()));
    },
    stats() {
      const byStatus: Record<DeviceStatus, number> = {
        stopped: 0,
        claiming: 0,
        connecting: 0,
        online: 0,
        offline: 0,
        rebooting: 0,
      };
      let messagesSent = 0;
      let rpcAnswered = 0;
      let connects = 0;
      for (const d of devices) {
        byStatus[d.status]++;
        messagesSent += d.stats.messagesSent;
        rpcAnswered += d.stats.rpcAnswered;
        connects += d.stats.connects;
      }
      return { devices: devices.length, byStatus, messagesSent, rpcAnswered, connects, claimRefused };
    },
  };
}
