import { EventEmitter } from 'node:events';
import {
  DEVICE_QOS,
  deviceClientId,
  downTopic,
  KEEPALIVE_SECONDS,
  type LinkId,
  type RpcRequest,
  type UpKind,
  type UpMessageOf,
  UpMessageSchema,
  upTopic,
} from '@fleetport/contract';
import type { MqttClient } from 'mqtt';
import { configChecksum } from './config-handlers.ts';
import { applyConfigXml } from './config-xml.ts';
import type { DeviceStats, DeviceStatus, SimulatedDeviceOptions } from './device-options.ts';
import { identityOf } from './identity.ts';
import { EndpointPoller } from './modbus-poller.ts';
import { ClaimRefusedError, claimSecret, isAuthRefusal, openClient, randomId } from './mqtt-link.ts';
import { RealVpnTunnel } from './real-vpn.ts';
import { RouterState } from './router-state.ts';
import { type Behaviour, DEFAULT_BEHAVIOUR } from './rpc-context.ts';
import { RpcRunner } from './rpc-runner.ts';

export type { DeviceStats, DeviceStatus, SimulatedDeviceOptions };

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));

/**
 * A virtual router speaking the device protocol: claims itself or connects with its secret, says
 * hello, reports telemetry, answers commands, and misbehaves when told to. Events: `online`,
 * `offline`, `rpc` (request), `published` (kind, message), `claimRefused`, `error`.
 */
export class SimulatedDevice extends EventEmitter {
  readonly sn: string;
  readonly state: RouterState;
  readonly behaviour: Behaviour = { ...DEFAULT_BEHAVIOUR };
  readonly stats: DeviceStats = { messagesSent: 0, rpcReceived: 0, rpcAnswered: 0, connects: 0 };
  status: DeviceStatus = 'stopped';
  secret: string | undefined;
  private client: MqttClient | null = null;
  private telemetryTimer: NodeJS.Timeout | null = null;
  private bootReason: 'powerOn' | 'reboot' | 'update' = 'powerOn';
  private offlineUntil = 0;
  /** Random id of the current connection, in its presence messages and will. */
  private session = '';
  private connecting: Promise<void> | null = null;
  private readonly rpc: RpcRunner;
  private readonly outbox: { kind: UpKind; payload: string }[] = [];
  /** The Modbus endpoints it polls with its applied point tables (`pointTableApply`). */
  readonly endpoints: EndpointPoller;

  constructor(readonly options: SimulatedDeviceOptions) {
    super();
    this.sn = options.sn;
    this.secret = options.secret;
    this.state = new RouterState(
      identityOf(options.sn, options.series, options.model),
      options.keepAlive ?? KEEPALIVE_SECONDS.default,
    );
    this.state.vpnBytesPerSecond = options.vpnBytesPerSecond ?? 0;
    if (options.realVpn) this.state.realVpn = new RealVpnTunnel(options.realVpn);
    this.rpc = new RpcRunner(this);
    // Polling goes on while the uplink is down (a real gateway keeps its tables); samples taken
    // meanwhile are not sent.
    this.endpoints = new EndpointPoller(
      (batch) => this.publish('endpoint', { type: 'endpoint', ts: Date.now(), ...batch }),
      options.timeScale ?? 1,
    );
  }

  /** A method, not a comparison, because `status` changes under awaits that narrowing cannot see. */
  isStopped(): boolean {
    return this.status === 'stopped';
  }

  get online(): boolean {
    return this.status === 'online';
  }

  /** Waits simulated time. */
  wait = (ms: number): Promise<void> => sleep(ms * (this.options.timeScale ?? 1));

  /** Powers on and resolves once online (or rejects when the claim is refused). */
  async start(): Promise<void> {
    if (this.status !== 'stopped') return;
    this.status = 'connecting';
    await this.bringOnline();
  }

  /** Powers off politely: `offline` presence with reason shutdown, then a normal disconnect. */
  async stop(): Promise<void> {
    this.status = 'stopped';
    this.endpoints.stop();
    this.state.realVpn?.close();
    await this.state.portal?.close();
    this.state.portal = null;
    await this.closeConnection('shutdown');
  }

