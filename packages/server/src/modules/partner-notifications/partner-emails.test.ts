import {
  alertEmailSettingsCall,
  clearSmtpCall,
  ErrorCode,
  errorMessage,
  type StoredFile,
  saveAlertEmailCall,
  saveNotificationChoicesCall,
  saveSmtpCall,
  testSmtpCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../../../test/accounts.ts';
import { createTestApp, runDueJobs, type TestApp } from '../../../test/helpers.ts';
import type { AppDeps } from '../../platform/app-deps.ts';
import { enqueueJob } from '../../platform/jobs/index.ts';
import { smtpMailer } from '../../platform/mail/mailer.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { bufferOf, MULTIPART_TYPE, multipartBody, pngHeader } from '../files/file-test-kit.ts';
import { grantPool, putOnLevel } from '../licences/licence-test-kit.ts';
import { LICENCE_ALERT_JOB, sendLicenceAlerts } from './licence-alert.job.ts';
import { linkCustomer, makePartner } from './partner-test-kit.ts';

/**
 * E-mail notifications (issue 13): a partner's alert e-mail per type, its own SMTP server with a sealed
 * password and a test mail that really goes out, and the insufficient-licence mail sent once per
 * episode, read from real SMTP servers (the platform's relay and the partner's own).
 */

let t: TestApp;
let platformSmtp: TestSmtp;
let partnerSmtp: TestSmtp;
let delta: Owner;
let acme: Owner;
let rival: Owner;
let banner: StoredFile;
let jobDeps: AppDeps;

const PARTNER_PASSWORD = 'S3cret-smtp-pässword';

async function upload(who: Owner, kind: string, name: string, bytes: Buffer): Promise<StoredFile> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${t.deps.config.apiPrefix}/pl/file/upload`,
    headers: { ...who.headers(), language: 'en', 'content-type': MULTIPART_TYPE },
    payload: await bufferOf(multipartBody({ kind }, [{ name, contentType: 'image/png', bytes }])),
  });
  const body = res.json<{ code: number; msg: string; data: { files: StoredFile[] } }>();
  if (body.code !== 0) throw new Error(`upload failed: ${body.code} ${body.msg}`);
  return body.data.files[0]!;
}

const licenceMail = (over: Record<string, unknown> = {}) => ({
  type: 'licencesInsufficient' as const,
  subject: 'Delta: your licences run out',
  senderName: 'Delta Support',
  supportEmail: 'support@delta-mail.test',
  bannerFileId: banner.fileId,
  enabled: true,
  ...over,
});

const smtpOf = (server: TestSmtp, over: Record<string, unknown> = {}) => ({
  senderEmail: 'alerts@delta-mail.test',
  host: '127.0.0.1',
  port: server.port,
  security: 'none' as const,
  username: 'delta',
  ...over,
});

beforeAll(async () => {
  platformSmtp = await startTestSmtp();
  partnerSmtp = await startTestSmtp({ auth: { user: 'delta', pass: PARTNER_PASSWORD } });
  t = await createTestApp({ jobs: { manual: true } });
  // The platform's relay for the alert job (sign-up codes stay in the outbox the test kit reads).
  const mailer = smtpMailer({ ...t.deps.config.mail, smtpUrl: platformSmtp.url });
  jobDeps = { ...t.deps, mailer };
  delta = await companyOwner(t, 'Delta Distribution', 'owner@delta-mail.test');
  acme = await companyOwner(t, 'Acme Fleet', 'owner@acme-mail.test');
  rival = await companyOwner(t, 'Rival Routers', 'owner@rival-mail.test');
  await makePartner(t, delta.companyId, 'distributor');
  await linkCustomer(t, delta.companyId, acme.companyId);
  banner = await upload(delta, 'emailBanner', 'banner.png', pngHeader(600, 235));
}, 120_000);
afterAll(async () => {
  await t.close();
  await platformSmtp.close();
  await partnerSmtp.close();
});

describe('alert e-mail settings', () => {
  it('starts with every type switched off and the platform mail server', async () => {
    const res = await delta.run(alertEmailSettingsCall, {});
    expect(res.data?.smtp).toBeNull();
    expect(res.data?.types.map((s) => [s.type, s.enabled, s.subject])).toEqual([
      ['licencesInsufficient', false, null],
      ['vpnDataExhausted', false, null],
      ['vpnDataLow', false, null],
      ['elevatorIot', false, null],
    ]);
    expect((await acme.run(alertEmailSettingsCall, {})).code).toBe(ErrorCode.DISTRIBUTOR_ONLY);
  });

  it('saves a type with its banner, and shows it with a link', async () => {
    const res = await delta.run(saveAlertEmailCall, licenceMail());
    expect(res.code, res.msg).toBe(0);
    const settings = await delta.run(alertEmailSettingsCall, {});
    expect(settings.data?.types[0]).toMatchObject({
      type: 'licencesInsufficient',
      subject: 'Delta: your licences run out',
      senderName: 'Delta Support',
      supportEmail: 'support@delta-mail.test',
      enabled: true,
      banner: { fileId: banner.fileId, name: 'banner.png', kind: 'emailBanner' },
    });
  });

  it('refuses a banner that is not 600x235 at upload, naming the size', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${t.deps.config.apiPrefix}/pl/file/upload`,
      headers: { ...delta.headers(), language: 'en', 'content-type': MULTIPART_TYPE },
      payload: await bufferOf(
        multipartBody({ kind: 'emailBanner' }, [{ name: 'wide.png', bytes: pngHeader(800, 235) }]),
      ),
    });
    expect(res.json()).toMatchObject({ code: ErrorCode.PARAMETER_ERROR });
    expect(res.json().msg).toMatch(/600.*235/);
  });

  it('refuses a file that is not an e-mail banner, or not the company’s (15020)', async () => {
    const general = await upload(delta, 'general', 'notes.png', pngHeader(600, 235));
    const theirs = await upload(rival, 'emailBanner', 'rival.png', pngHeader(600, 235));
    for (const fileId of [general.fileId, theirs.fileId, 999_999]) {
      const res = await delta.run(saveAlertEmailCall, licenceMail({ bannerFileId: fileId }));
      expect(res.code).toBe(ErrorCode.BANNER_INVALID);
      expect(res.msg).toBe(errorMessage(ErrorCode.BANNER_INVALID, 'en'));
    }
  });

  it('names the field of a bad value', async () => {
    const res = await delta.run(saveAlertEmailCall, licenceMail({ supportEmail: 'not-an-address' }));
    expect(res.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(res.msg).toMatch(/supportEmail/);
    const smtp = await delta.run(saveSmtpCall, smtpOf(partnerSmtp, { port: 70000 }));
    expect(smtp.msg).toMatch(/port/);
    const host = await delta.run(saveSmtpCall, smtpOf(partnerSmtp, { host: 'smtp server!' }));
    expect(host.msg).toMatch(/host/);
  });
});

