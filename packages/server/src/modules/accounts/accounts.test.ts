import { createHash } from 'node:crypto';
import { ErrorCode } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestSmtp, TEST_PASSWORD, type TestSmtp } from '../../../test/accounts.ts';
import { createTestApp, type TestApp, testConfig } from '../../../test/helpers.ts';

let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  const base = testConfig();
  t = await createTestApp({ config: { ...base, mail: { ...base.mail, smtpUrl: smtp.url } } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const register = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  t.call<{ companyId: number; userId: number }>('POST', '/pl/sso/register', body, headers);

function form(account: string, code: string, extra: Record<string, unknown> = {}) {
  return {
    companyName: 'Northwind Rail',
    account,
    userName: 'Nora',
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    code,
    ...extra,
  };
}

describe('registration', () => {
  it('creates the company, its root group, a default role of every type and the owner, with a code received over SMTP', async () => {
    expect(
      (await t.call('POST', '/pl/user/sendEmailCode', { email: 'Nora@Northwind.example' })).body.code,
    ).toBe(0);
    const code = await smtp.codeFor('nora@northwind.example');
    expect(smtp.mails.at(-1)?.subject).toBe('Your Fleetport verification code');
    const res = await register(form('nora@northwind.example', code));
    expect(res.body.code).toBe(0);
    const { companyId, userId } = res.body.data!;
    const company = await t.deps.db
      .selectFrom('company')
      .selectAll()
      .where('id', '=', companyId)
      .executeTakeFirstOrThrow();
    expect(company).toMatchObject({ name: 'Northwind Rail', type: 0 });
    const root = await t.deps.db
      .selectFrom('company_group')
      .selectAll()
      .where('company_id', '=', companyId)
      .execute();
    expect(root).toHaveLength(1);
    expect(root[0]?.parent_id).toBeNull();
    const roles = await t.deps.db
      .selectFrom('role')
      .select(['role_type', 'is_default'])
      .where('company_id', '=', companyId)
      .execute();
    expect(roles.map((r) => r.role_type).sort((a, b) => a - b)).toEqual([
      -1, 0, 0.1, 0.2, 0.3, 0.5, 1, 1.5, 2,
    ]);
    expect(roles.every((r) => r.is_default)).toBe(true);
    const member = await t.deps.db
      .selectFrom('company_user')
      .innerJoin('role', 'role.id', 'company_user.role_id')
      .select(['role.role_type', 'company_user.is_default', 'company_user.is_delete'])
      .where('company_user.user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(member).toEqual({ role_type: 2, is_default: true, is_delete: 0 });
    // The code works once.
    const again = await register(form('nora@northwind.example', code, { companyName: 'Northwind Two' }));
    expect(again.body.code).toBe(ErrorCode.CODE_EXPIRED);
    expect((await signIn(t, 'nora@northwind.example')).ticket).toBeTruthy();
  });

  it('mails the code in Chinese when the request is in Chinese', async () => {
    await t.call('POST', '/pl/user/sendEmailCode', { email: 'li@jinghua.example' }, { language: 'cn' });
    const code = await smtp.codeFor('li@jinghua.example');
    const mail = smtp.mails.at(-1)!;
    expect(mail.subject).toBe('Fleetport 验证码');
    expect(mail.text).toContain(`您的验证码是 ${code}`);
  });

  it('refuses a wrong code (14011), an expired one (14082) and asking too often (14081)', async () => {
    await t.call('POST', '/pl/user/sendEmailCode', { email: 'ida@ironworks.example' });
    const code = await smtp.codeFor('ida@ironworks.example');
    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      (await register(form('ida@ironworks.example', wrong, { companyName: 'Ironworks' }))).body.code,
    ).toBe(ErrorCode.WRONG_CAPTCHA);
    const often = await t.call('POST', '/pl/user/sendEmailCode', { email: 'ida@ironworks.example' });
    expect(often.body.code).toBe(ErrorCode.CODE_TOO_OFTEN);
    expect(often.body.data).toBe(60);
    t.clock.advance(10 * 60 * 1000);
    expect(
      (await register(form('ida@ironworks.example', code, { companyName: 'Ironworks' }))).body.code,
    ).toBe(ErrorCode.CODE_EXPIRED);
  });

  it('refuses a taken company name (10) and an existing account with another password (9)', async () => {
    t.clock.advance(61_000);
    await t.call('POST', '/pl/user/sendEmailCode', { email: 'nora@northwind.example' });
    const code = await smtp.codeFor('nora@northwind.example');
    expect((await register(form('oz@oz.example', code, { companyName: 'NORTHWIND RAIL' }))).body.code).toBe(
      ErrorCode.COMPANY_EXISTS,
    );
    const other = 'Other!Harbour2026';
    expect(
      (
        await register(
          form('nora@northwind.example', code, {
            companyName: 'Nora Two',
            password: other,
            confirmPassword: other,
          }),
        )
      ).body.code,
    ).toBe(ErrorCode.ACCOUNT_EXISTS);
    // With her own password the same person registers a second company.
    expect(
      (await register(form('nora@northwind.example', code, { companyName: 'Nora Two' }))).body.code,
    ).toBe(0);
  });

  it('applies one company per account where configured (14050)', async () => {
    await t.deps.db
      .insertInto('app_setting')
      .values({ key: 'oneCompanyPerAccount', value: JSON.stringify(true) })
      .execute();
    try {
      t.clock.advance(61_000);
      await t.call('POST', '/pl/user/sendEmailCode', { email: 'nora@northwind.example' });
      const code = await smtp.codeFor('nora@northwind.example');
      expect(
        (await register(form('nora@northwind.example', code, { companyName: 'Nora Three' }))).body.code,
      ).toBe(ErrorCode.ONE_COMPANY_PER_ACCOUNT);
    } finally {
      await t.deps.db.deleteFrom('app_setting').where('key', '=', 'oneCompanyPerAccount').execute();
    }
  });
});

describe('phone codes', () => {
  const sign = (cellphone: string, src: string, time: number) =>
    createHash('sha256').update(`${cellphone}.${src}.${time}`).digest('hex');

  it('sends a code for a correctly signed request and refuses a bad or old signature', async () => {
    const time = t.clock.now().getTime();
    const cellphone = '13800138000';
    const ok = await t.call('POST', '/pl/code/sendCode', {
      cellphone: '138 0013 8000',
      time,
      src: 'register',
      sign: sign(cellphone, 'register', time),
    });
    expect(ok.body.code).toBe(0);
    const row = await t.deps.db
      .selectFrom('verification_code')
      .select('purpose')
      .where('target', '=', cellphone)
      .executeTakeFirstOrThrow();
    expect(row.purpose).toBe('register');
    const forged = await t.call('POST', '/pl/code/sendCode', {
      cellphone,
      time,
      src: 'login',
      sign: sign(cellphone, 'register', time),
    });
    expect(forged.body.code).toBe(ErrorCode.NO_PERMISSION);
    const old = time - 6 * 60 * 1000;
    const stale = await t.call('POST', '/pl/code/sendCode', {
      cellphone,
      time: old,
      src: 'register',
      sign: sign(cellphone, 'register', old),
    });
    expect(stale.body.code).toBe(ErrorCode.NO_PERMISSION);
  });

  it('checkCellphone: registered numbers (14087), unknown ones (14085), non-mainland numbers pass', async () => {
    expect(
      (await t.call('POST', '/pl/user/checkCellphone', { cellphone: '13900139000', src: 'register' })).body
        .code,
    ).toBe(0);
    expect(
      (await t.call('POST', '/pl/user/checkCellphone', { cellphone: '13900139000', src: 'login' })).body.code,
    ).toBe(ErrorCode.PHONE_NOT_REGISTERED);
    expect(
      (await t.call('POST', '/pl/user/checkCellphone', { cellphone: '+44 7700 900123', src: 'login' })).body
        .code,
    ).toBe(0);
  });
});