  /** Publishes a message on its up topic; while offline, replies, events and configurations wait in a small outbox. */
  publish<K extends UpKind>(kind: K, message: UpMessageOf<K>, options: { retain?: boolean } = {}): void {
    if (this.options.validate) UpMessageSchema.parse(message);
    const payload = JSON.stringify(message);
    if (!this.client?.connected || (this.status !== 'online' && kind !== 'presence')) {
      // A configuration put back while the link was down is news the cloud must get (§7.5).
      if ((kind === 'reply' || kind === 'event' || kind === 'config') && this.outbox.length < 100)
        this.outbox.push({ kind, payload });
      return;
    }
    this.stats.messagesSent++;
    this.client.publish(upTopic(this.sn, kind), payload, {
      qos: DEVICE_QOS,
      retain: options.retain ?? false,
    });
    this.emit('published', kind, message);
  }

  /** Sends one telemetry sample now. */
  sendTelemetry(): void {
    this.publish('telemetry', this.state.sample((this.options.telemetryPeriodMs ?? 60_000) / 1000));
    // A simulated tunnel that is up repeats its state and counters with each sample (§7.6), so a
    // cloud whose hub does not read it sees its traffic grow.
    const tunnel = this.state.vpnTunnel;
    if (tunnel?.state === 'connected' && !this.state.realVpn)
      this.publish('status', { type: 'status', ts: Date.now(), modules: { vpn: this.state.vpnStatus() } });
    const syslog = this.state.takeUnsentSyslog();
    if (syslog.length) this.publish('syslog', { type: 'syslog', ts: Date.now(), entries: syslog });
  }

  /**
   * Loopback control: pins CPU or memory (%) or temperature (°C) at `value` in every telemetry sample
   * from now on (null lets it wander again), for alert rules' resource conditions.
   */
  pinResource(metric: 'cpu' | 'memory' | 'temperature', value: number | null): void {
    this.state.pinResource(metric, value);
  }

  /**
   * Loopback control: pins a SIM's RSRP (dBm), RSRQ (dB) or SINR (dB) in every telemetry sample from now
   * on (the RSSI follows the RSRP; null lets them wander again), for alert rules' signal conditions.
   */
  pinSignal(sim: 1 | 2, values: Partial<Record<'rsrp' | 'rsrq' | 'sinr', number>> | null): void {
    this.state.pinSignal(sim, values);
  }

  /** Loopback control: `bytes` more downloaded on `link`, in the next telemetry's `usage` counters. */
  addTraffic(link: LinkId, bytes: number): void {
    this.state.addTraffic(link, bytes);
  }

  /** Loopback control: reports an `alarm` event now (docs/device-protocol.md §6 "event"). */
  raiseAlarm(severity: 'critical' | 'major' | 'minor' | 'notice', code: string, message: string): void {
    this.publish('event', {
      type: 'event',
      ts: Date.now(),
      event: { name: 'alarm', severity, code, message },
    });
  }

  /**
   * Loopback control: the router fails over to `link` by itself (its link backup, not a cloud command),
   * reporting `linkChange` and a new hello (docs/device-protocol.md §6 "event"). False when the router
   * has no such link or already uses it.
   */
  failOver(link: LinkId): boolean {
    const from = this.state.activeLink;
    if (!this.state.links().includes(link) || from === link) return false;
    this.state.activeLink = link;
    this.publish('event', { type: 'event', ts: Date.now(), event: { name: 'linkChange', from, to: link } });
    this.publish('hello', this.state.hello());
    return true;
  }

  /**
   * Loopback control: the modem switches to SIM `sim` (its SIM backup), reporting `simSwitch` and a new
   * hello; its cellular link becomes the active one. False without that SIM or when already on it.
   */
  switchSim(sim: 1 | 2): boolean {
    const link: LinkId = sim === 2 ? 'cellular2' : 'cellular1';
    const from = this.state.activeLink === 'cellular2' ? 2 : 1;
    if (!this.state.links().includes(link) || this.state.activeLink === link) return false;
    this.state.activeLink = link;
    this.publish('event', { type: 'event', ts: Date.now(), event: { name: 'simSwitch', from, to: sim } });
    this.publish('hello', this.state.hello());
    return true;
  }

  /**
   * Loopback control: a reboot loop, `times` reboots one after the other (`upMs` online between two);
   * each boot reports a `boot` event. Resolves online after the last.
   */
  async rebootLoop(times: number, upMs = 0): Promise<void> {
    for (let i = 0; i < times; i++) {
      await this.reboot('reboot');
      if (upMs > 0 && i < times - 1) await sleep(upMs);
    }
  }

