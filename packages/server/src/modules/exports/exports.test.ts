/**
 * Asynchronous exports (issue 10): a list's `forwardExport` call makes a record, the job writes a real
 * .xlsx into the file store through the list's own query, and the file is read back here with exceljs
 * through the signed download URL the console would follow.
 */
import {
  activityLogExportCall,
  assignDeviceLicencesCall,
  billingExportCall,
  ErrorCode,
  EXPORT_MAX_RECORDS,
  type ExportRecord,
  exportDevicesCall,
  MAX_EXPORT_RECORDS_KEPT,
} from '@fleetport/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompany, type SignedIn, signIn } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { grantPool, operationKey } from '../licences/licence-test-kit.ts';
import { downloaded as downloadedFile, exportBody, sheetAt as sheetAtUrl } from './export-test-kit.ts';

const HOUR = 3_600_000;
const DEVICES = EXPORT_MAX_RECORDS;

let t: TestApp;
let alpha: { companyId: number; userId: number };
let bravo: { companyId: number; userId: number };
let ann: SignedIn;
let bob: SignedIn;
let bravoGroupId: number;

async function seedDevices(companyId: number, prefix: string, count: number, groupId: number | null = null) {
  await sql`
    insert into device (sn, company_id, name, model, series, online, last_seen_at, ip, secret_hash, group_id)
    select ${prefix} || lpad(i::text, 8, '0'), ${companyId}, 'Site ' || i, 'R1520', 'r1520', i % 3 = 0,
           now() - i * interval '1 second', '10.0.' || (i / 256) || '.' || (i % 256), 'x', ${groupId}
      from generate_series(1, ${count}) as i`.execute(t.deps.db);
}

