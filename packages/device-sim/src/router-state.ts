import { createHash } from 'node:crypto';
import {
  type Capabilities,
  CapabilitiesSchema,
  type ConfigMessage,
  connectionTypeOf,
  type HelloMessage,
  type LinkId,
  PROTOCOL_VERSION,
  type Signal,
  type StatusMessage,
  type SyslogMessage,
  type TelemetryMessage,
  type VpnTunnelStatus,
} from '@fleetport/contract';
import { factoryApps, type InstalledApp } from './app-catalog.ts';
import type { CaptivePortal } from './captive-portal.ts';
import { factoryConfigXml, uciFromConfig } from './config-xml.ts';
import type { DeviceIdentity } from './identity.ts';
import { Position } from './position.ts';
import { Random, round, walk } from './random.ts';
import type { RealVpnTunnel } from './real-vpn.ts';
import type { SerialLine } from './serial-line.ts';

type SyslogEntry = SyslogMessage['entries'][number];

interface LinkTraffic {
  rxBytes: number;
  txBytes: number;
  /** Current average download rate in bytes/s; wanders. */
  rate: number;
}

/** Operators a simulated SIM may be with (the SIM decides, as a real one does). */
const OPERATORS = ['China Mobile', 'China Unicom', 'Vodafone', 'Deutsche Telekom', 'Orange'];

interface RadioState {
  operator: string;
  rsrp: number;
  rsrq: number;
  sinr: number;
}

/** Everything a simulated router remembers: its firmware, links, counters, configuration and clocks. */
export class RouterState {
  readonly rng: Random;
  readonly capabilities: Capabilities;
  firmwareVersion: string;
  appVersion: string;
  /** Firmware flashed with timing `updateOnly`, active at the next boot. */
  stagedFirmware: string | null = null;
  apps: InstalledApp[];
  activeLink: LinkId;
  configXml: string;
  lastUpdatedTime: number;
  /** A change-set applied and not yet confirmed, with what to put back (docs/device-protocol.md §7.5). */
  pendingChangeSet: { id: string; previous: { xml: string; lastUpdatedTime: number } } | null = null;
  /** How the last change-sets ended, so a repeated confirmation gets the same answer. */
  readonly changeSetOutcomes = new BoundedMap<string, { confirmed: boolean; reason: string }>(100);
  bootedAt = Date.now();
  telemetrySeq = 0;
  keepAlive: number;
  timers: { id: string; action: string; at: number; repeat: 'none' | 'daily' | 'weekly' }[] = [];
  openSerialPorts = new Map<number, SerialLine>();
  outputs = new Map<string, number>();
  poeTimers = new Map<number, { enableTime: string; disableTime: string }>();
  users = new Map<string, string>([['admin', 'admin']]);
  /** Syslog ring; entries after `syslogSent` have not been forwarded yet. */
  syslog: SyslogEntry[] = [];
  private syslogSent = 0;
  readonly position: Position;
  private traffic = new Map<LinkId, LinkTraffic>();
  /** The VPN tunnel's rate (0: no tunnel) and its counters since boot (docs/device-protocol.md `vpn`). */
  vpnBytesPerSecond = 0;
  private vpn = { rxBytes: 0, txBytes: 0 };
  /** Real mode: the router's OpenVPN client in its namespace (null: the tunnel is simulated). */
  realVpn: RealVpnTunnel | null = null;
  /** The captive portal, from the first `portalApply` (captive-portal.ts). */
  portal: CaptivePortal | null = null;
  /** The VPN group the router was told to join (vpnJoin), and its tunnel (docs/device-protocol.md §7.6). */
  vpnTunnel: {
    groupId: number;
    commonName: string;
    virtualIp: string;
    state: 'connecting' | 'connected';
    /** The OpenVPN client configuration the cloud sent (what a real router runs). */
    profile: string;
    /** When the tunnel came up, and the counters then (the status reports bytes since). */
    since: number | null;
    base: { rxBytes: number; txBytes: number };
  } | null = null;

  /** Status module `vpn`: the tunnel's state and its bytes since it came up. */
  vpnStatus(): VpnTunnelStatus {
    const t = this.vpnTunnel;
    if (!t)
      return { groupId: null, state: 'disconnected', virtualIp: null, rxBytes: 0, txBytes: 0, since: null };
    const up = t.state === 'connected';
    return {
      groupId: t.groupId,
      state: t.state,
      virtualIp: t.virtualIp,
      rxBytes: up ? this.vpn.rxBytes - t.base.rxBytes : 0,
      txBytes: up ? this.vpn.txBytes - t.base.txBytes : 0,
      since: t.since,
    };
  }

