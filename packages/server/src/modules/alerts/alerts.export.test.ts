import {
  type AlertRuleInput,
  acknowledgeAlertCall,
  createAlertRuleCall,
  ErrorCode,
  type ExportRecord,
  exportAlertsCall,
  listAlertsCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, runDueJobs, type TestApp } from '../../../test/helpers.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { downloaded, exportBody } from '../exports/export-test-kit.ts';

/**
 * The alert centre to .xlsx (issue 16): real alerts from the sweep, the list's filter and order, the
 * reader's language, three months at most (120098), another company's alerts never in the file.
 */

let t: TestApp;
let acme: Owner;
let other: Owner;
const MIN = 60_000;

const OFFLINE: AlertRuleInput = {
  name: 'Offline > 2 min',
  level: 'major',
  description: 'Routers that stopped talking',
  targets: { mode: 'devices', sns: ['AX0001', 'AX0002', 'AX0003'] },
  conditionMode: 'any',
  conditions: [{ type: 'offline', minutes: 2, clearMinutes: 2 }],
  triggerVolume: 1,
  triggerInterval: { value: 1, unit: 'minute' },
  pendingMinutes: 1,
  email: { enabled: false, receivers: 'allUsers' },
  enabled: true,
};

async function after(ms: number) {
  t.clock.advance(ms);
  await runDueJobs(t);
}

async function offline(sn: string) {
  await t.deps.db
    .updateTable('device')
    .set({ online: false, online_changed_at: t.clock.now(), last_seen_at: t.clock.now() })
    .where('sn', '=', sn)
    .execute();
}

async function exportAs(
  who: Owner,
  filter: Record<string, unknown>,
  fields: string[],
  language: 'en' | 'cn',
) {
  return who.call<ExportRecord>(
    exportAlertsCall.method,
    exportAlertsCall.path,
    exportBody(filter, fields, 'alerts'),
    { language },
  );
}

beforeAll(async () => {
  t = await createTestApp({ jobs: { manual: true } });
  acme = await companyOwner(t, 'Acme Alert Export', 'owner@acme-alert-export.test');
  other = await companyOwner(t, 'Other Alert Export', 'owner@other-alert-export.test');
  await seedDevices(t, acme.companyId, [
    { sn: 'AX0001', name: 'Depot', online: true },
    { sn: 'AX0002', name: 'Kiosk', online: true },
    { sn: 'AX0003', name: 'Bus 7', online: true },
  ]);
  await seedDevices(t, other.companyId, [{ sn: 'OX0001', online: true }]);
  await acme.run(createAlertRuleCall, OFFLINE);
  await other.run(createAlertRuleCall, { ...OFFLINE, targets: { mode: 'devices', sns: ['OX0001'] } });
  // Two routers go offline and fire; a third goes offline later and is still pending.
  await offline('AX0001');
  await offline('OX0001');
  await after(30_000);
  await offline('AX0002');
  for (let i = 0; i < 4; i++) await after(MIN);
  await offline('AX0003');
  await after(2 * MIN + 1000);
}, 60_000);
afterAll(() => t?.close());

describe('alert centre export', () => {
  it('writes what the list shows, in its order and the reader’s language', async () => {
    const list = (await acme.run(listAlertsCall, { pageNum: 1, pageSize: 50 })).data!.list;
    expect(list.map((a) => [a.sn, a.state]).sort()).toEqual([
      ['AX0001', 'firing'],
      ['AX0002', 'firing'],
      ['AX0003', 'pending'],
    ]);
    expect(list[2]?.sn).toBe('AX0003');
    const firing = list.find((a) => a.sn === 'AX0001')!;
    expect(
      (await acme.run(acknowledgeAlertCall, { alertId: firing.alertId, note: 'Power cut, on site' })).code,
    ).toBe(0);
    const started = await exportAs(
      acme,
      {},
      [
        'level',
        'ruleName',
        'sn',
        'deviceName',
        'state',
        'value',
        'count',
        'acknowledgedBy',
        'acknowledgedNote',
      ],
      'cn',
    );
    expect(started.body).toMatchObject({ code: 0, data: { totalRows: 3 } });
    await runDueJobs(t);
    expect(await downloaded(t, acme, started.body.data!.recordId)).toEqual([
      ['级别', '规则', '序列号', '设备名称', '状态', '最近值', '次数', '确认人', '备注'],
      ...list.map((a) => [
        '重要',
        'Offline > 2 min',
        a.sn,
        a.deviceName,
        a.state === 'firing' ? '告警中' : '待触发',
        a.value === null ? '' : String(a.value),
        String(a.count),
        ...(a.sn === 'AX0001' ? ['Test Owner', 'Power cut, on site'] : []),
      ]),
    ]);
  });

  it('takes the list’s filter, and never another company’s alerts', async () => {
    const started = await exportAs(acme, { states: ['pending'] }, ['sn', 'state'], 'en');
    expect(started.body.data?.totalRows).toBe(1);
    await runDueJobs(t);
    expect(await downloaded(t, acme, started.body.data!.recordId)).toEqual([
      ['SN', 'State'],
      ['AX0003', 'Pending'],
    ]);
    // Acme's SNs asked for by another company: nothing of Acme's counted or written.
    const theirs = await exportAs(other, { sn: 'AX' }, ['sn'], 'en');
    expect(theirs.body).toMatchObject({ code: 0, data: { totalRows: 0 } });
    await runDueJobs(t);
    expect(await downloaded(t, other, theirs.body.data!.recordId)).toEqual([['SN']]);
    const own = await exportAs(other, {}, ['sn'], 'en');
    await runDueJobs(t);
    expect(await downloaded(t, other, own.body.data!.recordId)).toEqual([['SN'], ['OX0001']]);
  });

  it('refuses more than three months (120098) and a column the list does not have (code 1)', async () => {
    const now = t.clock.now().getTime();
    const long = await exportAs(acme, { startTime: now - 100 * 24 * 3600_000, endTime: now }, ['sn'], 'en');
    expect(long.body.code).toBe(ErrorCode.RANGE_THREE_MONTHS);
    const bad = await exportAs(acme, {}, ['sn', 'secret'], 'en');
    expect(bad.body.code).toBe(ErrorCode.PARAMETER_ERROR);
  });
});
