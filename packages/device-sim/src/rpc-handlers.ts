import { nextTimerRun, RPC_ERROR, type RpcMethod, type RpcParams, type RpcResult } from '@fleetport/contract';
import { CaptivePortal } from './captive-portal.ts';
import { runCliCommand } from './cli-shell.ts';
import { CONFIG_HANDLERS } from './config-handlers.ts';
import { testReadSlave } from './modbus-gateway.ts';
import { samplePcap } from './pcap.ts';
import { round } from './random.ts';
import { type RpcContext, RpcFailure } from './rpc-context.ts';
import { SerialLine } from './serial-line.ts';
import { UPDATE_HANDLERS } from './update-handlers.ts';
import { VPN_HANDLERS } from './vpn-handlers.ts';

export type Handler<M extends RpcMethod> = (ctx: RpcContext, params: RpcParams<M>) => Promise<RpcResult<M>>;
export type Handlers = { [M in RpcMethod]: Handler<M> };

const unsupported = (what: string) => new RpcFailure(RPC_ERROR.unsupported, `This model has no ${what}`);
const notFound = (what: string) => new RpcFailure(RPC_ERROR.notFound, `${what} does not exist`);

/** Syslog uploads in progress, per device, so a repeat is refused ("do not repeat"). */
const uploading = new WeakSet<object>();

