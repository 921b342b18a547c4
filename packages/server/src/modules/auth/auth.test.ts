import { ErrorCode, ROLE_TYPE } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompany, TEST_PASSWORD } from '../../../test/accounts.ts';
import { createTestApp, type TestApp, testConfig } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await registerCompany(t, {
    companyName: 'Harbour Logistics',
    account: 'ann@harbour.example',
    userName: 'Ann',
  });
});
afterAll(async () => {
  await t.close();
});

const login = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  t.call<{ ticket: string; key: string; expiresAt: number }>('POST', '/pl/sso/login', body, headers);

async function captchaAnswer(captchaId: string): Promise<string> {
  const row = await t.deps.db
    .selectFrom('captcha')
    .select('answer')
    .where('id', '=', captchaId)
    .executeTakeFirstOrThrow();
  return row.answer;
}

async function newCaptcha() {
  const res = await t.call<{ captchaId: string; image: string }>('GET', '/pl/sso/captcha');
  return res.body.data!;
}

describe('sign-in', () => {
  it('answers a ticket, its key and the end of the session 4 hours on', async () => {
    const res = await login({ account: 'ANN@harbour.example', password: TEST_PASSWORD });
    expect(res.body.code).toBe(0);
    expect(res.body.data?.ticket).toMatch(/^[\w-]{40,}$/);
    expect(res.body.data?.key).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body.data?.expiresAt).toBe(t.clock.now().getTime() + 4 * 3600 * 1000);
    const stored = await t.deps.db.selectFrom('user_session').select('ticket_hash').execute();
    expect(stored.map((s) => s.ticket_hash)).not.toContain(res.body.data?.ticket);
  });

  it('walks the lockout ladder 14010 -> 14030 -> 14031 with the seconds locked, captcha after the first', async () => {
    await registerCompany(t, { companyName: 'Ladder Works', account: 'lee@ladder.example' });
    const account = 'lee@ladder.example';
    const first = await login({ account, password: 'Wrong!Password1' });
    expect(first.body.code).toBe(ErrorCode.WRONG_PASSWORD_TWO_LEFT);
    expect(first.body.msg).toBe('Wrong account or password, 2 attempts left');

    const noCaptcha = await login({ account, password: 'Wrong!Password1' });
    expect(noCaptcha.body.code).toBe(ErrorCode.CAPTCHA_REQUIRED);

    const c1 = await newCaptcha();
    const second = await login({
      account,
      password: 'Wrong!Password1',
      captchaId: c1.captchaId,
      captcha: await captchaAnswer(c1.captchaId),
    });
    expect(second.body.code).toBe(ErrorCode.WRONG_PASSWORD_ONE_LEFT);

    const c2 = await newCaptcha();
    const third = await login({
      account,
      password: 'Wrong!Password1',
      captchaId: c2.captchaId,
      captcha: (await captchaAnswer(c2.captchaId)).toLowerCase(),
    });
    expect(third.body.code).toBe(ErrorCode.ACCOUNT_LOCKED);
    expect(third.body.data).toBe(1800);
    expect(third.body.msg).toBe('The account is locked, please try again in 30 minutes');

    // Locked: even the right password is refused, with the time left.
    t.clock.advance(10 * 60 * 1000);
    const c3 = await newCaptcha();
    const locked = await login(
      {
        account,
        password: TEST_PASSWORD,
        captchaId: c3.captchaId,
        captcha: await captchaAnswer(c3.captchaId),
      },
      { language: 'cn' },
    );
    expect(locked.body.code).toBe(ErrorCode.ACCOUNT_LOCKED);
    expect(locked.body.data).toBe(1200);
    expect(locked.body.msg).toBe('账号已锁定，请20分钟后重试');

    t.clock.advance(20 * 60 * 1000 + 1000);
    const c4 = await newCaptcha();
    const after = await login({
      account,
      password: TEST_PASSWORD,
      captchaId: c4.captchaId,
      captcha: await captchaAnswer(c4.captchaId),
    });
    expect(after.body.code).toBe(0);
    // Success clears the ladder and the captcha.
    expect((await login({ account, password: TEST_PASSWORD })).body.code).toBe(0);
  });

  it('treats unknown accounts like known ones', async () => {
    const res = await login({ account: 'nobody@nowhere.example', password: 'Wrong!Password1' });
    expect(res.body.code).toBe(ErrorCode.WRONG_PASSWORD_TWO_LEFT);
  });

  it('refuses a wrong captcha with 14011 and draws captchas as strokes, not text', async () => {
    const account = 'ann@harbour.example';
    expect((await login({ account, password: 'Wrong!Password1' })).body.code).toBe(
      ErrorCode.WRONG_PASSWORD_TWO_LEFT,
    );
    const c = await newCaptcha();
    const svg = Buffer.from(c.image.replace('data:image/svg+xml;base64,', ''), 'base64').toString('utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).not.toContain('<text');
    expect(svg).not.toContain(await captchaAnswer(c.captchaId));
    const wrong = await login({ account, password: TEST_PASSWORD, captchaId: c.captchaId, captcha: 'QQQQQ' });
    expect(wrong.body.code).toBe(ErrorCode.WRONG_CAPTCHA);
    // A captcha works once: the right answer after a wrong one is refused too.
    const replay = await login({
      account,
      password: TEST_PASSWORD,
      captchaId: c.captchaId,
      captcha: 'QQQQQ',
    });
    expect(replay.body.code).toBe(ErrorCode.WRONG_CAPTCHA);
    const c2 = await newCaptcha();
    const ok = await login({
      account,
      password: TEST_PASSWORD,
      captchaId: c2.captchaId,
      captcha: await captchaAnswer(c2.captchaId),
    });
    expect(ok.body.code).toBe(0);
  });

  it('skips the captcha in automated-test mode, and nothing else', async () => {
    const auto = await createTestApp({ config: testConfig({ automatedTestMode: true }) });
    try {
      await registerCompany(auto, { companyName: 'Auto Co', account: 'bot@auto.example' });
      const account = 'bot@auto.example';
      const r1 = await auto.call('POST', '/pl/sso/login', { account, password: 'Wrong!Password1' });
      expect(r1.body.code).toBe(ErrorCode.WRONG_PASSWORD_TWO_LEFT);
      const r2 = await auto.call('POST', '/pl/sso/login', { account, password: 'Wrong!Password1' });
      expect(r2.body.code).toBe(ErrorCode.WRONG_PASSWORD_ONE_LEFT);
      const r3 = await auto.call('POST', '/pl/sso/login', { account, password: 'Wrong!Password1' });
      expect(r3.body.code).toBe(ErrorCode.ACCOUNT_LOCKED);
    } finally {
      await auto.close();
    }
  });

  it('refuses a disabled user (14020) and a VPN-client-only user (14054)', async () => {
    const { companyId, userId } = await registerCompany(t, {
      companyName: 'Gate Co',
      account: 'gus@gate.example',
    });
    await t.deps.db.updateTable('company_user').set({ status: 0 }).where('user_id', '=', userId).execute();
    expect((await login({ account: 'gus@gate.example', password: TEST_PASSWORD })).body.code).toBe(
      ErrorCode.USER_DISABLED,
    );
    const vpnRole = await t.deps.db
      .selectFrom('role')
      .select('id')
      .where('company_id', '=', companyId)
      .where('role_type', '=', ROLE_TYPE.vpnClientOnly)
      .executeTakeFirstOrThrow();
    await t.deps.db
      .updateTable('company_user')
      .set({ status: 1, role_id: vpnRole.id })
      .where('user_id', '=', userId)
      .execute();
    const res = await login({ account: 'gus@gate.example', password: TEST_PASSWORD });
    expect(res.body.code).toBe(ErrorCode.VPN_CLIENT_ONLY_USER);
  });

  it('answers 14052 for an expired password, and a reset by e-mail code lets the person in', async () => {
    const { userId } = await registerCompany(t, {
      companyName: 'Expiry Ltd',
      account: 'eve@expiry.example',
      userName: 'Eve',
    });
    await t.deps.db
      .updateTable('app_user')
      .set({ password_expires_at: new Date(t.clock.now().getTime() - 1000), password_max_age_days: 90 })
      .where('id', '=', userId)
      .execute();
    expect((await login({ account: 'eve@expiry.example', password: TEST_PASSWORD })).body.code).toBe(
      ErrorCode.PASSWORD_EXPIRED,
    );
    t.clock.advance(61_000);
    await t.call('POST', '/pl/user/sendEmailCode', { email: 'eve@expiry.example' });
    const mail = await t.deps.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', 'eve@expiry.example')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(mail.text_body)![1];
    const reset = await t.call('POST', '/pl/sso/resetPassword', {
      account: 'eve@expiry.example',
      code,
      password: 'New!Harbour2026x',
      confirmPassword: 'New!Harbour2026x',
    });
    expect(reset.body.code).toBe(0);
    expect((await login({ account: 'eve@expiry.example', password: 'New!Harbour2026x' })).body.code).toBe(0);
    const user = await t.deps.db
      .selectFrom('app_user')
      .select('password_expires_at')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(new Date(user.password_expires_at!).getTime()).toBe(t.clock.now().getTime() + 90 * 86400_000);
  });
});