describe('the company’s own SMTP server', () => {
  it('stores the password sealed and never sends it back', async () => {
    const res = await delta.run(saveSmtpCall, smtpOf(partnerSmtp, { password: PARTNER_PASSWORD }));
    expect(res.data).toEqual({
      senderEmail: 'alerts@delta-mail.test',
      host: '127.0.0.1',
      port: partnerSmtp.port,
      security: 'none',
      username: 'delta',
      passwordSet: true,
    });
    const row = await t.deps.db.selectFrom('partner_smtp').selectAll().executeTakeFirstOrThrow();
    expect(row.password_sealed).toMatch(/^v1\./);
    expect(row.password_sealed).not.toContain(PARTNER_PASSWORD);
    expect(JSON.stringify((await delta.run(alertEmailSettingsCall, {})).data)).not.toContain(
      PARTNER_PASSWORD,
    );
    // Saving again without a password keeps the stored one.
    await delta.run(saveSmtpCall, smtpOf(partnerSmtp));
    expect((await delta.run(alertEmailSettingsCall, {})).data?.smtp?.passwordSet).toBe(true);
  });

  it('sends a test mail through the settings, signing in with the stored password', async () => {
    const res = await delta.run(testSmtpCall, { ...smtpOf(partnerSmtp), to: 'me@delta-mail.test' });
    expect(res.code, res.msg).toBe(0);
    const mail = partnerSmtp.mails.at(-1)!;
    expect(mail).toMatchObject({
      to: ['me@delta-mail.test'],
      subject: 'Test mail from Delta Distribution',
      from: 'Delta Distribution <alerts@delta-mail.test>',
      authUser: 'delta',
    });
  });

  it('reports the server’s own words when the mail cannot go (15021), in both languages', async () => {
    const wrong = await delta.run(testSmtpCall, {
      ...smtpOf(partnerSmtp, { password: 'wrong-password' }),
      to: 'me@delta-mail.test',
    });
    expect(wrong.code).toBe(ErrorCode.TEST_MAIL_FAILED);
    expect(wrong.msg).toMatch(/^The test mail could not be sent: .*Invalid username or password/);
    expect(wrong.msg).not.toContain('wrong-password');
    const closed = await delta.run(
      testSmtpCall,
      { ...smtpOf(partnerSmtp, { port: 1 }), to: 'me@delta-mail.test' },
      'cn',
    );
    expect(closed.code).toBe(ErrorCode.TEST_MAIL_FAILED);
    expect(closed.msg).toMatch(/^测试邮件发送失败：.*ECONNREFUSED/);
  });
});

