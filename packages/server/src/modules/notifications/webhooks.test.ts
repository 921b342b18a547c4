import { createHmac } from 'node:crypto';
import http from 'node:http';
import {
  createWebhookCall,
  deleteWebhookCall,
  ErrorCode,
  type EventType,
  listWebhookDeliveriesCall,
  listWebhooksCall,
  replayEventsCall,
  testWebhookCall,
  updateWebhookCall,
  type Webhook,
  type WebhookDelivery,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import {
  createNodeOnSameDatabase,
  createTestApp,
  runDueJobs,
  type TestApp,
  testConfig,
} from '../../../test/helpers.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { appendEvent } from '../alerts/event-log.store.ts';
import { asOwner, companyOwner, type Owner } from '../devices/device-test-kit.ts';

/**
 * Webhooks through the API, the job queue and a real HTTP receiver, on a manual clock: the signature,
 * retries that back off, a receiver down for 6 hours and then every event once and in order, the
 * failing flag and the administrators' note, the replay, and tenancy.
 */

let t: TestApp;
let acme: Owner;
let other: Owner;
const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on loopback that answers 204, or 503 while `down`. */
function startReceiver() {
  const state = { down: false, ok: [] as Received[], refused: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (state.down) {
        state.refused++;
        res.writeHead(503).end();
        return;
      }
      state.ok.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  const ready = new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve(`http://127.0.0.1:${port}/hook`);
    }),
  );
  return { state, ready, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const receivers: ReturnType<typeof startReceiver>[] = [];

/** Sessions end after 4 hours: after the long waits both owners sign in again. */
async function signInAgain() {
  const again = async ({ companyId, userId, account }: Owner) =>
    asOwner(await signIn(t, account), { companyId, userId, account });
  acme = await again(acme);
  other = await again(other);
}

async function after(ms: number) {
  t.clock.advance(ms);
  await runDueJobs(t, 20);
}

async function logEvents(companyId: number, n: number, type = 'alert.firing') {
  for (let i = 0; i < n; i++)
    await inTransaction(t.deps.db, (tx) =>
      appendEvent(
        tx,
        companyId,
        type,
        { ruleId: 1, ruleName: `r${i}`, level: 'major', devices: [] },
        t.clock.now(),
      ),
    );
}

async function addHook(
  who: Owner,
  url: string,
  eventTypes: EventType[] = ['alert.firing', 'alert.resolved'],
) {
  const res = await who.run(createWebhookCall, { url, eventTypes });
  expect(res.code).toBe(0);
  return res.data as unknown as { webhook: Webhook; secret: string };
}

function verify(secret: string, r: Received) {
  const header = String(r.headers['fleetport-signature']);
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  expect(m).not.toBeNull();
  const expected = createHmac('sha256', secret).update(`${m![1]}.${r.body}`).digest('hex');
  return expected === m![2];
}

beforeAll(async () => {
  t = await createTestApp({ jobs: { manual: true }, config: testConfig({ automatedTestMode: true }) });
  acme = await companyOwner(t, 'Acme Hooks', 'owner@acme-hooks.test');
  other = await companyOwner(t, 'Other Hooks', 'owner@other-hooks.test');
  await runDueJobs(t);
}, 60_000);
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await t?.close();
});

describe('webhook destinations', () => {
  it('takes https, refuses http to other hosts (code 1 naming url) and shows the secret once', async () => {
    const refused = await acme.run(createWebhookCall, {
      url: 'http://hooks.example.com/x',
      eventTypes: ['alert.firing'],
    });
    expect(refused.code).toBe(1);
    expect(refused.msg).toContain('url');
    const bad = await acme.run(createWebhookCall, { url: 'https://hooks.example.com/x', eventTypes: [] });
    expect(bad.code).toBe(1);
    const created = await addHook(acme, 'https://hooks.example.com/x');
    expect(created.secret).toMatch(/^whsec_[\w-]{40,}$/);
    const listed = await acme.run(listWebhooksCall, {});
    const list = listed.data as unknown as { list: Webhook[] };
    expect(list.list.map((w) => w.url)).toContain('https://hooks.example.com/x');
    expect(JSON.stringify(list)).not.toContain(created.secret);
    const row = await t.deps.db
      .selectFrom('webhook')
      .select('secret_sealed')
      .where('id', '=', created.webhook.webhookId)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(created.secret);
    expect((await acme.run(deleteWebhookCall, { webhookId: created.webhook.webhookId })).code).toBe(0);
  });

  it("never shows, changes or tests another company's webhook (800050)", async () => {
    const { webhook } = await addHook(acme, 'https://hooks.example.com/mine');
    const id = webhook.webhookId;
    for (const [call, input] of [
      [updateWebhookCall, { webhookId: id, url: 'https://evil.example.com', eventTypes: ['alert.firing'] }],
      [deleteWebhookCall, { webhookId: id }],
      [testWebhookCall, { webhookId: id }],
      [listWebhookDeliveriesCall, { webhookId: id }],
    ] as const) {
      expect((await other.run(call, input as never)).code).toBe(ErrorCode.WEBHOOK_NOT_FOUND);
    }
    const theirs = (await other.run(listWebhooksCall, {})).data as unknown as { list: Webhook[] };
    expect(theirs.list).toEqual([]);
    await acme.run(deleteWebhookCall, { webhookId: id });
  });
});