  /** Misbehaviour: the socket dies without DISCONNECT (the broker publishes the will). */
  drop(options: { offlineForMs?: number } = {}): void {
    this.offlineUntil = Date.now() + (options.offlineForMs ?? this.options.reconnectDelayMs ?? 2000);
    // Offline from now on: what it publishes meanwhile waits in the outbox, not in a dead socket.
    if (this.status === 'online') this.status = 'offline';
    this.client?.stream.destroy();
  }

  /** Misbehaviour: drops the connection `times` times, `periodMs` apart; resolves online again. */
  async flap(times: number, periodMs: number): Promise<void> {
    for (let i = 0; i < times; i++) {
      this.drop({ offlineForMs: periodMs / 2 });
      await this.waitFor('online');
      await sleep(periodMs / 2);
    }
  }

  /** Goes offline as a reboot does, boots and reconnects; resolves once online again. */
  async reboot(reason: 'reboot' | 'update'): Promise<void> {
    this.status = 'rebooting';
    await this.closeConnection('reboot');
    await this.wait((this.options.rebootSeconds ?? 45) * 1000);
    if (this.status !== 'rebooting') return;
    this.state.boot();
    this.bootReason = reason;
    this.status = 'connecting';
    await this.bringOnline();
  }

  /**
   * Someone changes the configuration on the router itself (its own web interface): the sections of
   * `xml` replace the running ones, and the router reports the change as any router does. The cloud
   * sees a change no change-set made: drift (docs/device-protocol.md §7.5). False when `xml` is not a
   * configuration. With `report: false` the router says nothing until its next hello.
   */
  editLocally(xml: string, options: { report?: boolean } = {}): boolean {
    const next = applyConfigXml(this.state.configXml, xml, 'merge');
    if (!next) return false;
    this.state.configXml = next;
    this.state.lastUpdatedTime = Date.now();
    // A router that does not report the change (older firmware, or the report lost offline): the cloud
    // finds it from the configuration checksum of its next hello.
    if (options.report === false) return true;
    this.publish('config', { ...this.state.config('changed'), checksum: configChecksum(next) });
    this.publish('event', {
      type: 'event',
      ts: Date.now(),
      event: { name: 'configChanged', lastUpdatedTime: this.state.lastUpdatedTime, by: 'local' },
    });
    return true;
  }

  /** Reconnects at once (a new keep-alive takes effect). */
  async reconnect(): Promise<void> {
    this.status = 'connecting';
    await this.closeConnection(null);
    await this.bringOnline();
  }

  waitFor(event: 'online' | 'offline'): Promise<void> {
    return new Promise((resolve) => this.once(event, () => resolve()));
  }

