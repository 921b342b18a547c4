import { ErrorCode } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompany, type SignedIn, signIn } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let kim: SignedIn;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  // The first company registered is the default one; the rest are listed by pinyin.
  for (const name of ['Zeta Works', 'Delta Marine', '重庆 Motors', 'Alpha Ports', '北京 Trading']) {
    ids[name] = (
      await registerCompany(t, { companyName: name, account: 'kim@fleet.example', userName: 'Kim' })
    ).companyId;
  }
  ids.Other = (
    await registerCompany(t, { companyName: 'Outsider Ltd', account: 'olu@outsider.example' })
  ).companyId;
  kim = await signIn(t, 'kim@fleet.example');
});
afterAll(async () => {
  await t.close();
});

type Item = { companyId: number; companyName: string; defaultAccount: boolean };
const list = (body: Record<string, unknown> = {}) =>
  kim.call<{ list: Item[]; total: number }>('POST', '/pl/group/getCompanyListByUserIdAndCompanyName', body);

describe('company list', () => {
  it('puts the default company first, then sorts by pinyin so 北京 files under B and 重庆 under C', async () => {
    const res = await list();
    expect(res.body.code).toBe(0);
    expect(res.body.total).toBe(5);
    expect(res.body.pageNum).toBe(1);
    expect(res.body.pageSize).toBe(10);
    expect(res.body.data?.list.map((c) => c.companyName)).toEqual([
      'Zeta Works',
      'Alpha Ports',
      '北京 Trading',
      '重庆 Motors',
      'Delta Marine',
    ]);
    expect(res.body.data?.list.map((c) => c.defaultAccount)).toEqual([true, false, false, false, false]);
  });

  it('pages and filters by part of the name', async () => {
    const page = await list({ pageNum: 2, pageSize: 2 });
    expect(page.body.data?.list.map((c) => c.companyName)).toEqual(['北京 Trading', '重庆 Motors']);
    expect(page.body.total).toBe(5);
    const found = await list({ companyName: 'trad' });
    expect(found.body.data?.list.map((c) => c.companyName)).toEqual(['北京 Trading']);
    expect(found.body.total).toBe(1);
  });
});

describe('switch company', () => {
  it("binds the session to another of the person's companies", async () => {
    const res = await kim.call<{ companyName: string; companyId: number }>('POST', '/pl/sso/switchCompany', {
      companyId: ids['北京 Trading'],
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data?.companyName).toBe('北京 Trading');
    const info = await kim.call<{ companyName: string }>('GET', '/pl/sso/queryUserInfo');
    expect(info.body.data?.companyName).toBe('北京 Trading');
    // Signing in again lands in the default company.
    const again = await signIn(t, 'kim@fleet.example');
    expect(
      (await again.call<{ companyName: string }>('GET', '/pl/sso/queryUserInfo')).body.data?.companyName,
    ).toBe('Zeta Works');
    kim = again;
  });

  it('refuses a company the person does not belong to, and a disabled membership', async () => {
    const res = await kim.call('POST', '/pl/sso/switchCompany', { companyId: ids.Other });
    expect(res.body.code).toBe(ErrorCode.NO_PERMISSION);
    await t.deps.db
      .updateTable('company_user')
      .set({ status: 0 })
      .where('company_id', '=', ids['Delta Marine']!)
      .execute();
    const disabled = await kim.call('POST', '/pl/sso/switchCompany', { companyId: ids['Delta Marine'] });
    expect(disabled.body.code).toBe(ErrorCode.USER_DISABLED);
  });
});