describe('delivery', () => {
  it('signs each POST, sends the event id, and the test button logs its delivery', async () => {
    const receiver = startReceiver();
    receivers.push(receiver);
    const { webhook, secret } = await addHook(acme, await receiver.ready);
    await logEvents(acme.companyId, 2);
    await logEvents(acme.companyId, 1, 'alert.changed'); // not asked for: skipped
    await after(10 * SEC);
    expect(receiver.state.ok).toHaveLength(2);
    for (const r of receiver.state.ok) {
      expect(verify(secret, r)).toBe(true);
      const body = JSON.parse(r.body) as { id: string; type: string; cursor: number };
      expect(r.headers['fleetport-event-id']).toBe(body.id);
      expect(body.id).toBe(`${acme.companyId}-${body.cursor}`);
      expect(body.type).toBe('alert.firing');
    }
    // A body changed on the way no longer matches its signature.
    const tampered = { ...receiver.state.ok[0]!, body: receiver.state.ok[0]!.body.replace('r0', 'r9') };
    expect(verify(secret, tampered)).toBe(false);
    // Nothing more on later runs: the cursor moved past all three events.
    await after(30 * SEC);
    expect(receiver.state.ok).toHaveLength(2);

    const tested = await acme.run(testWebhookCall, { webhookId: webhook.webhookId });
    expect(tested.code).toBe(0);
    expect((tested.data as unknown as WebhookDelivery).ok).toBe(true);
    expect(receiver.state.ok).toHaveLength(3);
    expect(JSON.parse(receiver.state.ok[2]!.body).type).toBe('webhook.test');
    const log = await acme.run(listWebhookDeliveriesCall, { webhookId: webhook.webhookId });
    const rows = (log.data as unknown as { list: WebhookDelivery[] }).list;
    expect(rows.map((d) => d.eventType)).toEqual(['webhook.test', 'alert.firing', 'alert.firing']);
    await acme.run(deleteWebhookCall, { webhookId: webhook.webhookId });
  });

  it('retries a receiver down for 6 hours with growing waits, flags it, then delivers every event once, in order', async () => {
    const receiver = startReceiver();
    receivers.push(receiver);
    const { webhook } = await addHook(acme, await receiver.ready);
    receiver.state.down = true;
    const firstCursor =
      Number(
        (
          await t.deps.db
            .selectFrom('event_cursor')
            .select('last_cursor')
            .where('company_id', '=', acme.companyId)
            .executeTakeFirstOrThrow()
        ).last_cursor,
      ) + 1;
    await logEvents(acme.companyId, 3);
    for (let elapsed = 0; elapsed < 6 * HOUR; elapsed += 10 * MIN) {
      if (elapsed === 2 * HOUR) await logEvents(acme.companyId, 2); // more events while it is down
      await after(10 * MIN);
    }
    // Retried with growing waits: far fewer attempts than one per 10-minute step, more than a few.
    expect(receiver.state.refused).toBeGreaterThanOrEqual(8);
    expect(receiver.state.refused).toBeLessThanOrEqual(20);
    const attempts = await t.deps.db
      .selectFrom('webhook_delivery')
      .select(['attempt', 'at'])
      .where('webhook_id', '=', webhook.webhookId)
      .orderBy('id', 'asc')
      .execute();
    const gaps = attempts
      .slice(1)
      .map((a, i) => new Date(a.at).getTime() - new Date(attempts[i]!.at).getTime());
    expect(gaps.at(-1)!).toBeGreaterThan(gaps[0]!);
    // Flagged, never switched off, and each administrator has a note.
    await signInAgain();
    const hooks = ((await acme.run(listWebhooksCall, {})).data as unknown as { list: Webhook[] }).list;
    const hook = hooks.find((w) => w.webhookId === webhook.webhookId)!;
    expect(hook).toMatchObject({ enabled: true, flagged: true, lastError: 'HTTP 503' });
    const notes = await t.deps.db
      .selectFrom('show_note')
      .select(['content', 'biz_type'])
      .where('company_id', '=', acme.companyId)
      .where('user_id', '=', acme.userId)
      .execute();
    expect(notes.filter((n) => n.biz_type === 'webhookFailing')).toHaveLength(1);
    expect(notes[0]!.content).toContain(await receiver.ready);

    receiver.state.down = false;
    await after(HOUR);
    await after(10 * SEC);
    await signInAgain();
    const cursors = receiver.state.ok.map((r) => (JSON.parse(r.body) as { cursor: number }).cursor);
    // Every alert.firing once, in cursor order (the webhook.failing event between them was not asked for).
    const logged = await t.deps.db
      .selectFrom('event_log')
      .select(['cursor', 'type'])
      .where('company_id', '=', acme.companyId)
      .where('cursor', '>=', firstCursor)
      .orderBy('cursor', 'asc')
      .execute();
    expect(logged.map((e) => e.type)).toContain('webhook.failing');
    const wanted = logged.filter((e) => e.type === 'alert.firing').map((e) => Number(e.cursor));
    expect(wanted).toHaveLength(5);
    expect(cursors).toEqual(wanted);
    // Healthy again.
    const healed = ((await acme.run(listWebhooksCall, {})).data as unknown as { list: Webhook[] }).list.find(
      (w) => w.webhookId === webhook.webhookId,
    )!;
    expect(healed).toMatchObject({ failingSince: null, flagged: false });

    // The replay answers the same events in the same order, then nothing past the end.
    const replay = await acme.call('GET', replayEventsCall.path, {
      after: String(firstCursor - 1),
      limit: '6',
    });
    const page = replay.body.data as { list: { cursor: number; id: string }[]; next: number; gap: boolean };
    expect(page.list.map((e) => e.cursor)).toEqual(logged.slice(0, 6).map((e) => Number(e.cursor)));
    expect(page.gap).toBe(false);
    const rest = await acme.call('GET', replayEventsCall.path, { after: String(page.next) });
    expect(
      (rest.body.data as { list: unknown[] }).list.filter(
        (e) => (e as { type: string }).type === 'alert.firing',
      ),
    ).toEqual([]);
    await acme.run(deleteWebhookCall, { webhookId: webhook.webhookId });
  }, 120_000);

  it('delivers each event once from two nodes, and a restarted node goes on from the stored cursor', async () => {
    const receiver = startReceiver();
    receivers.push(receiver);
    const { webhook } = await addHook(acme, await receiver.ready);
    const second = await createNodeOnSameDatabase(t, { jobs: { manual: true } });
    try {
      const bothNodes = async () => {
        for (let round = 0; round < 10; round++) {
          const [a, b] = await Promise.all([t.deps.jobs!.runOnce(), second.deps.jobs!.runOnce()]);
          if (a + b === 0) return;
        }
      };
      for (let batch = 0; batch < 3; batch++) {
        await logEvents(acme.companyId, 4);
        t.clock.advance(10 * SEC);
        await bothNodes();
      }
      const ids = receiver.state.ok.map((r) => JSON.parse(r.body).id as string);
      expect(ids).toHaveLength(12);
      expect(new Set(ids).size).toBe(12);
      const cursors = ids.map((id) => Number(id.split('-')[1]));
      expect(cursors).toEqual([...cursors].sort((x, y) => x - y));
    } finally {
      await second.app.close();
    }
    // A node started afresh on the same database reads the cursor it left: only the new events go.
    const restarted = await createNodeOnSameDatabase(t, { jobs: { manual: true } });
    try {
      await logEvents(acme.companyId, 2);
      t.clock.advance(10 * SEC);
      for (let round = 0; round < 10; round++) if ((await restarted.deps.jobs!.runOnce()) === 0) break;
      expect(receiver.state.ok).toHaveLength(14);
      expect(new Set(receiver.state.ok.map((r) => JSON.parse(r.body).id)).size).toBe(14);
    } finally {
      await restarted.app.close();
    }
    await acme.run(deleteWebhookCall, { webhookId: webhook.webhookId });
  }, 60_000);

  it("never receives another company's events, and the replay reads the caller's company only", async () => {
    const receiver = startReceiver();
    receivers.push(receiver);
    await addHook(acme, await receiver.ready);
    await logEvents(other.companyId, 4);
    await after(10 * SEC);
    expect(receiver.state.ok).toEqual([]);
    await logEvents(acme.companyId, 1);
    await after(10 * SEC);
    expect(receiver.state.ok.map((r) => JSON.parse(r.body).id as string)).toEqual([
      expect.stringMatching(new RegExp(`^${acme.companyId}-`)),
    ]);
    const theirs = await other.call('GET', replayEventsCall.path, { after: '0' });
    const ids = (theirs.body.data as { list: { id: string }[] }).list.map((e) => e.id);
    expect(ids.length).toBeGreaterThanOrEqual(4);
    expect(ids.every((id) => id.startsWith(`${other.companyId}-`))).toBe(true);
  });
});

