import {
  ALERT_MAILS_PER_HOUR,
  type AlertRuleInput,
  clearMailServerCall,
  createAlertRuleCall,
  ErrorCode,
  getMailServerCall,
  saveMailServerCall,
  setOemSettingCall,
  testMailServerCall,
  unsubscribeCall,
} from '@fleetport/contract';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, TEST_PASSWORD } from '../../../test/accounts.ts';
import { createTestApp, runDueJobs, type TestApp } from '../../../test/helpers.ts';
import { addUser, defaultRoles } from '../../../test/people.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { type Mailer, outboxMailer, smtpMailer } from '../../platform/mail/mailer.ts';
import { appendEvent } from '../alerts/event-log.store.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { bufferOf, MULTIPART_TYPE, multipartBody, pngHeader } from '../files/file-test-kit.ts';

/**
 * The e-mail channel through a real SMTP server, each mail read back with mailparser: 20 routers going
 * offline within one grouping window make one mail listing them all, in the reader's language, with a
 * working List-Unsubscribe link; past the hourly cap, the hour's remaining messages make one digest.
 */

let t: TestApp;
let acme: Owner;
let other: Owner;
let smtp: { url: string; raw: Buffer[]; close(): Promise<void> };
let relay: Mailer | null = null;
const SEC = 1000;
const MIN = 60 * SEC;

/** A real SMTP server keeping each message's raw bytes for mailparser. */
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
/** mailparser gathers the List-* headers under `list`. */
const unsubscribeOf = (m: ParsedMail) =>
  (m.headers.get('list') as { unsubscribe?: { url: string } } | undefined)?.unsubscribe?.url;
