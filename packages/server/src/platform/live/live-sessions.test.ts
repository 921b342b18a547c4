import { Writable } from 'node:stream';
import {
  ErrorCode,
  LIVE_CLOSE_TOO_MANY_SOCKETS,
  LIVE_CLOSE_UNAUTHORIZED,
  LIVE_SOCKETS_PER_SESSION,
  type LiveServerMessage,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { registerCompany, type SignedIn, signIn } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { eventually } from '../../gateway/testing/gateway-env.ts';

/** A console socket: what it received (batches unpacked), its frames and how it closed. */
class Tab {
  readonly received: LiveServerMessage[] = [];
  readonly frames: LiveServerMessage[] = [];
  closed: { code: number; reason: string } | null = null;
  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as LiveServerMessage;
      this.frames.push(message);
      if (message.type === 'batch') this.received.push(...message.messages);
      else this.received.push(message);
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
    });
  }
  ready() {
    return eventually(async () => this.received.find((m) => m.type === 'ready'), 8000, 'ready');
  }
  whenClosed() {
    return eventually(async () => this.closed ?? undefined, 8000, 'close');
  }
}

let t: TestApp;
let base: string;
let companyId: number;
let bobUserId: number;
const logLines: string[] = [];

async function openAs(who: SignedIn): Promise<Tab> {
  const socket = new WebSocket(base);
  const tab = new Tab(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'auth', ticket: who.headers().ticket }));
  await tab.ready();
  return tab;
}

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp({ logger: { level: 'info', stream } });
  ({ companyId } = await registerCompany(t, { companyName: 'Socket Harbour', account: 'ann@socket.test' }));
  ({ userId: bobUserId } = await registerCompany(t, {
    companyName: 'Socket Quay',
    account: 'bob@socket.test',
  }));
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `${address.replace('http', 'ws')}${t.deps.config.apiPrefix}/ws?lang=en`;
});
afterAll(async () => {
  await t?.close();
});

describe('a live socket ends with its session', () => {
  it('closes on logout with 4401 and code 3', async () => {
    const ann = await signIn(t, 'ann@socket.test');
    const tab = await openAs(ann);
    expect((await ann.call('POST', '/pl/sso/logout', {})).body.code).toBe(0);
    expect(await tab.whenClosed()).toEqual({
      code: LIVE_CLOSE_UNAUTHORIZED,
      reason: String(ErrorCode.SESSION_EXPIRED),
    });
  });

  it('closes with 14019 when the person signs in elsewhere', async () => {
    const first = await signIn(t, 'ann@socket.test');
    const tab = await openAs(first);
    await signIn(t, 'ann@socket.test');
    expect(await tab.whenClosed()).toEqual({
      code: LIVE_CLOSE_UNAUTHORIZED,
      reason: String(ErrorCode.LOGGED_IN_ELSEWHERE),
    });
  });

  it('closes with 14020 when the user is disabled, whoever disables it', async () => {
    const bob = await signIn(t, 'bob@socket.test');
    const tab = await openAs(bob);
    await t.deps.db.updateTable('company_user').set({ status: 0 }).where('user_id', '=', bobUserId).execute();
    expect(await tab.whenClosed()).toEqual({
      code: LIVE_CLOSE_UNAUTHORIZED,
      reason: String(ErrorCode.USER_DISABLED),
    });
    await t.deps.db.updateTable('company_user').set({ status: 1 }).where('user_id', '=', bobUserId).execute();
  });

  it('closes with 20 when the 4 hours are up', async () => {
    const ann = await signIn(t, 'ann@socket.test');
    const tab = await openAs(ann);
    t.clock.advance(4 * 3600 * 1000);
    expect(await tab.whenClosed()).toEqual({
      code: LIVE_CLOSE_UNAUTHORIZED,
      reason: String(ErrorCode.SESSION_TOO_LONG),
    });
  });

  it(`keeps at most ${LIVE_SOCKETS_PER_SESSION} sockets per session, closing the oldest`, async () => {
    const ann = await signIn(t, 'ann@socket.test');
    const tabs: Tab[] = [];
    for (let i = 0; i <= LIVE_SOCKETS_PER_SESSION; i++) tabs.push(await openAs(ann));
    expect(await tabs[0]!.whenClosed()).toMatchObject({ code: LIVE_CLOSE_TOO_MANY_SOCKETS });
    expect(tabs.slice(1).every((tab) => tab.closed === null)).toBe(true);
    for (const tab of tabs) tab.socket.close();
  });
});

describe('device updates are coalesced per console', () => {
  it('sends a burst as batches, at most one update per device in each, the latest winning', async () => {
    const ann = await signIn(t, 'ann@socket.test');
    const tab = await openAs(ann);
    const at = new Date().toISOString();
    for (let round = 0; round < 50; round++) {
      for (let d = 0; d < 20; d++) {
        t.deps.hub.publish('device.presence', companyId, { sn: `BURST${d}`, online: round % 2 === 0, at });
      }
    }
    t.deps.hub.publish('device.presence', companyId, { sn: 'BURST0', online: true, at });
    await eventually(
      async () => {
        const last = tab.received.filter((m) => m.type === 'device.presence' && m.sn === 'BURST0').at(-1);
        return last?.type === 'device.presence' && last.online === true && tab.received.length > 20;
      },
      8000,
      'the latest presence of BURST0',
    );
    const batches = tab.frames.filter((f) => f.type === 'batch');
    expect(tab.frames.some((f) => f.type === 'device.presence')).toBe(false);
    // 1,001 events reached the hub; the console got a frame or two.
    expect(batches.length).toBeLessThanOrEqual(2);
    for (const batch of batches) {
      if (batch.type !== 'batch') continue;
      const sns = batch.messages.map((m) => m.sn);
      expect(new Set(sns).size).toBe(sns.length);
    }
    // Every device ends in its latest state: BURST1..19 last went offline (round 49 is odd).
    const latest = new Map<string, boolean>();
    for (const m of tab.received) if (m.type === 'device.presence') latest.set(m.sn, m.online);
    expect(latest.get('BURST0')).toBe(true);
    expect(latest.get('BURST7')).toBe(false);
    tab.socket.close();
  });
});

describe('tickets stay out of the logs', () => {
  it('logs requests and sockets without any ticket or key', async () => {
    const ann = await signIn(t, 'ann@socket.test');
    const tab = await openAs(ann);
    await ann.call('GET', '/pl/sso/queryUserInfo');
    tab.socket.close();
    await tab.whenClosed();
    const log = logLines.join('');
    expect(log).toContain('/ws?lang=en');
    expect(log).toContain('/pl/sso/queryUserInfo');
    expect(log).not.toContain(ann.ticket);
    expect(log).not.toContain(ann.key);
  });
});