describe('the replay', () => {
  it('says when events after the cursor are gone (older than the 30 days kept)', async () => {
    await logEvents(other.companyId, 3);
    const all = await other.call('GET', replayEventsCall.path, { after: '0', limit: '500' });
    const list = (all.body.data as { list: { cursor: number }[] }).list;
    const last = list.at(-1)!.cursor;
    // The retention removed everything up to the one before last.
    await t.deps.db
      .deleteFrom('event_log')
      .where('company_id', '=', other.companyId)
      .where('cursor', '<', last)
      .execute();
    const after0 = await other.call('GET', replayEventsCall.path, { after: '0' });
    expect(after0.body.data).toMatchObject({ gap: true, next: last });
    expect((after0.body.data as { list: { cursor: number }[] }).list.map((e) => e.cursor)).toEqual([last]);
    const emptied = await other.call('GET', replayEventsCall.path, { after: String(last - 2) });
    expect(emptied.body.data).toMatchObject({ gap: true });
    const upToDate = await other.call('GET', replayEventsCall.path, { after: String(last) });
    expect(upToDate.body.data).toEqual({ list: [], next: last, gap: false });
    await t.deps.db.deleteFrom('event_log').where('company_id', '=', other.companyId).execute();
    const gone = await other.call('GET', replayEventsCall.path, { after: String(last - 1) });
    expect(gone.body.data).toEqual({ list: [], next: last, gap: true });
  });
});

