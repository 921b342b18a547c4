import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEVICE_EXAMPLES } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTelemetry } from '../modules/devices/device-reports.store.ts';
import { findDevice } from '../modules/devices/devices.store.ts';
import { companyScope } from '../platform/auth/actor.ts';
import { findRpcCommands } from './rpc.store.ts';
import { eventually, type GatewayEnv, openGatewayEnv, TEST_COMPANY } from './testing/gateway-env.ts';
import { claimProof } from './testing/test-device.ts';

/*
 * A shell "device" made of mosquitto_sub and mosquitto_pub, following docs/device-protocol.md §11.
 * Needs the mosquitto-clients binaries: without them this file fails (CI installs them).
 */

const run = promisify(execFile);

/** A running mosquitto_sub; `-d` prints SUBACK, so the test knows when it listens. */
class Subscriber {
  readonly lines: string[] = [];
  #waiters: (() => void)[] = [];
  constructor(readonly child: ChildProcessWithoutNullStreams) {
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      this.lines.push(...parts);
      for (const wake of this.#waiters.splice(0)) wake();
    });
  }
  static start(args: string[]): Subscriber {
    // stdbuf: mosquitto_sub block-buffers its debug lines on a pipe until a message arrives.
    return new Subscriber(spawn('stdbuf', ['-oL', 'mosquitto_sub', '-d', ...args]));
  }
  async waitFor(match: (line: string) => boolean, what: string): Promise<string> {
    const until = Date.now() + 8000;
    for (;;) {
      const found = this.lines.find(match);
      if (found) return found;
      if (this.child.exitCode !== null && !this.lines.some(match))
        throw new Error(`mosquitto_sub exited before ${what}: ${this.lines.join('\n')}`);
      if (Date.now() > until) throw new Error(`no ${what}: ${this.lines.join('\n')}`);
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }
  /** The JSON messages received (debug lines are not JSON). */
  messages(): Record<string, unknown>[] {
    return this.lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
  }
}

