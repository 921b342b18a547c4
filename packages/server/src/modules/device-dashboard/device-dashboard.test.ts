import {
  checkDeviceDetailAccessCall,
  createGroupCall,
  dashboardSummaryCall,
  dataUsageSeriesCall,
  deviceEventsCall,
  deviceLocationsCall,
  deviceReportCall,
  deviceSyslogCall,
  ErrorCode,
  getDeviceConfigJsonCall,
  getLatestDeviceConfigCall,
  getStatusByModuleCall,
  groupUnreadAlertSummaryCall,
  moveDevicesCall,
  recentTelemetryCall,
  signalSeriesCall,
  topUsageCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { insertNotifications } from '../device-notifications/device-notifications.store.ts';
import {
  insertDeviceEvent,
  insertSyslogLines,
  insertTelemetry,
  saveDeviceConfig,
  saveDeviceStatus,
} from '../devices/device-reports.store.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';

let t: TestApp;
let acme: Owner;
let other: Owner;
const HOUR = 3_600_000;
let base: number;

const sample = (rx: number, tx: number, rssi: number) => ({
  usage: [{ link: 'cellular1', rxBytes: rx, txBytes: tx }],
  signal: [{ sim: 1, rat: '4G', rssi, rsrp: -95, rsrq: -11, sinr: 10 }],
});

beforeAll(async () => {
  t = await createTestApp();
  base = Math.floor(t.clock.now().getTime() / HOUR) * HOUR - 3 * HOUR;
  acme = await companyOwner(t, 'Acme Water', 'owner@acme-dash.test');
  other = await companyOwner(t, 'Other Grid', 'owner@other-dash.test');
  await seedDevices(t, acme.companyId, [
    { sn: 'D0001', name: 'Pump', model: 'R1510', series: 'r151x', online: true, firmware: '5.3.0' },
    { sn: 'D0002', name: 'Gate', model: 'R1510', series: 'r151x', firmware: '5.2.2' },
    { sn: 'D0003', name: 'Depot', model: 'R3000-Q', series: 'r3000', online: true, firmware: '5.3.0' },
  ]);
  await seedDevices(t, other.companyId, [{ sn: 'OD0001' }]);
  const db = t.deps.db;
  const c = acme.companyId;
  await insertTelemetry(db, [
    { companyId: c, sn: 'D0001', at: new Date(base + 60_000), data: sample(1000, 100, -70) },
    { companyId: c, sn: 'D0001', at: new Date(base + 120_000), data: sample(5000, 300, -60) },
    // Rebooted: the counters start again, so this sample adds 700 + 50.
    { companyId: c, sn: 'D0001', at: new Date(base + HOUR + 60_000), data: sample(700, 50, -80) },
    { companyId: c, sn: 'D0003', at: new Date(base + 60_000), data: sample(0, 0, -90) },
    { companyId: c, sn: 'D0003', at: new Date(base + 120_000), data: sample(200, 20, -90) },
    { companyId: other.companyId, sn: 'OD0001', at: new Date(base + 120_000), data: sample(9e9, 9e9, -50) },
  ]);
  await insertDeviceEvent(db, {
    companyId: c,
    sn: 'D0001',
    at: new Date(base),
    type: 'alert',
    severity: 'critical',
    data: { name: 'linkDown' },
  });
  await insertDeviceEvent(db, {
    companyId: c,
    sn: 'D0002',
    at: new Date(base + 1),
    type: 'alert',
    severity: 'minor',
    data: {},
  });
  await insertDeviceEvent(db, {
    companyId: c,
    sn: 'D0002',
    at: new Date(base + 2),
    type: 'linkChange',
    severity: null,
    data: {},
  });
  // The gateway turns each alert into an alert notification; the unread summary counts those.
  await insertNotifications(db, [
    {
      companyId: c,
      sn: 'D0001',
      bizType: 'alert',
      severity: 'critical',
      extend: { code: 'linkDown' },
      at: new Date(base),
    },
    { companyId: c, sn: 'D0002', bizType: 'alert', severity: 'minor', extend: {}, at: new Date(base + 1) },
  ]);
  await insertSyslogLines(
    db,
    [1, 2, 3].map((i) => ({
      companyId: c,
      sn: 'D0001',
      at: new Date(base + i),
      level: 'notice',
      message: `line ${i}`,
    })),
  );
  await saveDeviceConfig(db, {
    companyId: c,
    sn: 'D0001',
    xml: '<config/>',
    lastUpdatedTime: new Date(base),
    receivedAt: new Date(base),
  });
  await saveDeviceStatus(db, {
    companyId: c,
    sn: 'D0001',
    module: 'modem',
    data: { registered: true },
    at: new Date(base),
  });
  await saveDeviceStatus(db, {
    companyId: c,
    sn: 'D0001',
    module: 'gps',
    data: { latitude: 51.5, longitude: -0.12 },
    at: new Date(base),
  });
  await saveDeviceStatus(db, {
    companyId: c,
    sn: 'D0003',
    module: 'cellLocation',
    data: { latitude: 48.1, longitude: 11.6 },
    at: new Date(base),
  });
  await db
    .updateTable('device')
    .set({ capabilities: JSON.stringify({ cellular: true, lora: false }) })
    .where('sn', '=', 'D0001')
    .execute();
});
afterAll(async () => {
  await t.close();
});

describe('the device dashboard', () => {
  it('counts online, offline and total, by model, series and firmware', async () => {
    const res = await acme.run(dashboardSummaryCall, {});
    expect(res.data).toEqual({
      total: 3,
      online: 2,
      offline: 1,
      byModel: [
        { key: 'R1510', count: 2 },
        { key: 'R3000-Q', count: 1 },
      ],
      bySeries: [
        { key: 'r151x', count: 2 },
        { key: 'r3000', count: 1 },
      ],
      byFirmware: [
        { key: '5.3.0', count: 2 },
        { key: '5.2.2', count: 1 },
      ],
    });
  });

  it('sums the unread alerts per group', async () => {
    const group = await acme.run(createGroupCall, { groupName: 'Pumps' });
    await acme.run(moveDevicesCall, { sns: ['D0001'], groupId: group.data!.groupId });
    const res = await acme.run(groupUnreadAlertSummaryCall, { busType: 'device' });
    expect(res.data?.total).toBe(2);
    expect(res.data?.groupALertSummaryList).toEqual([
      expect.objectContaining({ groupName: 'Pumps', critical: 1, total: 1 }),
      expect.objectContaining({ groupName: 'Ungrouped', minor: 1, total: 1 }),
    ]);
  });

  it('charts data usage per hour from counter growth, signal averages and the top devices', async () => {
    const range = { startTime: base, endTime: base + 2 * HOUR };
    expect((await acme.run(dataUsageSeriesCall, range)).data).toEqual([
      { at: base, rxBytes: 4000 + 200, txBytes: 200 + 20 },
      { at: base + HOUR, rxBytes: 700, txBytes: 50 },
    ]);
    const signal = await acme.run(signalSeriesCall, { ...range, sn: 'D0001' });
    expect(signal.data?.map((p) => p.rssi)).toEqual([-65, -80]);
    expect((await acme.run(topUsageCall, range)).data).toEqual([
      { sn: 'D0001', name: 'Pump', totalBytes: 4000 + 200 + 750 },
      { sn: 'D0003', name: 'Depot', totalBytes: 220 },
    ]);
  });

  it('limits a range to three months (120098)', async () => {
    const res = await acme.run(dataUsageSeriesCall, { startTime: base - 100 * 24 * HOUR, endTime: base });
    expect(res).toMatchObject({
      code: ErrorCode.RANGE_THREE_MONTHS,
      msg: 'The time range can be at most three months',
    });
  });

  it('places devices by GPS or base station on the map', async () => {
    const res = await acme.run(deviceLocationsCall, {});
    expect(res.data?.map((l) => [l.sn, l.source, l.latitude, l.longitude]).sort()).toEqual([
      ['D0001', 'gps', 51.5, -0.12],
      ['D0003', 'baseStation', 48.1, 11.6],
    ]);
  });
});

describe('device details', () => {
  it('answers status modules, null for one never reported', async () => {
    const res = await acme.run(getStatusByModuleCall, { sn: 'D0001', modules: ['uci', 'modem'] });
    expect(res.data).toEqual({ uci: null, modem: { data: { registered: true }, updatedAt: base } });
  });

  it('gives the latest telemetry samples oldest first, absent values as null (the status panel)', async () => {
    const res = await acme.run(recentTelemetryCall, { sn: 'D0001', limit: 2 });
    expect(res.data?.map((s) => [s.at, s.signal[0]?.rssi, s.usage[0]?.rxBytes])).toEqual([
      [base + 120_000, -60, 5000],
      [base + HOUR + 60_000, -80, 700],
    ]);
    // These samples carry no CPU, memory, temperature or uptime: null, shown as "- -".
    expect(res.data?.[1]).toMatchObject({ cpuPercent: null, temperatureC: null, uptimeSeconds: null });
    expect((await acme.run(recentTelemetryCall, { sn: 'D0001', limit: 500 })).code).toBe(1);
    expect((await acme.run(recentTelemetryCall, { sn: 'OD0001' })).code).toBe(ErrorCode.DEVICE_NOT_FOUND);
  });

  it('gives the configuration XML with lastUpdatedTime and the devcfg JSON', async () => {
    expect((await acme.run(getLatestDeviceConfigCall, { sn: 'D0001' })).data).toEqual({
      sn: 'D0001',
      xml: '<config/>',
      lastUpdatedTime: base,
    });
    expect((await acme.run(getLatestDeviceConfigCall, { sn: 'D0002' })).data).toEqual({
      sn: 'D0002',
      xml: null,
      lastUpdatedTime: null,
    });
    expect((await acme.run(getDeviceConfigJsonCall, { sn: 'D0001' })).data).toEqual({
      sn: 'D0001',
      devcfg: { cellular: true, lora: false },
    });
  });

  it('pages events and syslog newest first, and reports usage and signal over a range', async () => {
    const events = await acme.run(deviceEventsCall, { sn: 'D0002', pageNum: 1, pageSize: 1 });
    expect(events.total).toBe(2);
    expect(events.data?.list.map((e) => e.type)).toEqual(['linkChange']);
    expect((await acme.run(deviceEventsCall, { sn: 'D0002', severity: 'minor' })).data?.list).toHaveLength(1);
    const syslog = await acme.run(deviceSyslogCall, { sn: 'D0001' });
    expect(syslog.data?.list.map((l) => l.message)).toEqual(['line 3', 'line 2', 'line 1']);
    const report = await acme.run(deviceReportCall, { sn: 'D0003', startTime: base, endTime: base + HOUR });
    expect(report.data?.usage).toEqual([{ at: base, rxBytes: 200, txBytes: 20 }]);
    expect(report.data?.signal[0]?.rssi).toBe(-90);
  });

  it("keeps every tab to the company's own devices and tells who may open them", async () => {
    expect((await acme.run(getStatusByModuleCall, { sn: 'OD0001', modules: ['modem'] })).code).toBe(
      ErrorCode.DEVICE_NOT_FOUND,
    );
    expect((await acme.run(getLatestDeviceConfigCall, { sn: 'OD0001' })).code).toBe(
      ErrorCode.DEVICE_NOT_FOUND,
    );
    expect(
      (await acme.run(deviceReportCall, { sn: 'OD0001', startTime: base, endTime: base + HOUR })).code,
    ).toBe(ErrorCode.DEVICE_NOT_FOUND);
    // Another company's SN is "does not exist" on every tab, events included (issue 12).
    expect((await acme.run(deviceEventsCall, { sn: 'OD0001' })).code).toBe(ErrorCode.DEVICE_NOT_FOUND);
    expect((await acme.run(checkDeviceDetailAccessCall, {})).data).toBe(true);
  });
});