const toOf = (m: ParsedMail) => (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address;

async function after(ms: number) {
  t.clock.advance(ms);
  await runDueJobs(t, 20);
}

async function setOnline(sns: string[], online: boolean) {
  await t.deps.db
    .updateTable('device')
    .set({ online, online_changed_at: t.clock.now(), last_seen_at: t.clock.now() })
    .where('sn', 'in', sns)
    .execute();
}

const rule = (name: string, sns: string[]): AlertRuleInput => ({
  name,
  level: 'major',
  targets: { mode: 'devices', sns },
  conditionMode: 'any',
  conditions: [{ type: 'offline', minutes: 1, clearMinutes: 0 }],
  triggerVolume: 1,
  triggerInterval: { value: 1, unit: 'minute' },
  pendingMinutes: 0,
  email: { enabled: true, receivers: 'allUsers' },
  enabled: true,
});

const SNS = Array.from({ length: 20 }, (_, i) => `MAIL${String(i + 1).padStart(4, '0')}`);

beforeAll(async () => {
  smtp = await startRawSmtp();
  // Sign-up codes go to the outbox the test kit reads; notification mail to the SMTP server.
  const relayed: Mailer = {
    send: (m) => (relay ?? outboxMailer(t.deps.db, () => t.app.log)).send(m),
  };
  t = await createTestApp({ jobs: { manual: true }, mailer: relayed });
  acme = await companyOwner(t, 'Acme Mail', 'owner@acme-alertmail.test');
  other = await companyOwner(t, 'Other Mail', 'owner@other-alertmail.test');
  relay = smtpMailer({ ...t.deps.config.mail, smtpUrl: smtp.url });
  await seedDevices(
    t,
    acme.companyId,
    SNS.map((sn, i) => ({ sn, name: `Pump ${i + 1}`, online: true })),
  );
  await seedDevices(t, other.companyId, [{ sn: 'OTHERMAIL1', name: 'Theirs', online: true }]);
  // Acme's OEM settings carry an e-mail banner, which heads its mails; Other has none.
  const uploaded = await t.app.inject({
    method: 'POST',
    url: `${t.deps.config.apiPrefix}/pl/file/upload`,
    headers: { ...acme.headers(), language: 'en', 'content-type': MULTIPART_TYPE },
    payload: await bufferOf(
      multipartBody({ kind: 'emailBanner' }, [
        { name: 'banner.png', contentType: 'image/png', bytes: pngHeader(600, 235) },
      ]),
    ),
  });
  const bannerFileId = uploaded.json<{ data: { files: { fileId: number }[] } }>().data.files[0]!.fileId;
  const oem = await acme.run(setOemSettingCall, {
    rlinkDisplayName: 'Acme Fleet',
    rvpnDisplayName: 'Acme VPN',
    logoFileId: null,
    bannerFileId,
  });
  expect(oem.code).toBe(0);
  const created = await acme.run(createAlertRuleCall, rule('Pumps offline', SNS));
  expect(created.code).toBe(0);
  const theirs = await other.run(createAlertRuleCall, rule('Their pump', ['OTHERMAIL1']));
  expect(theirs.code).toBe(0);
  await runDueJobs(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('alert e-mail', () => {
  it('mails one message listing the 20 routers that went offline within one grouping window', async () => {
    // The console channel tells the company's open consoles the same grouped message, live.
    const live: unknown[] = [];
    const stop = t.deps.hub.subscribe((e) => {
      if (e.name === 'events.new') live.push(e.data);
    }, acme.companyId);
    await setOnline(SNS.slice(0, 12), false);
    await after(30 * SEC);
    await setOnline(SNS.slice(12), false);
    await setOnline(['OTHERMAIL1'], false);
    for (let i = 0; i < 6; i++) await after(30 * SEC);
    const mails = (await parsed()).filter((m) => toOf(m) === 'owner@acme-alertmail.test');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('[Major] Pumps offline: 20 device(s) alerting');
    for (const [i, sn] of SNS.entries()) expect(mail.text).toContain(`- Pump ${i + 1} (${sn})`);
    expect(mail.text).not.toContain('OTHERMAIL1');
    const url = unsubscribeOf(mail)!;
    expect(url).toMatch(/\/pl\/notification\/unsubscribe\?token=/);
    expect(mail.text).toContain(url);
    // Headed by Acme's e-mail banner, inline: the image the HTML shows is the file Acme uploaded.
    // (mailparser shows the cid: image as the data it names.)
    expect(mail.html).toContain(`<img src="data:image/png;base64,${pngHeader(600, 235).toString('base64')}"`);
    expect(mail.html).toContain('Pump 20 (MAIL0020)');
    const banner = mail.attachments.find((a) => a.cid === 'banner@fleetport');
    expect(banner?.content.equals(pngHeader(600, 235))).toBe(true);
    // The other company's owner hears of their own pump only, without Acme's banner.
    const theirs = (await parsed()).filter((m) => toOf(m) === 'owner@other-alertmail.test');
    expect(theirs.map((m) => m.subject)).toEqual(['[Major] Their pump: 1 device(s) alerting']);
    expect(theirs[0]!.text).not.toContain('MAIL0001');
    expect(theirs[0]!.attachments).toEqual([]);
    expect(theirs[0]!.html).toBe(false);
    stop();
    const told = live.flatMap(
      (d) => (d as { messages: { type: string; ruleName: string; devices: number }[] }).messages,
    );
    expect(told).toEqual([
      {
        cursor: expect.any(Number),
        type: 'alert.firing',
        ruleName: 'Pumps offline',
        level: 'major',
        devices: 20,
      },
    ]);
  }, 60_000);

  it("writes in the language of the reader's last sign-in, and stops after the unsubscribe link", async () => {
    const cn = await t.call(
      'POST',
      '/pl/sso/login',
      { account: acme.account, password: TEST_PASSWORD },
      { language: 'cn' },
    );
    expect(cn.body.code).toBe(0);
    const before = smtp.raw.length;
    await setOnline(SNS, true);
    for (let i = 0; i < 3; i++) await after(30 * SEC);
    const resolved = (await parsed()).slice(before).filter((m) => toOf(m) === 'owner@acme-alertmail.test');
    expect(resolved.map((m) => m.subject)).toEqual(['【重要】Pumps offline：20台设备已恢复']);
    expect(resolved[0]!.text).toContain('状态：已恢复');

    const link = unsubscribeOf(resolved[0]!)!;
    const token = new URL(link).searchParams.get('token')!;
    const forged = await t.call('GET', unsubscribeCall.path, { token: `${token.slice(0, -2)}xx` });
    expect(forged.body.data).toEqual({ unsubscribed: false });
    const res = await t.call('GET', unsubscribeCall.path, { token });
    expect(res.body).toMatchObject({ code: 0, data: { unsubscribed: true } });
    const count = smtp.raw.length;
    await setOnline(SNS.slice(0, 2), false);
    for (let i = 0; i < 4; i++) await after(30 * SEC);
    const later = (await parsed()).slice(count).filter((m) => toOf(m) === 'owner@acme-alertmail.test');
    expect(later).toEqual([]);
    await t.deps.db.deleteFrom('mail_opt_out').execute();

    // RFC 8058: the mail offers one click, a form POST of `List-Unsubscribe=One-Click` to the same URL.
    expect(resolved[0]!.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    const target = new URL(link);
    const oneClick = (payload: string, contentType = 'application/x-www-form-urlencoded') =>
      t.app.inject({
        method: 'POST',
        url: target.pathname + target.search,
        headers: { 'content-type': contentType },
        payload,
      });
    const optedOut = () => t.deps.db.selectFrom('mail_opt_out').selectAll().execute();
    const empty = await oneClick('');
    expect(empty.json()).toMatchObject({ code: ErrorCode.PARAMETER_ERROR });
    expect(empty.json().msg).toContain('List-Unsubscribe');
    expect(await optedOut()).toEqual([]);
    const clicked = await oneClick('List-Unsubscribe=One-Click');
    expect(clicked.statusCode).toBe(200);
    expect(clicked.json()).toMatchObject({ code: 0, data: { unsubscribed: true } });
    expect(await optedOut()).toHaveLength(1);
    await t.deps.db.deleteFrom('mail_opt_out').execute();
    // The same as multipart/form-data, which RFC 8058 allows too.
    const boundary = 'fleetportBoundary';
    const multipart = await oneClick(
      `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      `multipart/form-data; boundary=${boundary}`,
    );
    expect(multipart.json()).toMatchObject({ code: 0, data: { unsubscribed: true } });
    await t.deps.db.deleteFrom('mail_opt_out').execute();
    // Any other call refuses a form body.
    const formToJson = await t.app.inject({
      method: 'POST',
      url: `${t.deps.config.apiPrefix}/pl/sso/login`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'account=x&password=y',
    });
    expect(formToJson.json()).toMatchObject({ code: ErrorCode.PARAMETER_ERROR });
    expect(formToJson.json().msg).toContain('unsupported content type');
  }, 60_000);

  it(`mails at most ${ALERT_MAILS_PER_HOUR} messages an hour, then one digest of the rest after the hour`, async () => {
    // Start at the top of an hour so every message falls in it.
    const now = t.clock.now().getTime();
    t.clock.advance(3_600_000 - (now % 3_600_000) + MIN);
    await runDueJobs(t, 20);
    const start = smtp.raw.length;
    const extra = 3;
    for (let i = 0; i < ALERT_MAILS_PER_HOUR + extra; i++)
      await inTransaction(t.deps.db, (tx) =>
        appendEvent(
          tx,
          other.companyId,
          'alert.firing',
          {
            ruleId: 0,
            ruleName: `Burst ${i + 1}`,
            level: 'minor',
            devices: [{ sn: 'OTHERMAIL1', name: 'Theirs' }],
          },
          t.clock.now(),
        ),
      );
    await after(10 * SEC);
    // ruleId 0 is no rule of theirs: nothing is mailed for it.
    expect(smtp.raw.length).toBe(start);
    const theirRule = await t.deps.db
      .selectFrom('alert_rule')
      .select('id')
      .where('company_id', '=', other.companyId)
      .executeTakeFirstOrThrow();
    for (let i = 0; i < ALERT_MAILS_PER_HOUR + extra; i++)
      await inTransaction(t.deps.db, (tx) =>
        appendEvent(
          tx,
          other.companyId,
          'alert.firing',
          {
            ruleId: Number(theirRule.id),
            ruleName: `Burst ${i + 1}`,
            level: 'minor',
            devices: [{ sn: 'OTHERMAIL1', name: 'Theirs' }],
          },
          t.clock.now(),
        ),
      );
    await after(10 * SEC);
    const inHour = (await parsed()).slice(start);
    expect(inHour).toHaveLength(ALERT_MAILS_PER_HOUR);
    await after(60 * MIN);
    const digest = (await parsed()).slice(start + ALERT_MAILS_PER_HOUR);
    expect(digest).toHaveLength(1);
    expect(digest[0]!.subject).toBe(`Alert digest: ${extra} more alert messages this hour`);
    for (let i = ALERT_MAILS_PER_HOUR; i < ALERT_MAILS_PER_HOUR + extra; i++)
      expect(digest[0]!.text).toContain(`Burst ${i + 1}: 1 device(s) alerting`);
    expect(unsubscribeOf(digest[0]!)).toMatch(/\/pl\/notification\/unsubscribe\?token=/);
  }, 120_000);

  it("goes through the company's own SMTP server once it saved one, whose password never comes back", async () => {
    const own = await startTestSmtp({ auth: { user: 'other', pass: 'Own-smtp-pässword' } });
    try {
      const server = {
        senderEmail: 'alerts@other-alertmail.test',
        host: '127.0.0.1',
        port: own.port,
        security: 'none' as const,
        username: 'other',
        password: 'Own-smtp-pässword',
      };
      for (const port of [0, 65536]) {
        const bad = await other.run(saveMailServerCall, { ...server, port });
        expect([bad.code, bad.msg]).toEqual([1, expect.stringContaining('port')]);
      }
      expect((await other.run(getMailServerCall, {})).data).toBeNull();
      const saved = await other.run(saveMailServerCall, server);
      expect(saved.code).toBe(0);
      const shown = await other.run(getMailServerCall, {});
      expect(shown.data).toEqual({ ...server, password: undefined, passwordSet: true });
      expect(JSON.stringify(shown)).not.toContain('pässword');
      const sealed = await t.deps.db
        .selectFrom('partner_smtp')
        .select('password_sealed')
        .where('company_id', '=', other.companyId)
        .executeTakeFirstOrThrow();
      expect(sealed.password_sealed).not.toContain('pässword');
      // The test mail uses the stored password when the form types none.
      const { password: _typed, ...withoutPassword } = server;
      const tested = await other.run(testMailServerCall, {
        ...withoutPassword,
        to: 'ops@other-alertmail.test',
      });
      expect(tested.code).toBe(0);
      expect(own.mails.map((m) => [m.to, m.authUser])).toEqual([[['ops@other-alertmail.test'], 'other']]);

      const platformBefore = smtp.raw.length;
      const theirRule = await t.deps.db
        .selectFrom('alert_rule')
        .select('id')
        .where('company_id', '=', other.companyId)
        .executeTakeFirstOrThrow();
      t.clock.advance(3_600_000);
      await inTransaction(t.deps.db, (tx) =>
        appendEvent(
          tx,
          other.companyId,
          'alert.resolved',
          {
            ruleId: Number(theirRule.id),
            ruleName: 'Their pump',
            level: 'major',
            devices: [{ sn: 'OTHERMAIL1', name: 'Theirs' }],
          },
          t.clock.now(),
        ),
      );
      await after(10 * SEC);
      expect(own.mails.map((m) => m.subject)).toContain('[Major] Their pump: 1 device(s) resolved');
      expect(own.mails.at(-1)!.from).toContain('alerts@other-alertmail.test');
      expect(smtp.raw.length).toBe(platformBefore);
      expect((await other.run(clearMailServerCall, {})).code).toBe(0);
      expect((await other.run(getMailServerCall, {})).data).toBeNull();
    } finally {
      await own.close();
    }
  }, 60_000);
});

describe('receivers', () => {
  it("mails a rule's messages to the chosen role's members or the chosen people only", async () => {
    // Sign-up codes go to the outbox the test kit reads.
    const smtpRelay = relay;
    relay = null;
    const roles = await companyOwner(t, 'Roles Mail', 'owner@roles-mail.test');
    relay = smtpRelay;
    const role = await defaultRoles(t, roles.companyId);
    const ops = await addUser(roles, { account: 'ops@roles-mail.test', roleId: role.operator });
    await addUser(roles, { account: 'ops2@roles-mail.test', roleId: role.operator });
    const viewer = await addUser(roles, { account: 'viewer@roles-mail.test', roleId: role.readOnly });
    await seedDevices(t, roles.companyId, [
      { sn: 'ROLEMAIL1', name: 'Pump R', online: true },
      { sn: 'ROLEMAIL2', name: 'Pump U', online: true },
    ]);
    const byRole = await roles.run(createAlertRuleCall, {
      ...rule('By role', ['ROLEMAIL1']),
      email: { enabled: true, receivers: 'byRole', roleIds: [role.operator], userIds: [] },
    });
    const chosen = await roles.run(createAlertRuleCall, {
      ...rule('Chosen people', ['ROLEMAIL2']),
      email: { enabled: true, receivers: 'selectedUsers', roleIds: [], userIds: [viewer, ops] },
    });
    expect([byRole.code, chosen.code]).toEqual([0, 0]);
    const before = smtp.raw.length;
    await setOnline(['ROLEMAIL1', 'ROLEMAIL2'], false);
    for (let i = 0; i < 5; i++) await after(30 * SEC);
    const mails = (await parsed()).slice(before).filter((m) => toOf(m)?.endsWith('@roles-mail.test'));
    const to = (subject: string) =>
      mails
        .filter((m) => m.subject === subject)
        .map(toOf)
        .sort();
    expect(to('[Major] By role: 1 device(s) alerting')).toEqual([
      'ops2@roles-mail.test',
      'ops@roles-mail.test',
    ]);
    expect(to('[Major] Chosen people: 1 device(s) alerting')).toEqual([
      'ops@roles-mail.test',
      'viewer@roles-mail.test',
    ]);
    expect(mails).toHaveLength(4);
  }, 60_000);
});
