/**
 * Reports and custom reports (issue 16 "Reports"): a daily report runs on the injected clock at 00:10 UTC
 * over the previous day (today excluded), goes generating → ready, and its .xlsx, read back with
 * xlsx-populate through the signed URL the console follows, holds the SQL aggregates of the telemetry.
 * Custom reports set the columns (1-30 fields); share links open signed out for 48 hours; nothing of
 * another company leaks.
 */

import fs from 'node:fs/promises';
import path from 'node:path';
import {
  createCustomReportCall,
  createReportCall,
  deleteCustomReportCall,
  deleteReportCall,
  downloadReportRunCall,
  ErrorCode,
  errorMessage,
  generateReportCall,
  listReportRunsCall,
  listReportsCall,
  MAX_EXPORT_RECORDS_KEPT,
  REPORT_FIELDS_BY_KIND,
  REPORT_MAX_TARGETS,
  type Report,
  type ReportRun,
  removeReportShareCall,
  seeShareFileCall,
  shareReportRunCall,
} from '@fleetport/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import XlsxPopulate from 'xlsx-populate';
import { registerCompany, type SignedIn, signIn } from '../../../test/accounts.ts';
import { createTestApp, runDueJobs, type TestApp } from '../../../test/helpers.ts';
import { insertRecord } from '../exports/exports.store.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The day the report covers; the run starts the next day at 00:10 UTC. */
const YESTERDAY = Date.UTC(2026, 10, 27);
const TODAY = YESTERDAY + DAY;

let t: TestApp;
let alpha: { companyId: number; userId: number };
let bravo: { companyId: number; userId: number };
let ann: SignedIn;
let bob: SignedIn;
let alphaGroupId: number;

async function seedDevices(
  companyId: number,
  prefix: string,
  count: number,
  groupId: number | null,
  pad = 4,
) {
  await sql`
    insert into device (sn, company_id, name, model, series, online, last_seen_at, ip, secret_hash, group_id)
    select ${prefix} || lpad(i::text, ${pad}, '0'), ${companyId}, 'Site ' || i, 'R1520', 'r1520', true,
           now(), '10.0.0.' || i, 'x', ${groupId}
      from generate_series(1, ${count}) as i`.execute(t.deps.db);
}

/** One telemetry sample: usage counters since boot per link, and a signal of SIM 1. */
async function sample(
  companyId: number,
  sn: string,
  at: number,
  usage: Record<string, [number, number]>,
  signal?: { rssi: number; rsrp: number; rsrq: number; sinr: number },
) {
  const data = {
    usage: Object.entries(usage).map(([link, [rxBytes, txBytes]]) => ({ link, rxBytes, txBytes })),
    signal: signal ? [{ sim: 1, ...signal }] : [],
  };
  await sql`insert into device_telemetry (company_id, sn, at, data)
    values (${companyId}, ${sn}, ${new Date(at)}, ${JSON.stringify(data)}::jsonb)`.execute(t.deps.db);
}

const run = <T>(who: SignedIn, call: { path: string }, body: unknown, headers?: Record<string, string>) =>
  who.call<T>('POST', call.path, body, headers).then((r) => r.body);

const usageReport = (targets: unknown, extra: Record<string, unknown> = {}) => ({
  name: 'Daily usage',
  type: 'dataUsage',
  generation: 'periodic',
  frequency: 'daily',
  scheduleTime: '00:10',
  targets,
  fileName: 'usage',
  ...extra,
});

async function runs(who: SignedIn, reportId: number): Promise<ReportRun[]> {
  return (await run<{ list: ReportRun[] }>(who, listReportRunsCall, { reportId, pageSize: 50 })).data!.list;
}

/** Runs the queue until the run has left `generating`. */
async function finished(who: SignedIn, reportId: number, runId: number): Promise<ReportRun> {
  for (let round = 0; round < 30; round++) {
    const found = (await runs(who, reportId)).find((r) => r.runId === runId);
    if (found && found.state !== 'generating') return found;
    await t.deps.jobs!.runOnce();
  }
  throw new Error(`run ${runId} still generating`);
}

