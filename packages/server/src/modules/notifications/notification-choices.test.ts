import {
  ALERT_MAILS_PER_HOUR,
  type AlertRuleInput,
  createAlertRuleCall,
  getNotificationChoicesCall,
  type LiveServerMessage,
  notificationCells,
  saveNotificationChoicesCall,
  unreadAlertCountCall,
} from '@fleetport/contract';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signIn } from '../../../test/accounts.ts';
import { createTestApp, runDueJobs, type TestApp } from '../../../test/helpers.ts';
import { addUser, defaultRoles } from '../../../test/people.ts';
import { eventually } from '../../gateway/testing/gateway-env.ts';
import { type Mailer, outboxMailer, smtpMailer } from '../../platform/mail/mailer.ts';
import { asOwner, companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';

/**
 * Each person's notification choices (`/operation/notification`): the calls read and set the caller's
 * own cells only, with code 1 naming the field for a cell that does not exist; the e-mail channel (read
 * back from a real SMTP server with mailparser), the console's live notices (a real socket) and the
 * alert badge leave out what a person switched off, and no one else's messages change.
 */

let t: TestApp;
let acme: Owner;
let ops: Owner;
let other: Owner;
let smtp: { url: string; raw: Buffer[]; close(): Promise<void> };
let relay: Mailer | null = null;
let wsBase: string;
const SEC = 1000;
const SNS = ['CHOICE0001', 'CHOICE0002', 'CHOICE0003'];

async function startRawSmtp() {
  const raw: Buffer[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        raw.push(Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    raw,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const parsed = (): Promise<ParsedMail[]> => Promise.all(smtp.raw.map((r) => simpleParser(r)));
const toOf = (m: ParsedMail) => (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address;

/** A console tab's live socket: every message it heard. */
async function openTab(who: Owner) {
  const received: LiveServerMessage[] = [];
  const socket = new WebSocket(`${wsBase}?lang=en`);
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as LiveServerMessage;
    if (message.type === 'batch') received.push(...message.messages);
    else received.push(message);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'auth', ticket: who.headers().ticket }));
  await eventually(async () => received.find((m) => m.type === 'ready'), 8000, 'ready');
  return { received, close: () => socket.close() };
}

const rule = (name: string, level: AlertRuleInput['level']): AlertRuleInput => ({
  name,
  level,
  targets: { mode: 'devices', sns: SNS },
  conditionMode: 'any',
  conditions: [{ type: 'offline', minutes: 1, clearMinutes: 0 }],
  triggerVolume: 1,
  triggerInterval: { value: 1, unit: 'minute' },
  pendingMinutes: 0,
  email: { enabled: true, receivers: 'allUsers' },
  enabled: true,
});

beforeAll(async () => {
  smtp = await startRawSmtp();
  const relayed: Mailer = { send: (m) => (relay ?? outboxMailer(t.deps.db, () => t.app.log)).send(m) };
  t = await createTestApp({ jobs: { manual: true }, mailer: relayed });
  acme = await companyOwner(t, 'Acme Choices', 'owner@acme-choices.test');
  other = await companyOwner(t, 'Other Choices', 'owner@other-choices.test');
  const roles = await defaultRoles(t, acme.companyId);
  const opsId = await addUser(acme, { account: 'ops@acme-choices.test', roleId: roles.operator });
  ops = asOwner(await signIn(t, 'ops@acme-choices.test'), {
    companyId: acme.companyId,
    userId: opsId,
    account: 'ops@acme-choices.test',
  });
  relay = smtpMailer({ ...t.deps.config.mail, smtpUrl: smtp.url });
  await seedDevices(
    t,
    acme.companyId,
    SNS.map((sn, i) => ({ sn, name: `Pump ${i + 1}`, online: true })),
  );
  expect((await acme.run(createAlertRuleCall, rule('Pumps offline', 'major'))).code).toBe(0);
  expect((await acme.run(createAlertRuleCall, rule('Pumps down hard', 'critical'))).code).toBe(0);
  await runDueJobs(t);
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsBase = `${address.replace('http', 'ws')}${t.deps.config.apiPrefix}/ws`;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('notification choices', () => {
  it('answers every cell on for a person who never chose', async () => {
    const res = await ops.run(getNotificationChoicesCall, {});
    expect(res.code).toBe(0);
    expect(res.data!.choices).toEqual(notificationCells().map((c) => ({ ...c, enabled: true })));
    expect(res.data!.choices).toContainEqual({
      category: 'alerts',
      level: 'critical',
      channel: 'console',
      enabled: true,
    });
    expect(res.data!.choices).toContainEqual({
      category: 'reports',
      level: null,
      channel: 'email',
      enabled: true,
    });
  });

  it('refuses a cell that does not exist with code 1 naming the field, and saves nothing', async () => {
    const noLevel = await ops.run(saveNotificationChoicesCall, {
      choices: [{ category: 'alerts', level: null, channel: 'email', enabled: false }],
    });
    expect(noLevel.code).toBe(1);
    expect(noLevel.msg).toContain('choices.0.level');
    const consoleReport = await ops.run(saveNotificationChoicesCall, {
      choices: [
        { category: 'alerts', level: 'major', channel: 'email', enabled: false },
        { category: 'reports', level: null, channel: 'console', enabled: false },
      ],
    });
    expect(consoleReport.code).toBe(1);
    expect(consoleReport.msg).toContain('choices.1.channel');
    const badLevel = await ops.run(saveNotificationChoicesCall, {
      choices: [{ category: 'alerts', level: 'warning' as never, channel: 'email', enabled: false }],
    });
    expect(badLevel.code).toBe(1);
    expect(badLevel.msg).toContain('level');
    const empty = await ops.run(saveNotificationChoicesCall, { choices: [] });
    expect(empty.code).toBe(1);
    expect(empty.msg).toContain('choices');
    const stillOn = await ops.run(getNotificationChoicesCall, {});
    expect(stillOn.data!.choices.every((c) => c.enabled)).toBe(true);
  });

  it("sets the caller's own cells only: nobody names another person, in this company or another", async () => {
    // There is no user in the call: naming one is refused as unknown input.
    const someoneElse = await ops.run(saveNotificationChoicesCall, {
      choices: [{ category: 'reports', level: null, channel: 'email', enabled: false }],
      userId: other.userId,
    } as never);
    expect(someoneElse.code).toBe(1);
    const saved = await ops.run(saveNotificationChoicesCall, {
      choices: [
        { category: 'alerts', level: 'major', channel: 'email', enabled: false },
        { category: 'alerts', level: 'major', channel: 'console', enabled: false },
        { category: 'reports', level: null, channel: 'email', enabled: false },
      ],
    });
    expect(saved.code).toBe(0);
    const off = saved.data!.choices.filter((c) => !c.enabled);
    expect(off).toEqual([
      { category: 'alerts', level: 'major', channel: 'console', enabled: false },
      { category: 'alerts', level: 'major', channel: 'email', enabled: false },
      { category: 'reports', level: null, channel: 'email', enabled: false },
    ]);
    // Saved: read again, and a later save of one cell keeps the others.
    const turnedOn = await ops.run(saveNotificationChoicesCall, {
      choices: [{ category: 'reports', level: null, channel: 'email', enabled: true }],
    });
    expect(turnedOn.data!.choices.filter((c) => !c.enabled)).toHaveLength(2);
    expect(
      (await ops.run(getNotificationChoicesCall, {})).data!.choices.filter((c) => !c.enabled),
    ).toHaveLength(2);
    // The owner of the same company and another company's owner keep theirs (all on).
    for (const who of [acme, other]) {
      const theirs = await who.run(getNotificationChoicesCall, {});
      expect(theirs.data!.choices.every((c) => c.enabled)).toBe(true);
    }
  });

  it('leaves a person out of the e-mail, the live notices and the badge of what they switched off', async () => {
    const ownerTab = await openTab(acme);
    const opsTab = await openTab(ops);
    await t.deps.db
      .updateTable('device')
      .set({ online: false, online_changed_at: t.clock.now() })
      .where('sn', 'in', SNS)
      .execute();
    for (let i = 0; i < 6; i++) {
      t.clock.advance(30 * SEC);
      await runDueJobs(t, 20);
    }
    // E-mail: the owner gets both rules' mails; the operator only the critical one (major switched off).
    const mails = await parsed();
    const subjectsTo = (to: string) =>
      mails
        .filter((m) => toOf(m) === to)
        .map((m) => m.subject)
        .sort();
    expect(subjectsTo('owner@acme-choices.test')).toEqual([
      '[Critical] Pumps down hard: 3 device(s) alerting',
      '[Major] Pumps offline: 3 device(s) alerting',
    ]);
    expect(subjectsTo('ops@acme-choices.test')).toEqual(['[Critical] Pumps down hard: 3 device(s) alerting']);

    // The console's live notices: the same split, on real sockets.
    const notices = (tab: { received: LiveServerMessage[] }) =>
      tab.received
        .flatMap((m) => (m.type === 'events.new' ? m.messages : []))
        .map((m) => `${m.type} ${m.ruleName} ${m.level}`)
        .sort();
    await eventually(async () => (notices(ownerTab).length === 2 ? true : undefined), 8000, 'owner notices');
    await eventually(async () => (notices(opsTab).length === 1 ? true : undefined), 8000, 'ops notice');
    expect(notices(ownerTab)).toEqual([
      'alert.firing Pumps down hard critical',
      'alert.firing Pumps offline major',
    ]);
    expect(notices(opsTab)).toEqual(['alert.firing Pumps down hard critical']);
    // Nothing on the wire names who switched what off.
    for (const m of opsTab.received) expect(JSON.stringify(m)).not.toContain('mutedUserIds');
    ownerTab.close();
    opsTab.close();

    // The badge counts what the person still wants on the console: 6 unread for the owner, 3 for ops.
    expect((await acme.run(unreadAlertCountCall, {})).data).toEqual({ total: 6 });
    expect((await ops.run(unreadAlertCountCall, {})).data).toEqual({ total: 3 });
  }, 60_000);

  it("keeps the hour's digest to what each person still wants, including a choice made after a message was held", async () => {
    // The hour's cap is used up: the routers coming back make messages held for the digest.
    const hour = new Date(Math.floor(t.clock.now().getTime() / 3_600_000) * 3_600_000);
    await t.deps.db
      .insertInto('mail_hour')
      .values({ company_id: acme.companyId, hour, sent: ALERT_MAILS_PER_HOUR })
      .onConflict((oc) => oc.columns(['company_id', 'hour']).doUpdateSet({ sent: ALERT_MAILS_PER_HOUR }))
      .execute();
    const start = smtp.raw.length;
    await t.deps.db
      .updateTable('device')
      .set({ online: true, online_changed_at: t.clock.now() })
      .where('sn', 'in', SNS)
      .execute();
    for (let i = 0; i < 4; i++) {
      t.clock.advance(30 * SEC);
      await runDueJobs(t, 20);
    }
    expect(smtp.raw.length).toBe(start);
    // Held: the owner's two lines and the operator's critical one. Now the operator switches critical e-mail off too.
    const saved = await ops.run(saveNotificationChoicesCall, {
      choices: [{ category: 'alerts', level: 'critical', channel: 'email', enabled: false }],
    });
    expect(saved.code).toBe(0);
    t.clock.advance(3_600_000);
    await runDueJobs(t, 20);
    const digests = (await parsed()).slice(start);
    expect(digests.map(toOf)).toEqual(['owner@acme-choices.test']);
    expect(digests[0]!.subject).toBe('Alert digest: 2 more alert messages this hour');
    expect(digests[0]!.text).toContain('[Major] Pumps offline: 3 device(s) resolved');
    expect(digests[0]!.text).toContain('[Critical] Pumps down hard: 3 device(s) resolved');
  }, 60_000);
});