  /** The tunnel is up: counting starts from the counters now. */
  vpnConnected(): void {
    if (!this.vpnTunnel) return;
    this.vpnTunnel = { ...this.vpnTunnel, state: 'connected', since: Date.now(), base: { ...this.vpn } };
  }
  private radio: RadioState[] = [];
  private cpu = 10;
  private memory = 40;
  private temperature = 45;
  /** Values pinned by the loopback control (`pinResource`), reported instead of the walk. */
  private pinned: Partial<Record<'cpu' | 'memory' | 'temperature', number>> = {};

  pinResource(metric: 'cpu' | 'memory' | 'temperature', value: number | null): void {
    if (value === null) delete this.pinned[metric];
    else this.pinned[metric] = value;
  }

  /** Signal values pinned per SIM slot by the loopback control (`pinSignal`), reported instead of the walk. */
  private pinnedSignal = new Map<1 | 2, Partial<Record<'rsrp' | 'rsrq' | 'sinr', number>>>();

  pinSignal(sim: 1 | 2, values: Partial<Record<'rsrp' | 'rsrq' | 'sinr', number>> | null): void {
    if (values === null) this.pinnedSignal.delete(sim);
    else this.pinnedSignal.set(sim, { ...this.pinnedSignal.get(sim), ...values });
  }

  /** Loopback control: `bytes` more downloaded on `link` (its since-boot counter), for data usage rules. */
  addTraffic(link: LinkId, bytes: number): void {
    const t = this.traffic.get(link);
    if (!t) throw new Error(`the router has no ${link} link`);
    t.rxBytes += Math.round(bytes);
  }

  constructor(
    readonly identity: DeviceIdentity,
    keepAlive: number,
  ) {
    this.rng = new Random(`state:${identity.sn}`);
    this.position = new Position(identity.sn);
    this.capabilities = CapabilitiesSchema.parse(identity.series.capabilities);
    this.firmwareVersion = identity.series.factoryFirmware;
    this.appVersion = identity.series.factoryAppVersion;
    this.keepAlive = keepAlive;
    this.activeLink =
      this.links().includes('wan') && this.rng.chance(0.4) ? 'wan' : (this.links()[0] ?? 'wan');
    this.configXml = factoryConfigXml(identity, this.capabilities, this.firmwareVersion);
    this.apps = factoryApps(identity.sn, identity.series, this.capabilities);
    this.lastUpdatedTime = Date.now() - this.rng.int(1, 90) * 86_400_000;
    for (const link of this.links())
      this.traffic.set(link, { rxBytes: 0, txBytes: 0, rate: this.rng.between(2e3, 60e3) });
    const sims = this.capabilities.cellular ? (this.capabilities.dualSim ? 2 : 1) : 0;
    for (let i = 0; i < sims; i++)
      this.radio.push({
        // From the IMSI, not the random source, so the random walks stay as they were.
        operator: OPERATORS[Number(identity.imsi[i]?.slice(-2) ?? 0) % OPERATORS.length] ?? 'Vodafone',
        rsrp: this.rng.between(-115, -80),
        rsrq: this.rng.between(-15, -6),
        sinr: this.rng.between(0, 22),
      });
    this.log('notice', 'kernel', 'Booting Linux on physical CPU 0x0');
  }

  /** Uplinks this hardware has. */
  links(): LinkId[] {
    const caps = this.capabilities;
    const links: LinkId[] = [];
    if (caps.cellular) links.push('cellular1');
    if (caps.cellular && caps.dualSim) links.push('cellular2');
    if (caps.ethernetPorts > 1) links.push('wan');
    if (caps.wifi) links.push('wifi');
    return links.length ? links : ['wan'];
  }

  uptimeSeconds(now = Date.now()): number {
    return Math.max(0, Math.floor((now - this.bootedAt) / 1000));
  }

  /** A fresh boot: counters restart, a staged firmware becomes active. */
  boot(): void {
    this.bootedAt = Date.now();
    this.telemetrySeq = 0;
    for (const t of this.traffic.values()) {
      t.rxBytes = 0;
      t.txBytes = 0;
    }
    this.vpn = { rxBytes: 0, txBytes: 0 };
    // After a boot the tunnel comes up again from zero.
    if (this.vpnTunnel)
      this.vpnTunnel = { ...this.vpnTunnel, since: Date.now(), base: { rxBytes: 0, txBytes: 0 } };
    this.openSerialPorts.clear();
    if (this.stagedFirmware) {
      this.firmwareVersion = this.stagedFirmware;
      this.stagedFirmware = null;
    }
    this.log('notice', 'kernel', 'Booting Linux on physical CPU 0x0');
  }

