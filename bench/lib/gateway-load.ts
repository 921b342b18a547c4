/**
 * Load generator for bench/gateway.ts, run as a child process: holds thousands of device
 * connections with bare MQTT packets (no client library per device, so the generator stays light
 * and the server is what gets measured), publishes telemetry at a given rate with QoS 1 and counts
 * the PUBACKs. The parent sends commands over IPC.
 */
import net from 'node:net';
import { DEVICE_EXAMPLES, upTopic } from '@fleetport/contract';
import mqttPacket from 'mqtt-packet';

interface Device {
  sn: string;
  socket: net.Socket;
  nextId: number;
  inflight: Map<number, number>;
}

export type LoadCommand =
  | {
      cmd: 'connect';
      port: number;
      hosts: string[];
      devices: { sn: string; secret: string }[];
      /** Handshakes in flight at once. */
      concurrency: number;
    }
  | { cmd: 'telemetry'; ratePerSecond: number; seconds: number; maxInflight: number }
  | { cmd: 'close' };

export type LoadReply =
  | { cmd: 'connected'; connected: number; failed: number; ms: number }
  | { cmd: 'telemetry'; sent: number; acked: number; ms: number; latencyP50: number; latencyP99: number }
  | { cmd: 'closed' };

const devices: Device[] = [];
let acked = 0;
const latencies: number[] = [];

function connectOne(port: number, host: string, sn: string, secret: string): Promise<Device | null> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const parser = mqttPacket.parser();
    const device: Device = { sn, socket, nextId: 1, inflight: new Map() };
    let settled = false;
    const settle = (value: Device | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (!value) socket.destroy();
      resolve(value);
    };
    const timer = setTimeout(() => settle(null), 10_000);
    parser.on('packet', (packet) => {
      if (packet.cmd === 'connack') {
        if (packet.returnCode !== 0) {
          socket.destroy();
          settle(null);
          return;
        }
        socket.write(
          mqttPacket.generate({
            cmd: 'subscribe',
            messageId: 1,
            subscriptions: [{ topic: `fp/${sn}/down/rpc`, qos: 1 }],
          }),
        );
      } else if (packet.cmd === 'suback') {
        settle(device);
      } else if (packet.cmd === 'puback') {
        const sentAt = device.inflight.get(packet.messageId ?? 0);
        if (sentAt !== undefined) {
          device.inflight.delete(packet.messageId ?? 0);
          acked++;
          if (latencies.length < 200_000) latencies.push(performance.now() - sentAt);
        }
      } else if (packet.cmd === 'publish' && packet.qos === 1) {
        socket.write(mqttPacket.generate({ cmd: 'puback', messageId: packet.messageId ?? 0 }));
      }
    });
    socket.on('data', (chunk) => parser.parse(chunk));
    socket.on('error', () => settle(null));
    socket.on('close', () => settle(null));
    socket.on('connect', () => {
      socket.setNoDelay(true);
      socket.write(
        mqttPacket.generate({
          cmd: 'connect',
          protocolId: 'MQTT',
          protocolVersion: 4,
          clean: true,
          clientId: sn,
          keepalive: 900,
          username: sn,
          password: Buffer.from(secret),
        }),
      );
    });
  });
}

/**
 * Opens every connection with a bounded number of handshakes in flight; a handshake that stalls
 * (a full accept queue on a busy machine) is abandoned after 10 s and retried, as a device would.
 */
async function connectAll(command: Extract<LoadCommand, { cmd: 'connect' }>): Promise<LoadReply> {
  const started = performance.now();
  let failed = 0;
  let next = 0;
  const progress = setInterval(() => {
    if (process.env.BENCH_PROGRESS)
      console.error(`[load ${process.pid}] connected ${devices.length}, failed ${failed}`);
  }, 2000);
  async function lane() {
    while (next < command.devices.length) {
      const i = next++;
      const d = command.devices[i] as { sn: string; secret: string };
      const host = command.hosts[i % command.hosts.length] as string;
      let device: Device | null = null;
      for (let attempt = 0; attempt < 3 && !device; attempt++)
        device = await connectOne(command.port, host, d.sn, d.secret);
      if (device) devices.push(device);
      else failed++;
    }
  }
  await Promise.all(Array.from({ length: command.concurrency }, lane));
  clearInterval(progress);
  return { cmd: 'connected', connected: devices.length, failed, ms: performance.now() - started };
}

async function sendTelemetry(command: Extract<LoadCommand, { cmd: 'telemetry' }>): Promise<LoadReply> {
  acked = 0;
  latencies.length = 0;
  let sent = 0;
  const started = performance.now();
  const total = Math.round(command.ratePerSecond * command.seconds);
  const tickMs = 10;
  let cursor = 0;
  const inflight = () => sent - acked;
  while (sent < total) {
    const due = Math.min(total, Math.ceil(((performance.now() - started) / 1000) * command.ratePerSecond));
    while (sent < due && inflight() < command.maxInflight) {
      const device = devices[cursor++ % devices.length] as Device;
      const messageId = device.nextId;
      device.nextId = (device.nextId % 65_535) + 1;
      const payload = JSON.stringify({ ...DEVICE_EXAMPLES.telemetry, ts: Date.now(), seq: sent });
      device.inflight.set(messageId, performance.now());
      device.socket.write(
        mqttPacket.generate({
          cmd: 'publish',
          topic: upTopic(device.sn, 'telemetry'),
          payload,
          qos: 1,
          messageId,
          retain: false,
          dup: false,
        }),
      );
      sent++;
    }
    await new Promise((r) => setTimeout(r, tickMs));
  }
  const waitUntil = performance.now() + 60_000;
  while (acked < sent && performance.now() < waitUntil) await new Promise((r) => setTimeout(r, 20));
  const ms = performance.now() - started;
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { cmd: 'telemetry', sent, acked, ms, latencyP50: at(0.5), latencyP99: at(0.99) };
}

process.on('message', async (command: LoadCommand) => {
  if (command.cmd === 'connect') process.send?.(await connectAll(command));
  else if (command.cmd === 'telemetry') process.send?.(await sendTelemetry(command));
  else {
    for (const d of devices) d.socket.destroy();
    process.send?.({ cmd: 'closed' } satisfies LoadReply);
    setTimeout(() => process.exit(0), 50);
  }
});