/** Every sheet of the file behind a signed URL, as rows of cells, read with xlsx-populate. */
async function workbookAt(url: string): Promise<Record<string, unknown[][]>> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  const book = await XlsxPopulate.fromDataAsync(res.rawPayload);
  return Object.fromEntries(book.sheets().map((s) => [s.name(), s.usedRange()?.value() ?? []]));
}

async function downloadedRun(who: SignedIn, runId: number) {
  const link = await run<{ url: string }>(who, downloadReportRunCall, { runId });
  expect(link.code).toBe(0);
  return workbookAt(link.data!.url);
}

/** The SQL aggregate the file must equal: per device and link, the growth of the counters in [start, end). */
async function sqlUsage(companyId: number, start: number, end: number) {
  const { rows } = await sql<{ sn: string; link: string; bytes: string }>`
    with s as (
      select t.sn, t.at, u->>'link' as link, (u->>'rxBytes')::bigint + (u->>'txBytes')::bigint as total
        from device_telemetry t, jsonb_array_elements(t.data->'usage') u
       where t.company_id = ${companyId} and t.at >= ${new Date(start)} and t.at < ${new Date(end)}
    ), d as (
      select sn, link, total, total - lag(total) over (partition by sn, link order by at) as delta from s
    )
    select sn, link, coalesce(sum(case when delta < 0 then total else delta end), 0)::text as bytes from d group by sn, link order by sn, link`.execute(
    t.deps.db,
  );
  return rows.map((r) => ({ sn: r.sn, link: r.link, bytes: Number(r.bytes) }));
}

/** Sessions end after 4 hours: after the clock moves, both sign in again. */
async function signInBoth() {
  ann = await signIn(t, 'ann@alpha.example');
  bob = await signIn(t, 'bob@bravo.example');
}

