import { ErrorCode, errorMessage, ruleText } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompany, signIn, TEST_PASSWORD } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await registerCompany(t, {
    companyName: 'Northwind Rail',
    account: 'nora@northwind.example',
    userName: 'Nora',
  });
});
afterAll(async () => {
  await t.close();
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

describe('password rules (core §5)', () => {
  const cases: [string, string][] = [
    ['', 'passwordEmpty'],
    ['Sh0rt!pass', 'passwordMin12'],
    ['NOLOWERCASE!77', 'passwordNeedsLowercase'],
    ['nouppercase!77', 'passwordNeedsUppercase'],
    ['NoDigitsHere!!', 'passwordNeedsDigit'],
    ['NoSpecials7788', 'passwordNeedsSpecial'],
    ['Pat!Rosewood77', 'passwordContainsName'],
    ['Harbour!Qwer77', 'passwordKeyboardRun'],
    ['Harbour!1234Zz', 'passwordKeyboardRun'],
    ['Harbour7Zx!@#$', 'passwordKeyboardRun'],
  ];
  it.each(cases)('refuses %j with code 1 and the rule sentence', async (password, key) => {
    const res = await register({
      companyName: 'Rosewood',
      account: 'pat@rosewood.example',
      userName: 'Pat',
      password,
      confirmPassword: password,
      code: '123456',
    });
    expect(res.body.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(res.body.msg).toContain(`password: ${ruleText(key, 'en')}`);
  });

  it('refuses a password containing the account', async () => {
    const password = 'X!pat@rosewood.example9';
    const res = await register(
      form('pat@rosewood.example', '123456', { password, confirmPassword: password }),
    );
    expect(res.body.msg).toContain(ruleText('passwordContainsName', 'en'));
  });

  it('refuses a confirmation that differs, in Chinese too', async () => {
    const res = await register(
      form('pat@rosewood.example', '123456', { confirmPassword: 'Harbour!Light78' }),
      { language: 'cn' },
    );
    expect(res.body.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(res.body.msg).toBe('confirmPassword: 两次输入的密码不一致，请重新输入');
  });

  it('refuses any of the last 5 passwords with 12, and a wrong current password with 14012', async () => {
    const s = await signIn(t, 'nora@northwind.example');
    const change = (oldPassword: string, password: string) =>
      s.call('POST', '/pl/user/updatePassword', { oldPassword, password, confirmPassword: password });
    expect((await change('Not!MyPassword9', 'Fresh!Harbour26')).body.code).toBe(ErrorCode.OLD_PASSWORD_WRONG);
    expect((await change(TEST_PASSWORD, TEST_PASSWORD)).body.code).toBe(ErrorCode.PASSWORD_REUSED);
    const chain = [
      'Fresh!Harbour21',
      'Fresh!Harbour26',
      'Fresh!Harbour31',
      'Fresh!Harbour36',
      'Fresh!Harbour41',
    ];
    let current = TEST_PASSWORD;
    for (const next of chain) {
      expect((await change(current, next)).body.code).toBe(0);
      current = next;
    }
    const reuse = await change(current, 'Fresh!Harbour26');
    expect(reuse.body.code).toBe(ErrorCode.PASSWORD_REUSED);
    expect(reuse.body.msg).toBe(errorMessage(ErrorCode.PASSWORD_REUSED, 'en'));
    // The first password has left the last five, so it may come back.
    expect((await change(current, TEST_PASSWORD)).body.code).toBe(0);
    const rows = await t.deps.db.selectFrom('password_history').select('id').execute();
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('My Account', () => {
  it('renames the signed-in person', async () => {
    const s = await signIn(t, 'nora@northwind.example');
    expect((await s.call('POST', '/pl/user/updateMyAccount', { userName: 'Nora N.' })).body.code).toBe(0);
    expect((await s.call<{ userName: string }>('GET', '/pl/sso/queryUserInfo')).body.data?.userName).toBe(
      'Nora N.',
    );
  });

  it('a password change keeps the session that made it, and the old password stops working', async () => {
    const { userId } = await registerCompany(t, {
      companyName: 'Two Tabs',
      account: 'tab@two.example',
    });
    expect(userId).toBeGreaterThan(0);
    const s = await signIn(t, 'tab@two.example');
    const res = await s.call('POST', '/pl/user/updatePassword', {
      oldPassword: TEST_PASSWORD,
      password: 'Second!Harbour8',
      confirmPassword: 'Second!Harbour8',
    });
    expect(res.body.code).toBe(0);
    expect((await s.call('GET', '/pl/sso/queryUserInfo')).body.code).toBe(0);
    const old = await t.call('POST', '/pl/sso/login', {
      account: 'tab@two.example',
      password: TEST_PASSWORD,
    });
    expect(old.body.code).toBe(ErrorCode.WRONG_PASSWORD_TWO_LEFT);
  });
});
