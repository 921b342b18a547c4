import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ClaimAnswerSchema,
  DEVICE_EXAMPLES,
  RpcRequestSchema,
  rpcRequest,
  UpMessageSchema,
} from '@fleetport/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestCloud, type TestCloud } from './test-cloud.ts';

/**
 * Runs the worked example of docs/device-protocol.md §11 as written, with the mosquitto clients,
 * against the protocol's broker rules: the document is proven to describe a device that works.
 */
const hasMosquitto = (() => {
  try {
    execFileSync('sh', [
      '-c',
      'command -v mosquitto_pub && command -v mosquitto_sub && command -v jq && command -v openssl',
    ]);
    return true;
  } catch {
    return false;
  }
})();

const doc = readFileSync(new URL('../../../docs/device-protocol.md', import.meta.url), 'utf8');
const script = /## 11\.[\s\S]*?```sh\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';

let cloud: TestCloud | undefined;
let shell: ChildProcess | undefined;
afterEach(async () => {
  if (shell?.pid) process.kill(-shell.pid, 'SIGKILL');
  await cloud?.close();
});

describe('the JSON examples of the protocol document', () => {
  it('are all valid messages of the protocol', () => {
    const blocks = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1] as string);
    // A block holds one object, or several each starting on a line of its own.
    const objects = blocks.flatMap((b) =>
      b.split(/\n(?=\s*\{"type")/).map((text) => JSON.parse(text) as { type: string }),
    );
    expect(objects.length).toBeGreaterThanOrEqual(12);
    for (const o of objects) {
      const schema =
        o.type === 'rpc'
          ? RpcRequestSchema
          : o.type.startsWith('claim') && o.type !== 'claim'
            ? ClaimAnswerSchema
            : UpMessageSchema;
      const parsed = schema.safeParse(o);
      expect(parsed.success, `${JSON.stringify(o).slice(0, 80)}: ${parsed.error?.message}`).toBe(true);
    }
  });
});

describe.runIf(hasMosquitto)('the worked example of the protocol document', () => {
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
