import {
  type ActivityRow,
  activityLogExportCall,
  type CallOutput,
  ErrorCode,
  EXPORT_MAX_RECORDS,
  errorMessage,
} from '@fleetport/contract';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
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

type ExportFile = CallOutput<typeof activityLogExportCall>;
const exportLog = (who: SignedIn, body: Record<string, unknown>, lang: 'en' | 'cn' = 'en') =>
  who.call<ExportFile>(activityLogExportCall.method, activityLogExportCall.path, body, { language: lang });

async function sheetRows(file: ExportFile | null | undefined): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(file?.content ?? '', 'base64') as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? '')));
  });
  return rows;
}

describe('activity log export', () => {
  it('answers the filtered log as an .xlsx with a header row in the reader language', async () => {
    const res = await exportLog(owner, { result: 'failure' });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      rows: 1,
      total: 1,
    });
    expect(res.body.data?.fileName).toMatch(/^activity-log-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const rows = await sheetRows(res.body.data);
    expect(rows).toEqual([
      ['Time', 'User', 'Login account', 'Action', 'Object', 'Address', 'Result'],
      [
        new Date(startedAt + 60_000).toISOString().slice(0, 19).replace('T', ' '),
        'Lee',
        'lee@ledger.example',
        'Delete user',
        'User: Lee (lee@ledger.example)',
        '127.0.0.1',
        `${ErrorCode.CANNOT_DELETE_SELF} ${errorMessage(ErrorCode.CANNOT_DELETE_SELF, 'en')}`,
      ],
    ]);

    const cn = await sheetRows((await exportLog(owner, { callId: 'users.create' }, 'cn')).body.data);
    expect(cn[0]).toEqual(['时间', '用户', '登录账号', '操作', '对象', '地址', '结果']);
    expect(cn[1]?.slice(3, 4)).toEqual(['创建用户']);
    expect(cn[1]?.at(-1)).toBe('成功');
  });

  it('needs the export permission (5) and refuses unknown filter fields (1)', async () => {
    // Read-only users see the log but do not hold activity.export.
    const companyId = (await owner.call<{ companyId: number }>('GET', '/pl/sso/queryUserInfo')).body.data!
      .companyId;
    const roles = await defaultRoles(t, companyId);
    await addUser(owner, { account: 'rue@ledger.example', roleId: roles.readOnly });
    const reader = await signIn(t, 'rue@ledger.example');
    expect((await log(reader)).body.code).toBe(0);
    expect((await exportLog(reader, {})).body.code).toBe(ErrorCode.NO_PERMISSION);
    expect((await exportLog(owner, { pageNum: 1 })).body.code).toBe(ErrorCode.PARAMETER_ERROR);
  });

  it(`holds at most ${EXPORT_MAX_RECORDS} entries, the newest, and says how many matched`, async () => {
    const companyId = (await owner.call<{ companyId: number }>('GET', '/pl/sso/queryUserInfo')).body.data!
      .companyId;
    await sql`
      insert into activity_log (company_id, call_id, result_code, at)
      select ${companyId}, 'roles.delete', 0, to_timestamp(n) from generate_series(1, ${EXPORT_MAX_RECORDS}) n
    `.execute(t.deps.db);
    const res = await exportLog(owner, {});
    // The 4 recorded by the tests above are newer than the 10000 inserted.
    expect(res.body.data).toMatchObject({ rows: EXPORT_MAX_RECORDS, total: EXPORT_MAX_RECORDS + 4 });
    const rows = await sheetRows(res.body.data);
    expect(rows).toHaveLength(EXPORT_MAX_RECORDS + 1);
    expect(rows.slice(1, 3).map((r) => r[3])).toEqual(['Create user', 'Save table columns']);
    // The four oldest inserted (seconds 1-4 of 1970) are left out.
    expect(rows.at(-1)?.[0]).toBe('1970-01-01 00:00:05');
  }, 60_000);
});
