import { type ActivityRow, ErrorCode } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompany, type SignedIn, signIn, TEST_PASSWORD } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { addUser, defaultRoles } from '../../../test/people.ts';

let t: TestApp;
let owner: SignedIn;
let ownerId: number;
let memberId: number;
let startedAt: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ userId: ownerId } = await registerCompany(t, {
    companyName: 'Ledger Lines',
    account: 'lee@ledger.example',
    userName: 'Lee',
  }));
  await registerCompany(t, { companyName: 'Other Ledger', account: 'oli@other.example' });
  owner = await signIn(t, 'lee@ledger.example');
  startedAt = t.clock.now().getTime();
  const roles = await defaultRoles(
    t,
    (await owner.call<{ companyId: number }>('GET', '/pl/sso/queryUserInfo')).body.data!.companyId,
  );
  memberId = await addUser(owner, { account: 'mo@ledger.example', userName: 'Mo', roleId: roles.operator });
  t.clock.advance(60_000);
  await owner.call('POST', '/pl/user/deleteUser', { userId: ownerId });
  t.clock.advance(60_000);
  await owner.call('POST', '/pl/page/updatePageColumns', { pageName: 'activity', columns: ['at'] });
  // Reading is not recorded.
  await owner.call('POST', '/pl/user/getUserList', {});
});
afterAll(async () => {
  await t.close();
});

type LogPage = { list: ActivityRow[]; total: number };
const log = (who: SignedIn, body: Record<string, unknown> = {}) =>
  who.call<LogPage>('POST', '/pl/activity/getActivityLogList', body);

describe('activity log', () => {
  it('records who changed what, on which object, from where, when and with which result', async () => {
    const res = await log(owner);
    expect(res.body.code).toBe(0);
    const rows = res.body.data?.list ?? [];
    expect(rows.map((r) => [r.callId, r.resultCode])).toEqual([
      ['pageColumns.update', 0],
      ['users.delete', ErrorCode.CANNOT_DELETE_SELF],
      ['users.create', 0],
    ]);
    expect(rows[1]).toMatchObject({
      userId: ownerId,
      userName: 'Lee',
      loginAccount: 'lee@ledger.example',
      // The person by name, not `userId=1` (issue 12).
      object: 'user=Lee (lee@ledger.example)',
      remoteAddress: '127.0.0.1',
      at: startedAt + 60_000,
    });
    expect(rows[2]?.object).toMatch(/^role=[^,=]+, account=mo@ledger.example$/);
    expect(JSON.stringify(rows)).not.toContain(TEST_PASSWORD);
  });

  it('filters by user, call, object, result and time, and pages', async () => {
    const ids = async (body: Record<string, unknown>) =>
      (await log(owner, body)).body.data?.list.map((r) => r.callId);
    expect(await ids({ callId: 'users.create' })).toEqual(['users.create']);
    expect(await ids({ result: 'failure' })).toEqual(['users.delete']);
    expect(await ids({ result: 'success' })).toEqual(['pageColumns.update', 'users.create']);
    expect(await ids({ object: 'MO@LEDGER' })).toEqual(['users.create']);
    expect(await ids({ startTime: startedAt + 30_000, endTime: startedAt + 90_000 })).toEqual([
      'users.delete',
    ]);
    expect(await ids({ userId: memberId })).toEqual([]);
    const page = await log(owner, { pageNum: 2, pageSize: 2 });
    expect(page.body).toMatchObject({ total: 3, pageNum: 2, pageSize: 2 });
    expect(page.body.data?.list.map((r) => r.callId)).toEqual(['users.create']);
  });

  it("shows only the current company's activity", async () => {
    const other = await signIn(t, 'oli@other.example');
    await other.call('POST', '/pl/page/updatePageColumns', { pageName: 'x', columns: [] });
    expect((await log(other)).body.data?.list.map((r) => r.callId)).toEqual(['pageColumns.update']);
    expect((await log(owner)).body.total).toBe(3);
  });
});