  log(level: SyslogEntry['level'], tag: string, message: string): void {
    this.syslog.push({ ts: Date.now(), level, tag, message });
    if (this.syslog.length > 1000) {
      this.syslog.shift();
      this.syslogSent = Math.max(0, this.syslogSent - 1);
    }
  }

  /** The last `n` lines as `show log` prints them. */
  syslogLines(n: number): string[] {
    return this.syslog.slice(-n).map((e) => {
      const stamp = new Date(e.ts).toISOString().replace('T', ' ').slice(0, 19);
      return `${stamp} ${e.level} ${e.tag}: ${e.message}`;
    });
  }

  /** Entries not forwarded yet (at most 500, the message limit). */
  takeUnsentSyslog(): SyslogEntry[] {
    const entries = this.syslog.slice(this.syslogSent, this.syslogSent + 500);
    this.syslogSent += entries.length;
    return entries;
  }

  /** Signal of one SIM now (1-based slot). */
  signal(sim: 1 | 2): Signal | undefined {
    const r = this.radio[sim - 1];
    if (!r) return undefined;
    const rat = this.capabilities.fiveG ? '5G-NSA' : '4G';
    const pin = this.pinnedSignal.get(sim) ?? {};
    const rsrp = pin.rsrp ?? round(r.rsrp);
    return {
      sim,
      rat,
      rsrp,
      rsrq: pin.rsrq ?? round(r.rsrq),
      sinr: pin.sinr ?? round(r.sinr),
      rssi: round(rsrp + 28),
      operator: r.operator,
    };
  }

  /** Advances the random walks by `seconds` and returns the telemetry sample. */
  sample(seconds: number): TelemetryMessage {
    const rng = this.rng;
    for (const r of this.radio) {
      r.rsrp = walk(rng, r.rsrp, -125, -70, 1.5);
      r.rsrq = walk(rng, r.rsrq, -20, -3, 0.5);
      r.sinr = walk(rng, r.sinr, -5, 30, 1);
    }
    for (const [link, t] of this.traffic) {
      const active = link === this.activeLink;
      t.rate = walk(rng, t.rate, active ? 1e3 : 0, active ? 250e3 : 2e3, active ? 8e3 : 200);
      t.rxBytes += Math.round(t.rate * seconds);
      t.txBytes += Math.round(t.rate * seconds * rng.between(0.1, 0.3));
    }
    this.cpu = walk(rng, this.cpu, 2, 70, 4);
    this.memory = walk(rng, this.memory, 25, 80, 1);
    this.temperature = walk(rng, this.temperature, 30, 70, 0.5);
    // A steady rate, three parts down to one up, without the random source: the walks above stay as
    // they were for routers without a tunnel.
    if (this.vpnBytesPerSecond > 0) {
      const bytes = Math.round(this.vpnBytesPerSecond * seconds);
      this.vpn.rxBytes += Math.round(bytes * 0.75);
      this.vpn.txBytes += bytes - Math.round(bytes * 0.75);
    }
    const signal = ([1, 2] as const).map((s) => this.signal(s)).filter((s): s is Signal => !!s);
    return {
      type: 'telemetry',
      ts: Date.now(),
      seq: this.telemetrySeq++,
      uptimeSeconds: this.uptimeSeconds(),
      usage: this.usage(),
      ...(this.vpnBytesPerSecond > 0 ? { vpn: { ...this.vpn } } : {}),
      signal,
      activeLink: this.activeLink,
      cpuPercent: this.pinned.cpu ?? round(this.cpu),
      memoryPercent: this.pinned.memory ?? round(this.memory),
      temperatureC: this.pinned.temperature ?? round(this.temperature),
    };
  }

  usage() {
    return [...this.traffic].map(([link, t]) => ({ link, rxBytes: t.rxBytes, txBytes: t.txBytes }));
  }

  resetUsage(): void {
    for (const t of this.traffic.values()) {
      t.rxBytes = 0;
      t.txBytes = 0;
    }
  }