beforeAll(async () => {
  t = await createTestApp({ jobs: { manual: true } });
  t.clock.set(YESTERDAY + 23 * HOUR);
  alpha = await registerCompany(t, { companyName: 'Alpha Freight', account: 'ann@alpha.example' });
  bravo = await registerCompany(t, { companyName: 'Bravo Haulage', account: 'bob@bravo.example' });
  await signInBoth();
  const group = await t.deps.db
    .selectFrom('company_group')
    .select('id')
    .where('company_id', '=', alpha.companyId)
    .executeTakeFirstOrThrow();
  alphaGroupId = Number(group.id);
  await seedDevices(alpha.companyId, 'ALPHA', 3, alphaGroupId);
  await seedDevices(alpha.companyId, 'LONER', 1, null);
  await seedDevices(bravo.companyId, 'BRAVO', 1, null);
  // ALPHA0001: the day before (not counted), yesterday (counted: 1000 + 500 after a reboot on WAN, 300
  // on SIM 1), today before 00:10 (not counted).
  await sample(alpha.companyId, 'ALPHA0001', YESTERDAY - HOUR, { wan: [0, 0] });
  await sample(
    alpha.companyId,
    'ALPHA0001',
    YESTERDAY + HOUR,
    { wan: [100, 50], cellular1: [10, 0] },
    {
      rssi: -70,
      rsrp: -100,
      rsrq: -10,
      sinr: 10,
    },
  );
  await sample(
    alpha.companyId,
    'ALPHA0001',
    YESTERDAY + 2 * HOUR,
    { wan: [900, 250], cellular1: [210, 100] },
    {
      rssi: -80,
      rsrp: -110,
      rsrq: -14,
      sinr: 4,
    },
  );
  // A reboot: the counters start from zero, so 500 more count on WAN and none on SIM 1.
  await sample(alpha.companyId, 'ALPHA0001', YESTERDAY + 3 * HOUR, { wan: [300, 200], cellular1: [0, 0] });
  await sample(alpha.companyId, 'ALPHA0001', TODAY + 5 * 60_000, { wan: [999_999, 999_999] });
  // ALPHA0002: yesterday only, 700 on Wi-Fi.
  await sample(alpha.companyId, 'ALPHA0002', YESTERDAY + HOUR, { wifi: [0, 0] });
  await sample(alpha.companyId, 'ALPHA0002', YESTERDAY + 23 * HOUR, { wifi: [500, 200] });
  // BRAVO0001: another company's traffic, never in Alpha's file.
  await sample(bravo.companyId, 'BRAVO0001', YESTERDAY + HOUR, { wan: [0, 0] });
  await sample(bravo.companyId, 'BRAVO0001', YESTERDAY + 2 * HOUR, { wan: [55_555, 0] });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('daily usage report', () => {
  let report: Report;
  let ready: ReportRun;

  it('runs at 00:10 UTC over the previous day, today excluded, and the file equals the SQL aggregates', async () => {
    const created = await run<Report>(
      ann,
      createReportCall,
      usageReport({ mode: 'group', groupId: alphaGroupId }),
    );
    expect(created.code).toBe(0);
    report = created.data!;
    expect(report.nextRunAt).toBe(TODAY + 10 * 60_000);

    // Before 00:10 nothing runs.
    t.clock.set(TODAY + 9 * 60_000);
    await runDueJobs(t);
    expect(await runs(ann, report.reportId)).toEqual([]);

    t.clock.set(TODAY + 10 * 60_000);
    await runDueJobs(t);
    const [scheduled] = await runs(ann, report.reportId);
    expect(scheduled).toMatchObject({ scheduled: true, periodStart: YESTERDAY, periodEnd: TODAY });
    ready = await finished(ann, report.reportId, scheduled!.runId);
    // The company's root group: every device, an ungrouped one too.
    expect(ready).toMatchObject({ state: 'ready', devices: 4, fileName: 'usage_20261127.xlsx' });
    const listed = await run<{ list: Report[] }>(ann, listReportsCall, { pageSize: 10 });
    expect(listed.data!.list[0]).toMatchObject({
      reportId: report.reportId,
      nextRunAt: TODAY + DAY + 10 * 60_000,
      lastRun: { runId: ready.runId, state: 'ready' },
    });

    const book = await downloadedRun(ann, ready.runId);
    const fields = REPORT_FIELDS_BY_KIND.dataUsage;
    const [header, ...rows] = book.Devices!;
    expect(header).toEqual([
      'Serial number',
      'Device name',
      'Model',
      'Group',
      'Total (bytes)',
      'Received (bytes)',
      'Sent (bytes)',
      'WAN (bytes)',
      'WAN 2 (bytes)',
      'SIM 1 (bytes)',
      'SIM 2 (bytes)',
      'Wi-Fi (bytes)',
    ]);
    const bySn = new Map(rows.map((r) => [r[0], Object.fromEntries(fields.map((f, i) => [f, r[i]]))]));
    expect([...bySn.keys()]).toEqual(['ALPHA0001', 'ALPHA0002', 'ALPHA0003', 'LONER0001']);
    // What was sent, by hand: WAN 1000, then 500 after the reboot; SIM 1 300.
    expect(bySn.get('ALPHA0001')).toMatchObject({
      wanBytes: 1500,
      cellular1Bytes: 300,
      rxBytes: 1300,
      txBytes: 500,
      totalBytes: 1800,
    });
    expect(bySn.get('ALPHA0002')).toMatchObject({
      wifiBytes: 700,
      rxBytes: 500,
      txBytes: 200,
      totalBytes: 700,
    });
    expect(bySn.get('ALPHA0003')).toMatchObject({ totalBytes: 0 });
    // And by the SQL aggregate over the same period.
    const aggregates = await sqlUsage(alpha.companyId, YESTERDAY, TODAY);
    expect(aggregates.length).toBe(3);
    for (const agg of aggregates) expect(bySn.get(agg.sn)?.[`${agg.link}Bytes`]).toBe(agg.bytes);
    const summary = Object.fromEntries(book.Summary!.map((r) => [r[0], r[1]]));
    expect(summary).toMatchObject({
      Report: 'Daily usage',
      Type: 'Data usage',
      'From (UTC)': '2026-11-27 00:00:00',
      'To (UTC, not included)': '2026-11-28 00:00:00',
      Devices: 4,
      'Total data usage (bytes)': 2500,
    });
  }, 60_000);

  it("mails the file's readiness to the person the run belongs to, with the reports page", async () => {
    // The e-mail channel's dispatcher comes round (every few seconds) after the run.
    t.clock.advance(60_000);
    await runDueJobs(t, 20);
    const mail = await t.deps.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', 'ann@alpha.example')
      .where('subject', 'like', 'Report ready%')
      .execute();
    expect(mail.map((m) => m.subject)).toEqual(['Report ready: Daily usage']);
    expect(mail[0]!.text_body).toContain('usage_20261127.xlsx');
    expect(mail[0]!.text_body).toContain('/rcms/robustlink/customReports');
  });

  it('writes the events of the run into the event log', async () => {
    const events = await t.deps.db
      .selectFrom('event_log')
      .select(['type', 'payload'])
      .where('company_id', '=', alpha.companyId)
      .where('type', 'like', 'report.%')
      .orderBy('cursor')
      .execute();
    expect(events.map((e) => e.type)).toEqual(['report.generating', 'report.ready']);
  });

  it('shares the file for 48 hours on the public page; a removed link and an expired one answer 14065', async () => {
    const shared = await run<{ shareId: string; expiresAt: number }>(ann, shareReportRunCall, {
      runId: ready.runId,
    });
    expect(shared.code).toBe(0);
    const see = (shareId: string) =>
      t
        .call<{ url: string; fileName: string }>('POST', seeShareFileCall.path, { shareId })
        .then((r) => r.body);
    const opened = await see(shared.data!.shareId);
    expect(opened.code).toBe(0);
    expect(opened.data!.fileName).toBe('usage_20261127.xlsx');
    expect((await workbookAt(opened.data!.url)).Devices![1]![0]).toBe('ALPHA0001');

    const other = await run<{ shareId: string }>(ann, shareReportRunCall, { runId: ready.runId });
    // Another company cannot remove Alpha's link.
    expect((await run(bob, removeReportShareCall, { shareId: other.data!.shareId })).code).toBe(
      ErrorCode.SHARE_LINK_EXPIRED,
    );
    expect((await run(ann, removeReportShareCall, { shareId: other.data!.shareId })).code).toBe(0);
    expect((await see(other.data!.shareId)).code).toBe(ErrorCode.SHARE_LINK_EXPIRED);

    t.clock.advance(47 * HOUR);
    expect((await see(shared.data!.shareId)).code).toBe(0);
    t.clock.advance(HOUR + 1);
    await signInBoth();
    const expired = await see(shared.data!.shareId);
    expect(expired.code).toBe(ErrorCode.SHARE_LINK_EXPIRED);
    expect(expired.msg).toBe('The sharing link has expired');
  }, 60_000);

  it('never shows another company its reports, runs or files', async () => {
    expect((await run<{ total: number }>(bob, listReportsCall, { pageSize: 10 })).data!.total).toBe(0);
    expect((await run(bob, listReportRunsCall, { reportId: report.reportId })).code).toBe(
      ErrorCode.REPORT_NOT_FOUND,
    );
    expect((await run(bob, downloadReportRunCall, { runId: ready.runId })).code).toBe(
      ErrorCode.REPORT_RUN_NOT_FOUND,
    );
    expect((await run(bob, shareReportRunCall, { runId: ready.runId })).code).toBe(
      ErrorCode.REPORT_RUN_NOT_FOUND,
    );
    expect((await run(bob, generateReportCall, { reportId: report.reportId })).code).toBe(
      ErrorCode.REPORT_NOT_FOUND,
    );
    expect((await run(bob, deleteReportCall, { reportId: report.reportId })).code).toBe(
      ErrorCode.REPORT_NOT_FOUND,
    );
    // Bob naming Alpha's devices gets none of them.
    const his = await run<Report>(
      bob,
      createReportCall,
      usageReport(
        { mode: 'devices', sns: ['ALPHA0001', 'BRAVO0001'] },
        { generation: 'single', startTime: YESTERDAY, endTime: TODAY },
      ),
    );
    expect(his.code).toBe(0);
    const started = await run<ReportRun>(bob, generateReportCall, { reportId: his.data!.reportId });
    const done = await finished(bob, his.data!.reportId, started.data!.runId);
    expect(done.devices).toBe(1);
    const rows = (await downloadedRun(bob, done.runId)).Devices!;
    expect(rows.map((r) => r[0])).toEqual(['Serial number', 'BRAVO0001']);
    expect(rows[1]![4]).toBe(55_555);
  }, 60_000);
});

describe('export records (120043)', () => {
  it('do not count report runs, and a person with 10 exports still gets reports', async () => {
    await signInBoth();
    for (let i = 0; i < MAX_EXPORT_RECORDS_KEPT; i++)
      await insertRecord(t.deps.db, {
        companyId: alpha.companyId,
        userId: alpha.userId,
        source: 'devices.export',
        module: 'robustlink/devices/allDevices',
        fileName: `devices_${i}.xlsx`,
        request: { filter: {}, fields: ['sn'], lang: 'en', utcOffsetMinutes: 0 },
        totalRows: 1,
        createdAt: t.clock.now(),
        deadlineAt: new Date(t.clock.now().getTime() + HOUR),
      });
    const report = await run<Report>(
      ann,
      createReportCall,
      usageReport(
        { mode: 'devices', sns: ['ALPHA0002'] },
        { generation: 'single', startTime: YESTERDAY, endTime: TODAY },
      ),
    );
    const started = await run<ReportRun>(ann, generateReportCall, { reportId: report.data!.reportId });
    expect(started.code).toBe(0);
    const records = await run<{ list: { fileName: string }[] }>(
      ann,
      { path: '/pl/exportRecord/getExportRecordList' },
      {
        pageSize: 50,
      },
    );
    expect(records.data!.list.map((r) => r.fileName).sort()).toEqual(
      Array.from({ length: MAX_EXPORT_RECORDS_KEPT }, (_, i) => `devices_${i}.xlsx`).sort(),
    );
    await t.deps.db.deleteFrom('export_record').where('source', '=', 'devices.export').execute();
  }, 60_000);
});

describe('custom reports', () => {
  const custom = (fields: unknown, type = 'dataUsage') =>
    run<{ customReportId: number }>(ann, createCustomReportCall, { name: 'Usage by SIM', type, fields });

  it('takes 1-30 fields of its kind; 0, 31 or a field of another kind is code 1 naming the field', async () => {
    const none = await custom([]);
    expect(none.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(none.msg).toContain('fields');
    const many = await custom(Array.from({ length: 31 }, () => 'sn'));
    expect(many.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(many.msg).toContain('fields');
    const foreign = await custom(['sn', 'rsrpAvg']);
    expect(foreign.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(foreign.msg).toContain('fields');
    const twice = await custom(['sn', 'sn']);
    expect(twice.code).toBe(ErrorCode.PARAMETER_ERROR);
    const rows = await t.deps.db
      .selectFrom('custom_report')
      .select('id')
      .where('company_id', '=', alpha.companyId)
      .execute();
    expect(rows).toEqual([]);
  });

  it('sets the columns of a report; a custom report of another kind or company is 800061', async () => {
    const made = await custom(['sn', 'cellular1Bytes']);
    expect(made.code).toBe(0);
    const customReportId = made.data!.customReportId;
    const signal = await custom(['sn', 'rsrpAvg'], 'signalQuality');
    const wrongKind = await run(ann, createReportCall, {
      ...usageReport({ mode: 'group', groupId: alphaGroupId }),
      customReportId: signal.data!.customReportId,
    });
    expect(wrongKind.code).toBe(ErrorCode.CUSTOM_REPORT_NOT_FOUND);
    const bobs = await run(bob, createReportCall, {
      ...usageReport({ mode: 'devices', sns: ['BRAVO0001'] }),
      customReportId,
    });
    expect(bobs.code).toBe(ErrorCode.CUSTOM_REPORT_NOT_FOUND);

    const report = await run<Report>(ann, createReportCall, {
      ...usageReport({ mode: 'devices', sns: ['ALPHA0001', 'ALPHA0002'] }),
      name: 'SIM usage',
      generation: 'single',
      startTime: YESTERDAY,
      endTime: TODAY,
      customReportId,
    });
    expect(report.code).toBe(0);
    const started = await run<ReportRun>(ann, generateReportCall, { reportId: report.data!.reportId });
    expect(started.data!.state).toBe('generating');
    const done = await finished(ann, report.data!.reportId, started.data!.runId);
    const rows = (await downloadedRun(ann, done.runId)).Devices!;
    expect(rows).toEqual([
      ['Serial number', 'SIM 1 (bytes)'],
      ['ALPHA0001', 300],
      ['ALPHA0002', 0],
    ]);
    // In use: kept until no report names it.
    expect((await run(ann, deleteCustomReportCall, { customReportId })).code).toBe(
      ErrorCode.CUSTOM_REPORT_IN_USE,
    );
    expect((await run(ann, deleteReportCall, { reportId: report.data!.reportId })).code).toBe(0);
    expect((await run(ann, deleteCustomReportCall, { customReportId })).code).toBe(0);
  }, 60_000);
});

describe('a run that fails', () => {
  /** Runs the queue, a minute apart (a failed attempt is retried after its backoff), until the run has left `generating`. */
  async function settled(reportId: number, runId: number): Promise<ReportRun> {
    for (let round = 0; round < 20; round++) {
      const found = (await runs(ann, reportId)).find((r) => r.runId === runId);
      if (found && found.state !== 'generating') return found;
      t.clock.advance(60_000);
      await runDueJobs(t, 5);
    }
    throw new Error(`run ${runId} still generating`);
  }
  const readyMails = (to: string, report: string) =>
    t.deps.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', to)
      .where('subject', '=', `Report ready: ${report}`)
      .execute();

  it('fails when the file store refuses the file (800067), mails no link, and succeeds once the store takes files again', async () => {
    await signInBoth();
    const report = await run<Report>(ann, createReportCall, {
      ...usageReport({ mode: 'devices', sns: ['ALPHA0001'] }),
      name: 'Usage to a full store',
      generation: 'single',
      startTime: YESTERDAY,
      endTime: TODAY,
    });
    expect(report.code).toBe(0);
    // The store cannot write: where its half-written files go is no directory (as on a disk gone read-only
    // or full, a refusal even root gets).
    const incoming = path.join(t.deps.config.dataDir, 'files', '.incoming');
    await fs.rm(incoming, { recursive: true, force: true });
    await fs.writeFile(incoming, 'not a directory');
    let failed: ReportRun;
    try {
      const started = await run<ReportRun>(ann, generateReportCall, { reportId: report.data!.reportId });
      expect(started.data).toMatchObject({ state: 'generating' });
      failed = await settled(report.data!.reportId, started.data!.runId);
    } finally {
      await fs.rm(incoming, { force: true });
      await fs.mkdir(incoming, { recursive: true });
    }
    expect(failed).toMatchObject({
      state: 'failed',
      errorCode: ErrorCode.REPORT_FILE_NOT_STORED,
      size: null,
    });
    expect(errorMessage(failed.errorCode!, 'en')).toBe(
      'The report file could not be stored; generate the report again later',
    );
    // The list shows it as the report's last run; no file to download; the event log tells it; no mail.
    const listed = (await run<{ list: Report[] }>(ann, listReportsCall, { pageSize: 50 })).data!.list;
    expect(listed.find((r) => r.reportId === report.data!.reportId)?.lastRun).toMatchObject({
      state: 'failed',
      errorCode: ErrorCode.REPORT_FILE_NOT_STORED,
    });
    expect((await run(ann, downloadReportRunCall, { runId: failed.runId })).code).not.toBe(0);
    const told = await t.deps.db
      .selectFrom('event_log')
      .select(['type', 'payload'])
      .where('company_id', '=', alpha.companyId)
      .where('type', 'like', 'report.%')
      .orderBy('cursor', 'desc')
      .executeTakeFirstOrThrow();
    expect(told.type).toBe('report.failed');
    expect(told.payload).toMatchObject({ runId: failed.runId, errorCode: ErrorCode.REPORT_FILE_NOT_STORED });
    await runDueJobs(t);
    expect(await readyMails('ann@alpha.example', 'Usage to a full store')).toEqual([]);

    // The store takes files again: generating once more gives the file and its mail.
    const again = await run<ReportRun>(ann, generateReportCall, { reportId: report.data!.reportId });
    expect(await settled(report.data!.reportId, again.data!.runId)).toMatchObject({ state: 'ready' });
    await runDueJobs(t);
    expect(await readyMails('ann@alpha.example', 'Usage to a full store')).toHaveLength(1);
  }, 60_000);

  it('fails when its group grew past 10,000 devices after it was saved (800062), never truncated', async () => {
    await signInBoth();
    const report = await run<Report>(ann, createReportCall, {
      ...usageReport({ mode: 'group', groupId: alphaGroupId }),
      name: 'Usage of a growing group',
      generation: 'single',
      startTime: YESTERDAY,
      endTime: TODAY,
    });
    expect(report.code).toBe(0);
    await seedDevices(alpha.companyId, 'GROWN', 10_000, alphaGroupId, 6);
    try {
      const started = await run<ReportRun>(ann, generateReportCall, { reportId: report.data!.reportId });
      const failed = await settled(report.data!.reportId, started.data!.runId);
      expect(failed).toMatchObject({
        state: 'failed',
        errorCode: ErrorCode.REPORT_TOO_MANY_DEVICES,
        size: null,
      });
      expect(errorMessage(failed.errorCode!, 'en', REPORT_MAX_TARGETS)).toBe(
        'A report can cover at most 10000 devices',
      );
    } finally {
      await t.deps.db.deleteFrom('device').where('sn', 'like', 'GROWN%').execute();
    }
  }, 60_000);
});

describe('signal quality report and limits', () => {
  it('writes avg, min and p5 per device as the SQL aggregates', async () => {
    const report = await run<Report>(ann, createReportCall, {
      ...usageReport({ mode: 'devices', sns: ['ALPHA0001'] }),
      type: 'signalQuality',
      generation: 'single',
      startTime: YESTERDAY,
      endTime: TODAY,
    });
    const started = await run<ReportRun>(ann, generateReportCall, { reportId: report.data!.reportId });
    const done = await finished(ann, report.data!.reportId, started.data!.runId);
    const [header, row] = (await downloadedRun(ann, done.runId)).Devices!;
    const cell = Object.fromEntries(REPORT_FIELDS_BY_KIND.signalQuality.map((f, i) => [f, row![i]]));
    expect(header![6]).toBe('RSSI min (dBm)');
    const { rows } = await sql<{ avg: number; min: number; p5: number }>`
      select avg((s->>'rsrp')::float8) as avg, min((s->>'rsrp')::float8) as min,
             percentile_cont(0.05) within group (order by (s->>'rsrp')::float8) as p5
        from device_telemetry t, jsonb_array_elements(t.data->'signal') s
       where t.sn = 'ALPHA0001' and t.at >= ${new Date(YESTERDAY)} and t.at < ${new Date(TODAY)}`.execute(
      t.deps.db,
    );
    expect(cell).toMatchObject({
      samples: 2,
      rsrpAvg: Number(rows[0]!.avg),
      rsrpMin: Number(rows[0]!.min),
      rsrpP5: Math.round(Number(rows[0]!.p5) * 10) / 10,
      rssiMin: -80,
      sinrAvg: 7,
    });
  }, 60_000);

  it('refuses a single report over 30 days, a range starting after its end, and 10,001 devices', async () => {
    const long = await run(ann, createReportCall, {
      ...usageReport({ mode: 'group', groupId: alphaGroupId }),
      generation: 'single',
      startTime: YESTERDAY - 31 * DAY,
      endTime: YESTERDAY,
    });
    expect(long.code).toBe(ErrorCode.REPORT_SPAN_TOO_LONG);
    expect(long.msg).toBe('A single report can span at most 30 days');
    const quarter = await run(ann, createReportCall, {
      ...usageReport({ mode: 'group', groupId: alphaGroupId }),
      generation: 'single',
      startTime: YESTERDAY - 100 * DAY,
      endTime: YESTERDAY,
    });
    expect(quarter.code).toBe(ErrorCode.RANGE_THREE_MONTHS);
    const inverted = await run(ann, createReportCall, {
      ...usageReport({ mode: 'group', groupId: alphaGroupId }),
      generation: 'single',
      startTime: TODAY,
      endTime: YESTERDAY,
    });
    expect(inverted.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(inverted.msg).toContain('startTime');
    const tooMany = await run(
      ann,
      createReportCall,
      usageReport({ mode: 'devices', sns: Array.from({ length: 10_001 }, (_, i) => `SN${i}`) }),
    );
    expect(tooMany.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(tooMany.msg).toContain('targets');
    await seedDevices(alpha.companyId, 'BULK', 10_001, alphaGroupId, 6);
    const group = await run(ann, createReportCall, usageReport({ mode: 'group', groupId: alphaGroupId }));
    expect(group.code).toBe(ErrorCode.REPORT_TOO_MANY_DEVICES);
    expect(group.msg).toBe('A report can cover at most 10000 devices');
  }, 60_000);
});

describe('weekly and monthly periods', () => {
  it('cover the last 7 and the last 30 whole UTC days before the run, today excluded', async () => {
    const made: Record<string, Report> = {};
    for (const frequency of ['weekly', 'monthly'] as const) {
      const created = await run<Report>(
        ann,
        createReportCall,
        usageReport({ mode: 'devices', sns: ['ALPHA0001'] }, { name: `Usage ${frequency}`, frequency }),
      );
      expect(created.code).toBe(0);
      made[frequency] = created.data!;
    }
    const at = made.weekly!.nextRunAt!;
    expect(made.monthly!.nextRunAt).toBe(at);
    expect(new Date(at).toISOString().slice(11, 16)).toBe('00:10');
    t.clock.set(at);
    await runDueJobs(t);
    await signInBoth(); // the clock moved on past the session
    const today = at - 10 * 60_000;
    for (const [frequency, days] of [
      ['weekly', 7],
      ['monthly', 30],
    ] as const) {
      const [scheduled] = await runs(ann, made[frequency]!.reportId);
      expect(scheduled).toMatchObject({ scheduled: true, periodStart: today - days * DAY, periodEnd: today });
      expect(await finished(ann, made[frequency]!.reportId, scheduled!.runId)).toMatchObject({
        state: 'ready',
      });
      const listed = (await run<{ list: Report[] }>(ann, listReportsCall, { pageSize: 50 })).data!.list;
      expect(listed.find((r) => r.reportId === made[frequency]!.reportId)?.nextRunAt).toBe(at + days * DAY);
    }
  }, 60_000);
});