beforeAll(async () => {
  t = await createTestApp({ jobs: { manual: true } });
  alpha = await registerCompany(t, { companyName: 'Alpha Freight', account: 'ann@alpha.example' });
  bravo = await registerCompany(t, { companyName: 'Bravo Haulage', account: 'bob@bravo.example' });
  ann = await signIn(t, 'ann@alpha.example');
  bob = await signIn(t, 'bob@bravo.example');
  const group = await t.deps.db
    .selectFrom('company_group')
    .select('id')
    .where('company_id', '=', bravo.companyId)
    .executeTakeFirstOrThrow();
  bravoGroupId = Number(group.id);
  await seedDevices(alpha.companyId, 'ALPHA', DEVICES);
  await seedDevices(bravo.companyId, 'BRAVO', 5, bravoGroupId);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const exportDevices = (who: SignedIn, filter: Record<string, unknown>, fields: string[], lang = 'en') =>
  who.call<ExportRecord>('POST', exportDevicesCall.path, exportBody(filter, fields), {
    language: lang,
    visibleModule: 'robustlink/devices/allDevices',
  });

async function records(who: SignedIn): Promise<ExportRecord[]> {
  const res = await who.call<{ list: ExportRecord[] }>('POST', '/pl/exportRecord/getExportRecordList', {
    pageSize: 50,
  });
  return res.body.data?.list ?? [];
}

/** Runs the queue until the record has left `generating` (each run takes what is due). */
async function finished(who: SignedIn, recordId: number): Promise<ExportRecord> {
  for (let round = 0; round < 50; round++) {
    const record = (await records(who)).find((r) => r.recordId === recordId);
    if (record && record.state !== 'generating') return record;
    await t.deps.jobs!.runOnce();
  }
  throw new Error(`record ${recordId} still generating`);
}

const sheetAt = (url: string) => sheetAtUrl(t, url);
const downloaded = (who: SignedIn, recordId: number) => downloadedFile(t, who, recordId);

describe('device list export', () => {
  it('writes all 10,000 devices, the chosen columns, in the caller language', async () => {
    const started = await exportDevices(ann, {}, ['sn', 'online', 'name'], 'cn');
    expect(started.body.code).toBe(0);
    expect(started.body.data).toMatchObject({
      state: 'generating',
      totalRows: DEVICES,
      module: 'robustlink/devices/allDevices',
    });
    expect(started.body.data?.fileName).toMatch(/^devices_\d{8}_\d{6}\.xlsx$/);

    const record = await finished(ann, started.body.data!.recordId);
    expect(record).toMatchObject({ state: 'ready', totalRows: DEVICES, doneRows: DEVICES });
    expect(record.size).toBeGreaterThan(0);

    const rows = await downloaded(ann, record.recordId);
    expect(rows[0]).toEqual(['序列号', '状态', '名称']);
    expect(rows).toHaveLength(DEVICES + 1);
    const sns = new Set(rows.slice(1).map((r) => r[0]));
    expect(sns.size).toBe(DEVICES);
    expect([...sns].every((sn) => sn?.startsWith('ALPHA'))).toBe(true);
    // The list's order (last seen, newest first) and its values: device 3 is online, 1 is not.
    expect(rows[1]).toEqual(['ALPHA00000001', '离线', 'Site 1']);
    expect(rows[3]).toEqual(['ALPHA00000003', '在线', 'Site 3']);
  }, 180_000);

  it('exports what the list shows for the same filter', async () => {
    const list = await ann.call<{ total: number; list: { sn: string }[] }>(
      'POST',
      '/link/device/getDeviceList',
      {
        online: 'online',
        search: 'Site 99',
        pageSize: 100,
      },
    );
    const started = await exportDevices(ann, { online: 'online', search: 'Site 99' }, ['sn', 'ip']);
    const record = await finished(ann, started.body.data!.recordId);
    const rows = await downloaded(ann, record.recordId);
    expect(rows[0]).toEqual(['SN', 'IP address']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(list.body.data?.list.map((d) => d.sn));
  }, 60_000);

  it('refuses more than 10,000 devices (120116)', async () => {
    await seedDevices(alpha.companyId, 'ALPHX', 1);
    const res = await exportDevices(ann, {}, ['sn']);
    expect(res.body.code).toBe(ErrorCode.EXPORT_MAX);
    await t.deps.db.deleteFrom('device').where('sn', '=', 'ALPHX00000001').execute();
  });

  it("never writes another company's devices, whatever the filter names", async () => {
    for (const filter of [{ groupId: bravoGroupId }, { search: 'BRAVO' }]) {
      const started = await exportDevices(ann, filter, ['sn', 'groupName']);
      expect(started.body.data?.totalRows).toBe(0);
      const record = await finished(ann, started.body.data!.recordId);
      expect(await downloaded(ann, record.recordId)).toEqual([['SN', 'Group']]);
    }
    // Nor can Alpha fetch Bravo's records.
    const bravoExport = await exportDevices(bob, {}, ['sn']);
    const recordId = bravoExport.body.data!.recordId;
    const res = await ann.call('POST', '/pl/exportRecord/getDownloadUrl', { recordId });
    expect(res.body.code).toBe(ErrorCode.NO_PERMISSION);
    expect(JSON.stringify(await records(ann))).not.toContain('BRAVO');
  }, 60_000);

  it('refuses unknown columns and filters (1), and needs devices.export', async () => {
    expect((await exportDevices(ann, {}, ['secretHash'])).body.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect((await exportDevices(ann, { pageNum: 2 }, ['sn'])).body.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect((await exportDevices(ann, {}, ['sn', 'sn'])).body.code).toBe(ErrorCode.PARAMETER_ERROR);
  });
});

describe('export records', () => {
  it(`keeps at most ${MAX_EXPORT_RECORDS_KEPT} generating or ready records per user (120043)`, async () => {
    const kept = (await records(ann)).filter((r) => r.state === 'generating' || r.state === 'ready');
    for (let i = kept.length; i < MAX_EXPORT_RECORDS_KEPT; i++)
      expect((await exportDevices(ann, { search: 'Site 7' }, ['sn'])).body.code).toBe(0);
    const eleventh = await exportDevices(ann, { search: 'Site 7' }, ['sn']);
    expect(eleventh.body.code).toBe(ErrorCode.EXPORT_RECORDS_LIMIT);
    // Another user of the platform is not held back by Ann's records.
    expect((await exportDevices(bob, {}, ['sn'])).body.code).toBe(0);

    const oldest = (await records(ann)).at(-1)!;
    expect(
      (await ann.call('POST', '/pl/exportRecord/deleteExportRecord', { recordId: oldest.recordId })).body
        .code,
    ).toBe(0);
    expect((await exportDevices(ann, { search: 'Site 7' }, ['sn'])).body.code).toBe(0);
  }, 120_000);

  it('shares a ready file without a session for 48 hours, then answers 14065', async () => {
    await t.deps.jobs!.runOnce();
    const ready = (await records(ann)).find((r) => r.state === 'ready')!;
    const shared = await ann.call<{ shareId: string; expiresAt: number }>(
      'POST',
      '/pl/exportRecord/shareExportRecord',
      { recordId: ready.recordId },
    );
    expect(shared.body.code).toBe(0);
    expect(shared.body.data!.expiresAt).toBe(t.clock.now().getTime() + 48 * HOUR);
    const shareId = shared.body.data!.shareId;

    const see = () =>
      t.call<{ url: string; fileName: string }>('POST', '/pl/exportRecord/seeShareFile', { shareId });
    const opened = await see();
    expect(opened.body.code).toBe(0);
    expect(opened.body.data?.fileName).toBe(ready.fileName);
    expect((await sheetAt(opened.body.data!.url))[0]).toEqual(['SN']);

    // Past the files' 24 hours the shared one is kept for its link; unshared ones expire.
    t.clock.advance(25 * HOUR);
    await t.deps.jobs!.runOnce();
    await t.deps.jobs!.runOnce();
    const later = await see();
    expect(later.body.code).toBe(0);
    expect((await sheetAt(later.body.data!.url))[0]).toEqual(['SN']);
    const annAgain = await signIn(t, 'ann@alpha.example');
    const expired = (await records(annAgain)).filter((r) => r.state === 'expired');
    expect(expired.length).toBeGreaterThan(0);
    const gone = await annAgain.call('POST', '/pl/exportRecord/getDownloadUrl', {
      recordId: expired[0]!.recordId,
    });
    expect(gone.body.code).toBe(ErrorCode.SHARE_LINK_EXPIRED);

    t.clock.advance(23 * HOUR + 1000);
    const late = await see();
    expect(late.body.code).toBe(ErrorCode.SHARE_LINK_EXPIRED);
    expect(late.body.msg).toBe('The sharing link has expired');
    expect(
      (await t.call('POST', '/pl/exportRecord/seeShareFile', { shareId: 'x'.repeat(32) })).body.code,
    ).toBe(ErrorCode.SHARE_LINK_EXPIRED);
  }, 60_000);
});

describe('activity log export', () => {
  const exportActivity = (who: SignedIn, filter: Record<string, unknown>, lang = 'en') =>
    who.call<ExportRecord>(
      'POST',
      activityLogExportCall.path,
      exportBody(filter, ['at', 'loginAccount', 'callId', 'resultCode'], 'activity'),
      { language: lang },
    );

  it('refuses a range over three months (120098) and accepts three', async () => {
    const end = t.clock.now().getTime();
    const bob = await signIn(t, 'bob@bravo.example');
    const fourMonths = await exportActivity(bob, { startTime: end - 122 * 24 * HOUR, endTime: end });
    expect(fourMonths.body.code).toBe(ErrorCode.RANGE_THREE_MONTHS);
    expect(fourMonths.body.msg).toBe('The time range can be at most three months');
    const threeMonths = await exportActivity(bob, { startTime: end - 89 * 24 * HOUR, endTime: end });
    expect(threeMonths.body.code).toBe(0);
  });

  it("writes the company's log, newest first, in the reader language", async () => {
    const bobAgain = await signIn(t, 'bob@bravo.example');
    const started = await exportActivity(bobAgain, { callId: 'devices.export' }, 'cn');
    expect(started.body.code).toBe(0);
    const record = await finished(bobAgain, started.body.data!.recordId);
    // A history log's file must be fetched before the next 00:05 UTC (core §9), within its 24 hours.
    const now = t.clock.now();
    let deadline = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 0, 5);
    if (deadline <= now.getTime()) deadline += 24 * HOUR;
    expect(record.fileExpiresAt).toBe(Math.min(deadline, now.getTime() + 24 * HOUR));
    const rows = await downloaded(bobAgain, record.recordId);
    expect(rows[0]).toEqual(['时间', '登录账号', '操作', '结果']);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows.slice(1)) expect(row.slice(1)).toEqual(['bob@bravo.example', '导出设备', '成功']);
  }, 60_000);
});

describe('billing history export', () => {
  it("writes the company's licence transactions, newest first, in the reader language, and no other company's", async () => {
    const delta = await registerCompany(t, { companyName: 'Delta Rail', account: 'dee@delta.example' });
    const dee = await signIn(t, 'dee@delta.example');
    await seedDevices(delta.companyId, 'DELTA', 2);
    await grantPool(t, delta.companyId, 'ESSENTIAL', 3);
    await grantPool(t, bravo.companyId, 'ESSENTIAL', 7);
    const assigned = await dee.call('POST', assignDeviceLicencesCall.path, {
      sns: ['DELTA00000001', 'DELTA00000002'],
      level: 'ESSENTIALS',
      idempotencyKey: operationKey(),
    });
    expect(assigned.body.code).toBe(0);

    const started = await dee.call<ExportRecord>(
      'POST',
      billingExportCall.path,
      exportBody({}, ['movement', 'quantity', 'product', 'operator', 'sn'], 'billing'),
      { language: 'cn' },
    );
    expect(started.body.code).toBe(0);
    expect(started.body.data).toMatchObject({ totalRows: 3, module: 'operation/billing' });
    const rows = await downloaded(dee, (await finished(dee, started.body.data!.recordId)).recordId);
    expect(rows).toEqual([
      ['变动', '数量', '产品', '操作人', '设备序列号'],
      ['分配给设备', '-1', '标准版', 'Test Owner', 'DELTA00000002'],
      ['分配给设备', '-1', '标准版', 'Test Owner', 'DELTA00000001'],
      // The platform's grant in these tests has no person behind it; a row ends at its last value.
      ['购买', '3', '标准版', '系统'],
    ]);

    const fourMonths = await dee.call(
      'POST',
      billingExportCall.path,
      exportBody({ startTime: t.clock.now().getTime() - 122 * 24 * HOUR }, ['movement'], 'billing'),
    );
    expect(fourMonths.body.code).toBe(ErrorCode.RANGE_THREE_MONTHS);
  }, 60_000);
});