  /** One connection attempt loop at a time, however many callers want the device online. */
  private bringOnline(): Promise<void> {
    this.connecting ??= this.connectLoop().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connectLoop(): Promise<void> {
    let delay = this.options.reconnectDelayMs ?? 2000;
    while (this.status === 'connecting' || this.status === 'offline' || this.status === 'claiming') {
      try {
        if (!this.secret && this.options.claim) await this.claim();
        await this.connect();
        return;
      } catch (error) {
        const refused = error instanceof ClaimRefusedError;
        if (refused) this.emit('claimRefused', error.reason);
        else this.reportError(error);
        // A refused secret (device deleted, database reset) sends a claim-capable device back to claiming.
        if (isAuthRefusal(error) && this.secret && this.options.claim) this.secret = undefined;
        await sleep(refused ? Math.min(delay, this.options.claimRetryMaxMs ?? 5000) : delay);
        delay = Math.min(60_000, delay * 2);
      }
    }
  }

  private async claim(): Promise<void> {
    this.status = 'claiming';
    const claimOptions = typeof this.options.claim === 'object' ? this.options.claim : {};
    const answer = await claimSecret(this.options.url, this.state, claimOptions, this.options.mqtt ?? {});
    this.secret = answer.secret;
    this.state.keepAlive = answer.keepAlive;
    this.options.onSecret?.(this.sn, answer.secret);
  }

  private async connect(): Promise<void> {
    this.status = 'connecting';
    const session = randomId();
    this.session = session;
    const presence = (state: 'online' | 'offline', reason: 'connect' | 'lastWill') =>
      JSON.stringify({ type: 'presence', ts: Date.now(), state, session, reason });
    const client = await openClient(this.options.url, {
      ...this.options.mqtt,
      clientId: deviceClientId({ phase: 'claimed', sn: this.sn }),
      username: this.sn,
      password: this.secret,
      keepalive: this.state.keepAlive,
      will: {
        topic: upTopic(this.sn, 'presence'),
        payload: Buffer.from(presence('offline', 'lastWill')),
        qos: 1,
        retain: true,
      },
    });
    if (this.isStopped()) {
      // Stopped while the CONNECT was in flight: leave quietly.
      await client.endAsync().catch(() => {});
      return;
    }
    this.client = client;
    client.on('error', (error) => this.reportError(error));
    client.on('message', (_topic, payload) => void this.rpc.receive(payload.toString()));
    client.on('close', () => this.onClose(client));
    await client.subscribeAsync(downTopic(this.sn, 'rpc'), { qos: DEVICE_QOS });
    this.status = 'online';
    this.stats.connects++;
    this.stats.messagesSent++;
    client.publish(upTopic(this.sn, 'presence'), presence('online', 'connect'), {
      qos: DEVICE_QOS,
      retain: true,
    });
    this.publish('hello', this.state.hello());
    if (this.stats.connects === 1 || this.bootReason !== 'powerOn') {
      this.publish('event', {
        type: 'event',
        ts: Date.now(),
        event: { name: 'boot', reason: this.bootReason },
      });
      this.publish('config', this.state.config('boot'));
    }
    const rebooted = this.bootReason !== 'powerOn';
    this.bootReason = 'powerOn';
    this.publish('status', this.state.status());
    for (const queued of this.outbox.splice(0)) {
      this.stats.messagesSent++;
      client.publish(upTopic(this.sn, queued.kind), queued.payload, { qos: DEVICE_QOS });
    }
    this.startTelemetry(rebooted);
    this.emit('online');
  }

  /** After a reboot the first sample goes within a second: a router reports its links as soon as it is up. */
  private startTelemetry(rebooted = false): void {
    this.stopTelemetry();
    const period = this.options.telemetryPeriodMs ?? 60_000;
    // A random phase spreads a fleet's samples over the period instead of bursting together.
    const phase = Math.random() * (rebooted ? Math.min(period, 1000) : period);
    const first = setTimeout(() => {
      this.sendTelemetry();
      this.telemetryTimer = setInterval(() => this.sendTelemetry(), period);
    }, phase);
    this.telemetryTimer = first;
  }

  private stopTelemetry(): void {
    if (this.telemetryTimer) {
      clearTimeout(this.telemetryTimer);
      clearInterval(this.telemetryTimer);
    }
    this.telemetryTimer = null;
  }

  /** Ends the connection on purpose; with a reason the device says goodbye first (no will). */
  private async closeConnection(reason: 'reboot' | 'shutdown' | null): Promise<void> {
    this.stopTelemetry();
    const client = this.client;
    this.client = null;
    if (!client) return;
    client.removeAllListeners('close');
    if (reason && client.connected) {
      const payload = JSON.stringify({
        type: 'presence',
        ts: Date.now(),
        state: 'offline',
        session: this.session,
        reason,
      });
      await client
        .publishAsync(upTopic(this.sn, 'presence'), payload, { qos: 1, retain: true })
        .catch(() => {});
      this.stats.messagesSent++;
    }
    await client.endAsync().catch(() => {});
    this.emit('offline');
  }

  /** The connection died without us ending it: come back after the chosen pause. */
  private onClose(client: MqttClient): void {
    if (this.client !== client) return;
    this.client = null;
    this.stopTelemetry();
    this.status = 'offline';
    this.emit('offline');
    const pause = Math.max(this.options.reconnectDelayMs ?? 2000, this.offlineUntil - Date.now());
    setTimeout(() => {
      if (this.status === 'offline') void this.bringOnline();
    }, pause);
  }

  /**
   * A failed connection is told to whoever listens; with no listener it is not thrown (an
   * EventEmitter throws an unheard 'error'), since a router just keeps retrying.
   */
  private reportError(error: unknown): void {
    if (this.listenerCount('error') > 0) this.emit('error', error);
  }

  /** For the RPC runner: the request as received. */
  noteRpc(request: RpcRequest): void {
    this.stats.rpcReceived++;
    this.emit('rpc', request);
  }
}