describe('private addresses', () => {
  it('refuses a URL at a private address (code 1 naming url), and a POST never connects to one', async () => {
    for (const url of ['https://10.0.0.5/hook', 'https://169.254.169.254/latest', 'https://[fd00::1]/x']) {
      const refused = await acme.run(createWebhookCall, { url, eventTypes: ['alert.firing'] });
      expect(refused.code).toBe(ErrorCode.PARAMETER_ERROR);
      expect(refused.msg).toContain('url');
      expect(refused.msg).toContain('private address');
    }
    // A destination that became private after it was saved (say, its name now resolves inside):
    // the POST is refused before any connection, and logged as a failed delivery.
    const { webhook } = await addHook(acme, 'https://hooks.example.com/later-private');
    await t.deps.db
      .updateTable('webhook')
      .set({ url: 'https://192.168.1.10/hook' })
      .where('id', '=', webhook.webhookId)
      .execute();
    const tested = await acme.run(testWebhookCall, { webhookId: webhook.webhookId });
    const delivery = tested.data as unknown as WebhookDelivery;
    expect(delivery).toMatchObject({ ok: false, status: null });
    expect(delivery.error).toBe('192.168.1.10 resolves to 192.168.1.10, a private address');
    expect((await acme.run(deleteWebhookCall, { webhookId: webhook.webhookId })).code).toBe(0);
  });

  it('reaches loopback only in AUTOMATED_TEST_MODE, and private networks only those WEBHOOK_ALLOW_PRIVATE_NETWORKS names', async () => {
    const site = await createTestApp({
      jobs: { manual: true },
      config: testConfig({ automatedTestMode: false, webhookPrivateNetworks: ['10.20.0.0/16'] }),
    });
    try {
      const owner = await companyOwner(site, 'Site Hooks', 'owner@site-hooks.test');
      const add = (url: string) => owner.run(createWebhookCall, { url, eventTypes: ['alert.firing'] });
      expect((await add('https://10.20.3.4/hook')).code).toBe(0);
      for (const url of ['https://10.21.0.1/hook', 'https://127.0.0.1/hook', 'https://localhost/hook']) {
        const refused = await add(url);
        expect(refused.code).toBe(ErrorCode.PARAMETER_ERROR);
        expect(refused.msg).toContain('private address');
      }
    } finally {
      await site.close();
    }
  }, 60_000);
});