export const HANDLERS: Handlers = {
  ...UPDATE_HANDLERS,
  ...CONFIG_HANDLERS,
  ...VPN_HANDLERS,

  /** Runs a captive portal template's version (captive-portal.ts); a router without WiFi has none. */
  async portalApply(ctx, p) {
    if (!ctx.state.capabilities.wifi) throw unsupported('WiFi');
    const identity = ctx.state.identity;
    ctx.state.portal ??= new CaptivePortal(identity.sn, identity.mac, identity.ssid ?? 'WiFi', ctx.timeScale);
    await ctx.state.portal.apply(p);
    return { version: ctx.state.portal.config?.version ?? p.version };
  },

  /** Polls the Modbus slave the table names, once (modbus-gateway.ts). */
  async pointTableTestRead(ctx, p) {
    ctx.acknowledge();
    return testReadSlave(p);
  },

  /** Polls the endpoints of the pushed tables from now on, instead of what it polled before (modbus-poller.ts). */
  async pointTableApply(ctx, p) {
    return ctx.endpoints.apply(p.endpoints);
  },

  /** Writes a point of a polled endpoint with the right function code and answers the read-back. */
  async endpointWrite(ctx, p) {
    return ctx.endpoints.write(p);
  },

  async reboot(ctx, p) {
    const rebootAt = Date.now() + p.delaySeconds * 1000;
    // Reply first: the reboot happens after the reply is out, as a real router does.
    void ctx.wait(p.delaySeconds * 1000 + 200).then(() => ctx.reboot('reboot'));
    return { rebootAt };
  },

  async ping(ctx, p) {
    const unreachable = p.host.endsWith('.invalid') || p.host.startsWith('10.255.');
    const rttMs: (number | null)[] = [];
    for (let i = 0; i < p.count; i++) {
      if (i > 0) await ctx.wait(1000);
      rttMs.push(unreachable || ctx.state.rng.chance(0.01) ? null : ctx.state.rttMs());
    }
    const ok = rttMs.filter((r): r is number => r !== null);
    return {
      host: p.host,
      sent: p.count,
      received: ok.length,
      lossPercent: round(((p.count - ok.length) / p.count) * 100),
      rttMs,
      minMs: ok.length ? Math.min(...ok) : null,
      avgMs: ok.length ? round(ok.reduce((a, b) => a + b, 0) / ok.length, 2) : null,
      maxMs: ok.length ? Math.max(...ok) : null,
    };
  },

  async speedTest(ctx, p) {
    const link = p.link ?? ctx.state.activeLink;
    if (!ctx.state.links().includes(link)) throw notFound(`Link ${link}`);
    ctx.acknowledge();
    const both = p.direction === 'both';
    await ctx.wait(p.durationSeconds * 1000 * (both ? 2 : 1));
    const down = ctx.state.capacityBps(link);
    // Uplinks are asymmetric: cellular and DSL-like WANs upload a fraction of the download rate.
    const upShare = link === 'wan' ? 0.9 : ctx.state.rng.between(0.15, 0.35);
    return {
      server: p.server ?? 'speedtest.fleetport.local',
      link,
      downloadBps: p.direction !== 'upload' ? Math.round(down) : undefined,
      uploadBps: p.direction !== 'download' ? Math.round(down * upShare) : undefined,
      latencyMs: ctx.state.rttMs(),
      jitterMs: round(ctx.state.rng.between(0.5, 6)),
    };
  },

  async capture(ctx, p) {
    ctx.acknowledge();
    const perSecond = ctx.state.rng.between(20, 400);
    const wanted = Math.round(perSecond * p.durationSeconds);
    const packets = Math.min(p.maxPackets, wanted);
    // Stops early when maxPackets is reached, as tcpdump -c does.
    await ctx.wait((packets / perSecond) * 1000);
    const bytes = packets * ctx.state.rng.int(90, 900);
    // The file holds the first few packets: enough for Wireshark, small enough for one reply.
    const pcap = samplePcap(ctx.state.rng, Math.min(packets, 20));
    const fileName = `capture-${p.interface}-${Date.now()}.pcap`;
    if (p.uploadUrl && ctx.transfers) {
      const res = await fetch(p.uploadUrl, { method: 'PUT', body: new Uint8Array(pcap) });
      if (!res.ok) throw new RpcFailure(RPC_ERROR.failed, `Upload failed: HTTP ${res.status}`);
      return { packets, bytes, fileName, uploaded: true };
    }
    return { packets, bytes, fileName, uploaded: false, pcapBase64: pcap.toString('base64') };
  },

  async ledTest(ctx, p) {
    ctx.state.log('info', 'led', `LED test for ${p.durationSeconds} s`);
    return {};
  },

  async cli(ctx, p) {
    return runCliCommand(ctx.state, p.command, ctx.wait);
  },

  async configGet(ctx) {
    ctx.publish('config', ctx.state.config('requested'));
    return { lastUpdatedTime: ctx.state.lastUpdatedTime };
  },

  async statusGet(ctx, p) {
    ctx.publish('status', ctx.state.status(p.modules));
    return { modules: p.modules };
  },

  async timers(ctx, p) {
    if (p.action === 'set') {
      if (!p.timers) throw new RpcFailure(RPC_ERROR.invalidParams, 'timers: required for set');
      ctx.state.timers = p.timers.map((t) => ({ ...t }));
    }
    // As a router reports its schedule: a one-off timer that has run is gone, a repeating one shows its next run.
    const now = Date.now();
    ctx.state.timers = ctx.state.timers
      .filter((t) => t.repeat !== 'none' || t.at >= now)
      .map((t) => ({ ...t, at: nextTimerRun(t, now) }));
    return { timers: ctx.state.timers };
  },

  async serialPort(ctx, p) {
    const state = ctx.state;
    if (state.capabilities.comPorts === 0) throw unsupported('serial port');
    if (p.port > state.capabilities.comPorts) throw notFound(`COM${p.port}`);
    const line = state.openSerialPorts.get(p.port);
    if (p.action === 'open') {
      if (line) throw new RpcFailure(RPC_ERROR.busy, `COM${p.port} is occupied by another session`);
      state.openSerialPorts.set(p.port, new SerialLine(p.port, p, state.identity.sn));
      return { port: p.port, open: true };
    }
    if (!line) throw new RpcFailure(RPC_ERROR.failed, `COM${p.port} is not open`);
    if (p.action === 'close') {
      state.openSerialPorts.delete(p.port);
      return { port: p.port, open: false };
    }
    if (p.action === 'write') {
      const bytes = Buffer.from(p.data ?? '', 'base64');
      await ctx.wait(line.wireMs(bytes.length));
      line.write(bytes);
      return { port: p.port, open: true };
    }
    return { port: p.port, open: true, data: line.read().toString('base64') };
  },

  async ioControl(ctx, p) {
    const caps = ctx.state.capabilities;
    if (!caps.dido && !caps.ai) throw unsupported('digital or analog I/O');
    const outputs = ctx.state.outputs;
    if (p.action === 'write') {
      if (!p.channel || p.value === undefined)
        throw new RpcFailure(RPC_ERROR.invalidParams, 'channel and value are required');
      const n = Number(/^DO(\d+)$/.exec(p.channel)?.[1] ?? 0);
      if (n < 1 || n > caps.digitalOutputs) throw notFound(`Output ${p.channel}`);
      outputs.set(p.channel, p.value);
      ctx.publish('event', {
        type: 'event',
        ts: Date.now(),
        event: { name: 'ioChange', channel: p.channel, value: p.value },
      });
    }
    const rng = ctx.state.rng;
    const channels = [
      ...Array.from({ length: caps.digitalInputs }, (_, i) => ({
        name: `DI${i + 1}`,
        kind: 'DI' as const,
        value: rng.int(0, 1),
      })),
      ...Array.from({ length: caps.digitalOutputs }, (_, i) => ({
        name: `DO${i + 1}`,
        kind: 'DO' as const,
        value: outputs.get(`DO${i + 1}`) ?? 0,
      })),
      ...Array.from({ length: caps.analogInputs }, (_, i) => ({
        name: `AI${i + 1}`,
        kind: 'AI' as const,
        value: round(rng.between(4, 20), 2),
      })),
    ];
    return { channels: p.channel ? channels.filter((c) => c.name === p.channel) : channels };
  },

  async switchConnection(ctx, p) {
    const state = ctx.state;
    if (!state.links().includes(p.link)) throw notFound(`Link ${p.link}`);
    const from = state.activeLink;
    if (from !== p.link) {
      await ctx.wait(state.rng.between(2000, 6000));
      state.activeLink = p.link;
      ctx.publish('event', {
        type: 'event',
        ts: Date.now(),
        event: { name: 'linkChange', from, to: p.link },
      });
      ctx.publish('hello', state.hello());
    }
    return { activeLink: state.activeLink };
  },

  async dataManagement(ctx, p) {
    if (p.action === 'reset') ctx.state.resetUsage();
    return { usage: ctx.state.usage() };
  },

  async poeStatus(ctx) {
    const caps = ctx.state.capabilities;
    if (!caps.poe) throw unsupported('PoE');
    const rng = ctx.state.rng;
    const ports = Array.from({ length: caps.poePorts }, (_, i) => {
      const delivering = rng.chance(0.6);
      return {
        port: i + 1,
        enabled: true,
        powerW: delivering ? round(rng.between(2, 12.5)) : 0,
        class: delivering ? rng.int(1, 4) : null,
        status: delivering ? ('delivering' as const) : ('searching' as const),
      };
    });
    return { budgetW: 15.4 * Math.max(1, caps.poePorts), ports };
  },

  async poeTimers(ctx, p) {
    const caps = ctx.state.capabilities;
    if (!caps.poe) throw unsupported('PoE');
    if (p.port > caps.poePorts) throw notFound(`PoE port ${p.port}`);
    // The router checks the rule too: equal times would switch the port on and off at once.
    if (p.enableTime === p.disableTime)
      throw new RpcFailure(RPC_ERROR.invalidParams, 'enableTime and disableTime must differ');
    ctx.state.poeTimers.set(p.port, { enableTime: p.enableTime, disableTime: p.disableTime });
    ctx.state.log('info', 'poe', `port ${p.port} on at ${p.enableTime}, off at ${p.disableTime}`);
    return { port: p.port, enableTime: p.enableTime, disableTime: p.disableTime };
  },

  async resetPassword(ctx, p) {
    if (!ctx.state.users.has(p.user)) throw notFound(`User ${p.user}`);
    const classes = [/[a-z]/, /[A-Z]/, /[@#$.*!-]/, /\d/].filter((re) => re.test(p.password)).length;
    if (classes < 2 || !/^[A-Za-z\d@#$.*!-]{5,33}$/.test(p.password))
      throw new RpcFailure(RPC_ERROR.invalidParams, 'The password does not meet the device password rule');
    ctx.state.users.set(p.user, p.password);
    ctx.state.log('notice', 'auth', `password of ${p.user} changed remotely`);
    return { user: p.user };
  },

  async syslog(ctx, p) {
    if (p.action === 'tail') return { lines: ctx.state.syslogLines(p.lines), uploaded: false };
    if (uploading.has(ctx.state))
      throw new RpcFailure(RPC_ERROR.busy, 'A syslog upload is running, do not repeat');
    uploading.add(ctx.state);
    try {
      ctx.acknowledge();
      await ctx.wait(3000);
      if (p.uploadUrl && ctx.transfers) {
        const res = await fetch(p.uploadUrl, { method: 'PUT', body: ctx.state.syslogLines(1000).join('\n') });
        if (!res.ok) throw new RpcFailure(RPC_ERROR.failed, `Upload failed: HTTP ${res.status}`);
      }
      return { lines: [], uploaded: Boolean(p.uploadUrl) };
    } finally {
      uploading.delete(ctx.state);
    }
  },

  async lora(ctx, p) {
    if (!ctx.state.capabilities.lora) throw unsupported('LoRa gateway');
    const rng = ctx.state.rng;
    const nodes =
      p.action === 'nodes'
        ? Array.from({ length: rng.int(2, 8) }, () => ({
            devEui: rng.hex(8).toUpperCase(),
            rssi: round(rng.between(-120, -60)),
            snr: round(rng.between(-10, 12)),
            lastSeen: Date.now() - rng.int(5, 900) * 1000,
          }))
        : [];
    return {
      running: true,
      frequencyPlan: 'EU868',
      packetsReceived: Math.floor(ctx.state.uptimeSeconds() * 0.4),
      nodes,
    };
  },

  async keepAlive(ctx, p) {
    ctx.state.keepAlive = p.seconds;
    ctx.reconnectSoon();
    return { seconds: p.seconds };
  },
};