describe('the insufficient-licence e-mail', () => {
  const SNS = ['ALERT0001', 'ALERT0002'];

  beforeAll(async () => {
    await seedDevices(
      t,
      acme.companyId,
      [...SNS, 'ALERT0003'].map((sn) => ({ sn })),
    );
    // Two devices on Essential, no licence left to renew them: the alert list is non-empty.
    await putOnLevel(t, acme, SNS, 'ESSENTIALS');
  });

  it('goes to the customer and the partner through the partner’s server, once per episode', async () => {
    const first = await sendLicenceAlerts(jobDeps);
    expect(first).toMatchObject({ mailed: 1, failures: [] });
    const mail = partnerSmtp.mails.at(-1)!;
    expect(mail.to.sort()).toEqual(['owner@acme-mail.test', 'support@delta-mail.test']);
    expect(mail.subject).toBe('Delta: your licences run out');
    expect(mail.from).toBe('Delta Support <alerts@delta-mail.test>');
    expect(mail.text).toContain('Dear Acme Fleet');
    expect(mail.text).toContain('Essential short by 2');
    expect(mail.text).toContain(
      'Please contact Delta Distribution to buy more licences: support@delta-mail.test',
    );
    expect(mail.html).toContain('cid:banner@fleetport');
    expect(mail.inlineIds).toEqual(['banner@fleetport']);

    const count = partnerSmtp.mails.length;
    expect((await sendLicenceAlerts(jobDeps)).mailed).toBe(0);
    expect(partnerSmtp.mails.length).toBe(count);
  });

  it('closes the episode when licences suffice, and mails again on the next shortage', async () => {
    await grantPool(t, acme.companyId, 'ESSENTIAL', 2);
    expect(await sendLicenceAlerts(jobDeps)).toMatchObject({ mailed: 0, closed: 1 });
    // A third device on Essential (its licence granted and drawn) leaves 2 licences for 3 devices.
    await putOnLevel(t, acme, ['ALERT0003'], 'ESSENTIALS');
    // Acme's owner switched this mail off (their notification choices): only the partner's support hears.
    const licencesMail = (enabled: boolean) =>
      acme.run(saveNotificationChoicesCall, {
        choices: [{ category: 'licences', level: null, channel: 'email', enabled }],
      });
    expect((await licencesMail(false)).code).toBe(0);
    expect((await sendLicenceAlerts(jobDeps)).mailed).toBe(1);
    expect(partnerSmtp.mails.at(-1)?.text).toContain('Essential short by 1');
    expect(partnerSmtp.mails.at(-1)?.to).toEqual(['support@delta-mail.test']);
    expect((await licencesMail(true)).code).toBe(0);
  });

  it('goes through the platform mail server when the partner has none, and not at all when switched off', async () => {
    await grantPool(t, acme.companyId, 'ESSENTIAL', 1);
    await sendLicenceAlerts(jobDeps);
    await delta.run(clearSmtpCall, {});
    await seedDevices(t, acme.companyId, [{ sn: 'ALERT0004' }]);
    await putOnLevel(t, acme, ['ALERT0004'], 'ESSENTIALS');
    const before = platformSmtp.mails.length;
    expect((await sendLicenceAlerts(jobDeps)).mailed).toBe(1);
    expect(platformSmtp.mails.length).toBe(before + 1);
    expect(platformSmtp.mails.at(-1)).toMatchObject({
      subject: 'Delta: your licences run out',
      from: 'Delta Support <no-reply@fleetport.local>',
    });

    await grantPool(t, acme.companyId, 'ESSENTIAL', 1);
    await sendLicenceAlerts(jobDeps);
    await delta.run(saveAlertEmailCall, licenceMail({ enabled: false }));
    await seedDevices(t, acme.companyId, [{ sn: 'ALERT0005' }]);
    await putOnLevel(t, acme, ['ALERT0005'], 'ESSENTIALS');
    expect((await sendLicenceAlerts(jobDeps)).mailed).toBe(0);
    expect(platformSmtp.mails.length).toBe(before + 1);
  });

  it('runs on the job queue, sending through the app’s own mailer (the outbox here)', async () => {
    await delta.run(saveAlertEmailCall, licenceMail({ enabled: true }));
    await enqueueJob(t.deps.db, { kind: LICENCE_ALERT_JOB, payload: {} });
    await runDueJobs(t);
    const kept = await t.deps.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('subject', '=', 'Delta: your licences run out')
      .execute();
    expect(kept).toHaveLength(1);
    expect(kept[0]!.to_address).toContain('owner@acme-mail.test');
    expect(kept[0]!.text_body).toContain('Essential short by 1');
  });
});
