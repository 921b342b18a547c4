import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEVICE_EXAMPLES, rpcRequest } from '@fleetport/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestCloud, type TestCloud } from './test-cloud.ts';

/**
 * Runs the worked example of docs/device-protocol.md §11 as written, with the mosquitto clients
 * (mosquitto_pub, mosquitto_sub, jq, openssl must be installed: `npm run test:broker`, CI does it),
 * against the protocol's broker rules: the document is proven to describe a device that works.
 */
const doc = readFileSync(new URL('../../../docs/device-protocol.md', import.meta.url), 'utf8');
const script = /## 11\.[\s\S]*?```sh\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';

let cloud: TestCloud | undefined;
let shell: ChildProcess | undefined;
afterEach(async () => {
  if (shell?.pid) process.kill(-shell.pid, 'SIGKILL');
  await cloud?.close();
});

describe('the worked example of the protocol document', () => {
  it('claims, says hello, sends telemetry, answers a command, and leaves a will', async () => {
    expect(script).toContain('mosquitto_sub');
    cloud = await startTestCloud();
    const sn = 'DOC-R3000-0001';
    cloud.imported.set(sn, { mac: '00:11:22:3A:4B:5C' });
    const dir = mkdtempSync(join(tmpdir(), 'fp-doc-'));
    writeFileSync(join(dir, 'hello.json'), JSON.stringify({ ...DEVICE_EXAMPLES.hello, ts: Date.now() }));
    const port = new URL(cloud.url).port;
    shell = spawn('bash', ['-c', script], {
      cwd: dir,
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, SN: sn, H: '127.0.0.1', PORT: port },
    });

    await cloud.waitFor((m) => m.sn === sn && m.message.type === 'claim', 10_000);
    expect(cloud.secrets.has(sn)).toBe(true);
    const online = await cloud.waitFor((m) => m.sn === sn && m.message.type === 'presence', 10_000);
    expect(online).toMatchObject({ state: 'online', session: 's1' });
    await cloud.waitFor((m) => m.sn === sn && m.message.type === 'hello', 10_000);
    await cloud.waitFor((m) => m.sn === sn && m.message.type === 'telemetry', 10_000);

    await cloud.sendRpc(sn, rpcRequest('doc-1', 'ledTest', {}, Date.now() + 10_000));
    const reply = await cloud.waitFor((m) => m.message.type === 'reply' && m.message.id === 'doc-1', 10_000);
    expect(reply).toMatchObject({ state: 'failure', error: { code: 100 } });

    if (shell.pid) process.kill(-shell.pid, 'SIGKILL');
    shell = undefined;
    const will = await cloud.waitFor(
      (m) => m.sn === sn && m.message.type === 'presence' && m.message.state === 'offline',
      10_000,
    );
    expect(will).toMatchObject({ reason: 'lastWill', session: 's1' });
    expect(cloud.invalid).toEqual([]);
  });
});