describe('a plain mosquitto_pub / mosquitto_sub device (docs/device-protocol.md §11)', () => {
  let env: GatewayEnv;
  let host: string;
  let port: string;
  const sn = 'R3000Q2611000042';
  const mac = '00:11:22:3A:4B:5C';
  const running: ChildProcessWithoutNullStreams[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-shell-device-'));

  beforeAll(async () => {
    env = await openGatewayEnv();
    await env.startServer();
    const url = new URL(env.deviceUrl());
    host = url.hostname;
    port = url.port;
  });
  afterAll(async () => {
    for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
    await env?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const pub = (
    clientId: string,
    user: string,
    password: string,
    topic: string,
    message: string,
    extra: string[] = [],
  ) =>
    run('mosquitto_pub', [
      '-h',
      host,
      '-p',
      port,
      '-q',
      '1',
      '-i',
      clientId,
      '-u',
      user,
      '-P',
      password,
      '-t',
      topic,
      '-m',
      message,
      ...extra,
    ]);

  it('claims, connects, says hello, sends telemetry, answers an RPC and goes offline when killed', async () => {
    await env.importDevice(sn, mac);
    const claimPw = claimProof(sn, mac);
    await env.allowClaim(sn, claimPw);

    // 1. claim: a listener for the answer, then the request from an auxiliary connection
    const answer = Subscriber.start([
      '-h',
      host,
      '-p',
      port,
      '-q',
      '1',
      '-i',
      `claim:${sn}`,
      '-u',
      `claim:${sn}`,
      '-P',
      claimPw,
      '-t',
      `fp/${sn}/down/claim`,
      '-C',
      '1',
    ]);
    running.push(answer.child);
    await answer.waitFor((l) => l.includes('SUBACK'), 'claim SUBACK');
    const request = {
      type: 'claim',
      ts: Date.now(),
      requestId: 'r-1',
      model: 'R3000-Q',
      series: 'r3000',
      mac,
      firmwareVersion: '5.3.0',
      appVersion: '5.3.0',
    };
    await pub(`claim:${sn}:pub`, `claim:${sn}`, claimPw, `fp/${sn}/up/claim`, JSON.stringify(request));
    await answer.waitFor((l) => l.startsWith('{'), 'claim answer');
    const [accepted] = answer.messages();
    expect(accepted).toMatchObject({ type: 'claimAccepted', requestId: 'r-1', keepAlive: 120 });
    const secret = String(accepted?.secret);
    await env.mosquitto?.allowDevice(sn, secret);

    // 2. the main connection with its will, listening for commands
    const will = JSON.stringify({
      type: 'presence',
      ts: Date.now(),
      state: 'offline',
      session: 's1',
      reason: 'lastWill',
    });
    const main = Subscriber.start([
      '-h',
      host,
      '-p',
      port,
      '-q',
      '1',
      '-i',
      sn,
      '-u',
      sn,
      '-P',
      secret,
      '-k',
      '120',
      '-t',
      `fp/${sn}/down/rpc`,
      '--will-topic',
      `fp/${sn}/up/presence`,
      '--will-qos',
      '1',
      '--will-retain',
      '--will-payload',
      will,
    ]);
    running.push(main.child);
    await main.waitFor((l) => l.includes('SUBACK'), 'rpc SUBACK');

    // 3. online, hello, one telemetry sample
    const p = (topic: string, message: object, extra: string[] = []) =>
      pub(`${sn}:pub`, sn, secret, `fp/${sn}/up/${topic}`, JSON.stringify(message), extra);
    await p(
      'presence',
      { type: 'presence', ts: Date.now(), state: 'online', session: 's1', reason: 'connect' },
      ['-r'],
    );
    const helloFile = path.join(dir, 'hello.json');
    fs.writeFileSync(helloFile, JSON.stringify({ ...DEVICE_EXAMPLES.hello, ts: Date.now() }));
    await run('mosquitto_pub', [
      '-h',
      host,
      '-p',
      port,
      '-q',
      '1',
      '-i',
      `${sn}:pub`,
      '-u',
      sn,
      '-P',
      secret,
      '-t',
      `fp/${sn}/up/hello`,
      '-f',
      helloFile,
    ]);
    await p('telemetry', {
      type: 'telemetry',
      ts: Date.now(),
      seq: 0,
      uptimeSeconds: 60,
      usage: [{ link: 'cellular1', rxBytes: 1024, txBytes: 512 }],
      signal: [{ sim: 1, rssi: -70, rsrp: -98 }],
    });

    const device = await eventually(
      async () => {
        const row = await findDevice(env.database.db, sn);
        // The claim already stored the firmware version; the IP address only comes with the hello.
        return row?.online && row.ip === '10.64.12.7' ? row : undefined;
      },
      8000,
      'device online with its hello',
    );
    expect(device).toMatchObject({
      company_id: TEST_COMPANY,
      model: 'R3000-Q',
      ip: '10.64.12.7',
      active_link: 'cellular1',
    });
    const telemetry = await eventually(
      async () => {
        const rows = await listTelemetry(env.database.db, companyScope(TEST_COMPANY), sn);
        return rows.length > 0 ? rows : undefined;
      },
      5000,
      'telemetry stored',
    );
    expect(telemetry[0]?.data).toMatchObject({ usage: [{ link: 'cellular1', rxBytes: 1024, txBytes: 512 }] });

    // 4. an RPC arrives on the main connection; the reply goes from the auxiliary one
    const [command] = await env.servers[0]!.gateway.rpc.send({
      companyId: TEST_COMPANY,
      sns: [sn],
      method: 'ping',
      params: { host: '1.1.1.1' },
    });
    await main.waitFor((l) => l.startsWith('{'), 'rpc command');
    expect(main.messages()[0]).toMatchObject({
      type: 'rpc',
      id: command!.id,
      method: 'ping',
      params: { host: '1.1.1.1' },
    });
    await p('reply', {
      type: 'reply',
      ts: Date.now(),
      id: command!.id,
      state: 'failure',
      error: { code: 100, message: 'shell device' },
    });
    const [row] = await env.servers[0]!.gateway.rpc.waitForResults([command!.id], 5000);
    expect(row).toMatchObject({ state: 'failure', error: { code: 100, message: 'shell device' } });
    expect((await findRpcCommands(env.database.db, [command!.id]))[0]?.state).toBe('failure');

    // 5. kill -9: the broker notices the dead socket and the device goes offline within seconds
    main.child.kill('SIGKILL');
    await eventually(
      async () => (await findDevice(env.database.db, sn))?.online === false,
      5000,
      'offline after kill',
    );
  });
});