  /** Download rate the active link can reach now, in bits/s (a speed test result). */
  capacityBps(link: LinkId = this.activeLink): number {
    if (link === 'wan') return this.rng.between(85e6, 940e6);
    if (link === 'wifi') return this.rng.between(20e6, 150e6);
    const r = this.radio[link === 'cellular2' ? 1 : 0];
    const quality = r ? Math.min(1, Math.max(0.02, (r.sinr + 5) / 35)) : 0.1;
    return (this.capabilities.fiveG ? 600e6 : 90e6) * quality * this.rng.between(0.7, 1);
  }

  /** One round-trip time in ms over the active link. */
  rttMs(): number {
    const base =
      this.activeLink === 'wan' ? 8 : this.activeLink === 'wifi' ? 15 : this.capabilities.fiveG ? 18 : 35;
    return round(Math.max(1, base + Math.abs(this.rng.gaussian(0, base * 0.3))));
  }

  ip(): string {
    const o = this.identity.mac.split(':').map((h) => Number.parseInt(h, 16));
    return this.activeLink === 'wan' ? `203.0.113.${o[5]}` : `10.${64 + ((o[3] ?? 0) % 64)}.${o[4]}.${o[5]}`;
  }

  hello(): HelloMessage {
    const id = this.identity;
    const activeSim = this.activeLink === 'cellular2' ? 1 : 0;
    return {
      type: 'hello',
      ts: Date.now(),
      protocolVersion: PROTOCOL_VERSION,
      model: id.model,
      series: id.series.id,
      firmwareVersion: this.firmwareVersion,
      appVersion: this.appVersion,
      apps: this.apps.map(({ packageName, name, version }) => ({ packageName, name, version })),
      capabilities: this.capabilities,
      mac: id.mac,
      imei: id.imei,
      iccid: id.iccid[activeSim],
      imsi: id.imsi[activeSim],
      ssid: id.ssid,
      ip: this.ip(),
      routerId: this.ip(),
      networkEnvironment: this.activeLink === 'wan' ? 'public' : 'private',
      connectionType: connectionTypeOf(this.activeLink),
      activeLink: this.activeLink,
      keepAlive: this.keepAlive,
      uptimeSeconds: this.uptimeSeconds(),
      modelType: 'DIRECT',
      configChecksum: createHash('sha256').update(this.configXml).digest('hex'),
    };
  }

  status(modules: string[] = ['uci', 'modem', 'network', 'gps', 'cellLocation']): StatusMessage {
    const id = this.identity;
    const out: StatusMessage['modules'] = {};
    if (modules.includes('uci')) out.uci = uciFromConfig(this.configXml);
    if (modules.includes('modem') && this.capabilities.cellular) {
      const activeSim = this.activeLink === 'cellular2' ? 2 : 1;
      out.modem = {
        imei: id.imei,
        model: this.capabilities.fiveG ? 'RM500Q-GL' : 'EC25-E',
        registered: true,
        activeSim,
        sims: ([1, 2] as const).slice(0, this.capabilities.dualSim ? 2 : 1).map((slot) => ({
          slot,
          present: true,
          iccid: id.iccid[slot - 1],
          imsi: id.imsi[slot - 1],
          state: 'ready' as const,
        })),
        signal: this.signal(activeSim),
      };
    }
    // Only when asked for, or published by the VPN commands themselves.
    if (modules.includes('vpn')) out.vpn = this.vpnStatus();
    if (modules.includes('network'))
      out.network = {
        ip: this.ip(),
        activeLink: this.activeLink,
        connectionType: connectionTypeOf(this.activeLink),
        networkEnvironment: this.activeLink === 'wan' ? 'public' : 'private',
        ssid: id.ssid,
      };
    // A GPS-capable router reports its receiver's fix; any other one the base station's estimate.
    if (modules.includes('gps') && this.capabilities.gps) out.gps = this.position.gps(this.rng);
    if (modules.includes('cellLocation') && !this.capabilities.gps)
      out.cellLocation = this.position.cellLocation();
    return { type: 'status', ts: Date.now(), modules: out };
  }

  config(reason: ConfigMessage['reason']): ConfigMessage {
    return {
      type: 'config',
      ts: Date.now(),
      xml: this.configXml,
      lastUpdatedTime: this.lastUpdatedTime,
      reason,
    };
  }
}

/** A map that forgets its oldest entries past `limit`. */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }

  override set(key: K, value: V): this {
    super.delete(key);
    super.set(key, value);
    if (this.size > this.limit) this.delete(this.keys().next().value as K);
    return this;
  }
}
