/**
 * Reports, the alert centre's export and alert rules at 10,000 devices (issue 16), one run:
 * - a data-usage report of 10,000 devices (a day of samples each) from the generate call to its ready
 *   .xlsx, beside the bare SQL select of the same rows (the report's own queries alone) and, on
 *   PostgreSQL, COPY of the same select to CSV;
 * - 10,000 alerts exported to .xlsx, beside the bare select of the list's rows and COPY;
 * - 10 alert rules over 10,000 devices' telemetry: storing one sample per device and the rules' sweep,
 *   beside storing the same samples with no rule.
 * On PostgreSQL when DATABASE_URL names a server (a fresh database per run; COPY needs it), else on
 * in-memory PGlite without the COPY figures.
 *
 *   DATABASE_URL=postgres://… npm run bench -- alerts-reports
 */
import os from 'node:os';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ALERT_EXPORT_COLUMNS,
  type AlertRuleInput,
  createAlertRuleCall,
  createReportCall,
  EXPORT_MAX_RECORDS,
  exportAlertsCall,
  generateReportCall,
} from '@fleetport/contract';
import { type CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { sweepAlerts } from '../packages/server/src/modules/alerts/alert-sweep.ts';
import { alertRows } from '../packages/server/src/modules/alerts/alerts.store.ts';
import {
  insertTelemetry,
  type TelemetryRow,
} from '../packages/server/src/modules/devices/device-reports.store.ts';
import { asOwner, type Owner } from '../packages/server/src/modules/devices/device-test-kit.ts';
import { targetDevices, usageByLink } from '../packages/server/src/modules/reports/reports.store.ts';
import { companyScope } from '../packages/server/src/platform/auth/actor.ts';
import { registerCompany, signIn } from '../packages/server/test/accounts.ts';
import { createTestApp, runDueJobs, type TestApp } from '../packages/server/test/helpers.ts';
import { runWhenMain } from './lib/results-file.ts';
import type { ResultSection } from './lib/types.ts';

const DEVICES = EXPORT_MAX_RECORDS;
/** Samples per device over the report's day (every two hours). */
const SAMPLES = 12;
const RULES = 10;
const DAY_MS = 86_400_000;

/** Runs until the export record or report run is ready (the job queue on this node, as the server's worker would). */
async function untilReady(t: TestApp, ready: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 200; i++) {
    await runDueJobs(t);
    if (await ready()) return;
  }
  throw new Error(`${what} never became ready`);
}

/** Whether the export record (of a report run, when `of` says so) is ready; a failed one ends the run. */
async function recordReady(t: TestApp, id: number, of: 'export_record' | 'report_run'): Promise<boolean> {
  const recordId =
    of === 'export_record'
      ? id
      : Number(
          (
            await t.deps.db
              .selectFrom('report_run')
              .select('record_id')
              .where('id', '=', id)
              .executeTakeFirstOrThrow()
          ).record_id,
        );
  const record = await t.deps.db
    .selectFrom('export_record')
    .select('state')
    .where('id', '=', recordId)
    .executeTakeFirstOrThrow();
  if (record.state === 'failed') throw new Error(`export record ${recordId} failed`);
  return record.state === 'ready';
}

/** COPY (query) TO STDOUT as CSV on a connection of its own; answers the bytes received. */
async function copyOut(url: string, query: CompiledQuery): Promise<{ ms: number; bytes: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // COPY takes no parameters: the values go in as literals, as psql's \copy would have them.
    const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => literal(query.parameters[Number(n) - 1]));
    let bytes = 0;
    const started = performance.now();
    await pipeline(
      client.query(copyTo(`copy (${text}) to stdout with (format csv)`)),
      new Writable({
        write(chunk: Buffer, _enc, done) {
          bytes += chunk.length;
          done();
        },
      }),
    );
    return { ms: performance.now() - started, bytes };
  } finally {
    await client.end();
  }
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return `'${value.toISOString()}'::timestamptz`;
  return `'${String(value).replace(/'/g, "''")}'`;
}

async function seedDevices(t: TestApp, companyId: number) {
  await sql`
    insert into device (sn, company_id, name, model, series, firmware_version, online, last_seen_at, licence_level,
                        secret_hash, sim_count)
    select 'RPT' || lpad(i::text, 7, '0'), ${companyId}, 'Site ' || i, 'R1520-4L', 'r1520', '5.3.0', true, now(),
           'BASE', 'x', 1
      from generate_series(1, ${DEVICES}) as i`.execute(t.deps.db);
}

/** A day of samples per device: WAN counters growing (one reboot at noon resets them) and a signal. */
async function seedUsage(t: TestApp, companyId: number, day: Date) {
  await sql`
    insert into device_telemetry (company_id, sn, at, data, uptime_s, seq)
    select ${companyId}, 'RPT' || lpad(i::text, 7, '0'), ${day}::timestamptz + (s * 2) * interval '1 hour',
           jsonb_build_object(
             'usage', jsonb_build_array(jsonb_build_object('link', 'wan',
               'rxBytes', (case when s >= 6 then s - 6 else s end) * (1000 + i), 'txBytes', (case when s >= 6 then s - 6 else s end) * 400)),
             'signal', jsonb_build_array(jsonb_build_object('sim', 1, 'rsrp', -80 - (i % 40)))),
           s * 7200, s
      from generate_series(1, ${DEVICES}) as i, generate_series(0, ${SAMPLES - 1}) as s`.execute(t.deps.db);
  await sql`analyze device_telemetry`.execute(t.deps.db);
}

async function seedAlerts(t: TestApp, owner: Owner, companyId: number) {
  const rule: AlertRuleInput = {
    name: 'Weak RSRP, seeded',
    level: 'minor',
    targets: { mode: 'all' },
    conditionMode: 'any',
    conditions: [{ type: 'signal', metric: 'rsrp', sim: 1, below: -110, clearAbove: -100, clearMinutes: 2 }],
    triggerVolume: 1,
    triggerInterval: { value: 1, unit: 'minute' },
    pendingMinutes: 3,
    email: { enabled: false, receivers: 'allUsers' },
    enabled: false,
  };
  const created = await owner.run(createAlertRuleCall, rule);
  if (created.code !== 0) throw new Error(`rule: ${created.code} ${created.msg}`);
  const now = t.clock.now();
  await sql`
    insert into alert (company_id, rule_id, sn, condition_key, state, pending_since, started_at, last_seen_at,
                       resolved_at, value, count, updated_at)
    select ${companyId}, ${created.data!.ruleId}, 'RPT' || lpad(i::text, 7, '0'), '0',
           case when i % 3 = 0 then 'resolved' else 'firing' end,
           ${now}::timestamptz - (i % 600) * interval '1 minute', ${now}::timestamptz - (i % 600) * interval '1 minute',
           ${now}::timestamptz - (i % 60) * interval '1 minute',
           case when i % 3 = 0 then ${now}::timestamptz else null end, -111 - (i % 20), 1 + i % 4, ${now}
      from generate_series(1, ${DEVICES}) as i`.execute(t.deps.db);
}

export async function run(): Promise<ResultSection> {
  const loadAtStart = os.loadavg()[0] ?? 0;
  const t = await createTestApp({ jobs: { manual: true } });
  const url = t.database.url;
  const onPostgres = t.deps.dialect === 'postgres' && url !== undefined;
  try {
    const account = 'owner@bench-reports.test';
    const { companyId, userId } = await registerCompany(t, { companyName: 'Bench Reports', account });
    const owner = asOwner(await signIn(t, account), { companyId, userId, account });
    await seedDevices(t, companyId);
    const today = new Date(Math.floor(t.clock.now().getTime() / DAY_MS) * DAY_MS);
    const day = new Date(today.getTime() - DAY_MS);
    await seedUsage(t, companyId, day);
    const root = await t.deps.db
      .selectFrom('company_group')
      .select('id')
      .where('company_id', '=', companyId)
      .where('parent_id', 'is', null)
      .executeTakeFirstOrThrow();

    // 1. The usage report of every device of the company over yesterday.
    const report = await owner.run(createReportCall, {
      name: 'Fleet usage',
      type: 'dataUsage',
      generation: 'single',
      startTime: day.getTime(),
      endTime: today.getTime(),
      targets: { mode: 'group', groupId: Number(root.id) },
      fileName: 'fleet-usage',
    });
    if (report.code !== 0) throw new Error(`report: ${report.code} ${report.msg}`);
    let started = performance.now();
    const runRes = await owner.run(generateReportCall, { reportId: report.data!.reportId });
    if (runRes.code !== 0) throw new Error(`generate: ${runRes.code} ${runRes.msg}`);
    const runId = runRes.data!.runId;
    // A run's file is an export record: it is ready when the record is.
    await untilReady(t, () => recordReady(t, runId, 'report_run'), 'the report run');
    const reportMs = performance.now() - started;
    started = performance.now();
    const devices = await targetDevices(
      t.deps.db,
      companyId,
      { mode: 'group', groupId: Number(root.id) },
      DEVICES + 1,
    );
    const usage = await usageByLink(
      t.deps.db,
      companyId,
      devices.map((d) => d.sn),
      { start: day, end: today },
    );
    const reportBareMs = performance.now() - started;
    if (devices.length !== DEVICES || usage.length !== DEVICES)
      throw new Error(`bare report rows: ${devices.length} devices, ${usage.length} usage rows`);
    const usageQuery = sql`
      with samples as (
        select t.sn, t.at, u->>'link' as link, (u->>'rxBytes')::float8 as rx, (u->>'txBytes')::float8 as tx
          from device_telemetry t, jsonb_array_elements(t.data->'usage') u
         where t.company_id = ${companyId} and t.at >= ${day} and t.at < ${today}
      ), steps as (
        select sn, link, rx, tx, rx - lag(rx) over w as drx, tx - lag(tx) over w as dtx
          from samples window w as (partition by sn, link order by at)
      )
      select d.sn, d.name, d.model, s.link,
             sum(case when drx is null then 0 when drx < 0 then rx else drx end) as rx,
             sum(case when dtx is null then 0 when dtx < 0 then tx else dtx end) as tx
        from steps s join device d on d.sn = s.sn and d.company_id = ${companyId}
       group by d.sn, d.name, d.model, s.link order by d.sn`.compile(t.deps.db);
    const reportCopy = onPostgres ? await copyOut(url, usageQuery) : null;

    // 2. 10,000 alerts to .xlsx.
    await seedAlerts(t, owner, companyId);
    started = performance.now();
    const exported = await owner.call<{ recordId: number }>(exportAlertsCall.method, exportAlertsCall.path, {
      fileNamePrefix: 'alerts',
      exportType: 'EXCEL',
      exportConfig: { columns: ALERT_EXPORT_COLUMNS.map((c) => ({ field: c.field })) },
      dataSourceType: 'TABLE',
      dataSourceConfig: { filterParams: {} },
    });
    if (exported.body.code !== 0) throw new Error(`export: ${exported.body.code} ${exported.body.msg}`);
    const recordId = exported.body.data!.recordId;
    await untilReady(t, () => recordReady(t, recordId, 'export_record'), 'the alert export');
    const alertsMs = performance.now() - started;
    const reader = { scope: companyScope(companyId), userId: 0 };
    started = performance.now();
    const rows = await alertRows(
      t.deps.db,
      reader,
      { ruleId: undefined, startTime: undefined, endTime: undefined },
      0,
      DEVICES,
    );
    const alertsBareMs = performance.now() - started;
    if (rows.length !== DEVICES) throw new Error(`bare alert rows: ${rows.length}`);
    const alertQuery = sql`
      select a.id, a.rule_id, r.name as rule_name, r.level, r.description, a.sn, d.name as device_name, a.state,
             a.value, a.count, a.pending_since, a.started_at, a.last_seen_at, a.resolved_at, a.acknowledged_at,
             u.user_name as acknowledged_by_name, a.ack_note
        from alert a
        join alert_rule r on r.id = a.rule_id
        left join device d on d.sn = a.sn and d.company_id = a.company_id
        left join app_user u on u.id = a.acknowledged_by
       where a.company_id = ${companyId}
       order by case a.state when 'firing' then 0 when 'pending' then 1 else 2 end, a.last_seen_at desc, a.id desc`.compile(
      t.deps.db,
    );
    const alertsCopy = onPostgres ? await copyOut(url, alertQuery) : null;

    // 3. Ten rules over every device's telemetry: a sample each, stored; then the rules' sweep.
    await sql`delete from alert`.execute(t.deps.db);
    for (let i = 0; i < RULES; i++) {
      const created = await owner.run(createAlertRuleCall, {
        name: `RSRP below ${-100 - i}`,
        level: 'minor',
        targets: { mode: 'all' },
        conditionMode: 'any',
        conditions: [
          { type: 'signal', metric: 'rsrp', sim: 1, below: -100 - i, clearAbove: -95, clearMinutes: 2 },
        ],
        triggerVolume: 1,
        triggerInterval: { value: 1, unit: 'minute' },
        pendingMinutes: 1,
        email: { enabled: false, receivers: 'allUsers' },
        enabled: true,
      });
      if (created.code !== 0) throw new Error(`rule ${i}: ${created.code} ${created.msg}`);
    }
    const round = (n: number): TelemetryRow[] =>
      Array.from({ length: DEVICES }, (_, i) => ({
        companyId,
        sn: `RPT${String(i + 1).padStart(7, '0')}`,
        at: new Date(t.clock.now().getTime() + n),
        data: { signal: [{ sim: 1, rsrp: -90 - ((i + n) % 30) }] },
      }));
    const store = async (rows: TelemetryRow[]) => {
      // As the gateway's writer stores them: statements of 500 rows.
      for (let i = 0; i < rows.length; i += 500) await insertTelemetry(t.deps.db, rows.slice(i, i + 500));
    };
    t.clock.advance(60_000);
    started = performance.now();
    await store(round(1));
    const storeOnlyMs = performance.now() - started;
    t.clock.advance(60_000);
    started = performance.now();
    await store(round(2));
    const changed = await sweepAlerts(t.deps);
    const withRulesMs = performance.now() - started;
    // The next sweep: every alert the first opened is open, and each one's last reading changes.
    t.clock.advance(30_000);
    started = performance.now();
    await store(round(3));
    await sweepAlerts(t.deps);
    const nextSweepMs = performance.now() - started;
    const pending = await t.deps.db
      .selectFrom('alert')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();

    const n = DEVICES.toLocaleString('en');
    const copyNote = (what: string, c: { ms: number; bytes: number } | null, bare: number) =>
      c
        ? `${what}: PostgreSQL COPY of the same select to CSV took ${c.ms.toFixed(0)} ms (${(c.bytes / 1024).toFixed(0)} KB), ` +
          `the bare select ${bare.toFixed(0)} ms.`
        : `${what}: COPY needs PostgreSQL (DATABASE_URL); this run was on PGlite.`;
    const measurements: ResultSection['measurements'] = [
      {
        what: `data-usage report of ${n} devices (${SAMPLES} samples each), generate call to ready .xlsx`,
        value: reportMs,
        unit: 'ms',
        limit: { what: "bare SQL select of the same rows (the report's queries)", value: reportBareMs },
        higherIsBetter: false,
      },
      {
        what: `${n} alerts exported to .xlsx, call to ready file`,
        value: alertsMs,
        unit: 'ms',
        limit: { what: "bare SQL select of the list's rows", value: alertsBareMs },
        higherIsBetter: false,
      },
      {
        what: `${RULES} rules over ${n} devices: a sample each stored, then the sweep`,
        value: withRulesMs,
        unit: 'ms',
        limit: { what: 'the same samples stored with no rule', value: storeOnlyMs },
        higherIsBetter: false,
      },
      {
        what: `... the next sample and sweep, with those alerts open`,
        value: nextSweepMs,
        unit: 'ms',
        limit: { what: 'the same samples stored with no rule', value: storeOnlyMs },
        higherIsBetter: false,
      },
    ];
    if (reportCopy)
      measurements.push({
        what: `data-usage report of ${n} devices, generate call to ready .xlsx`,
        value: reportMs,
        unit: 'ms',
        limit: { what: 'PostgreSQL COPY of the same select to CSV', value: reportCopy.ms },
        higherIsBetter: false,
      });
    if (alertsCopy)
      measurements.push({
        what: `${n} alerts exported to .xlsx, call to ready file`,
        value: alertsMs,
        unit: 'ms',
        limit: { what: 'PostgreSQL COPY of the same select to CSV', value: alertsCopy.ms },
        higherIsBetter: false,
      });
    return {
      title: `Reports, alert export and alert rules at ${n} devices (\`bench/alerts-reports.ts\`)`,
      method:
        `One company of ${n} devices on ${onPostgres ? "PostgreSQL (a fresh database on this machine, the app's pool of 10)" : 'in-memory PGlite'}, ` +
        'the app in this process with its job queue run by the benchmark (as the worker would). The report covers ' +
        `yesterday (UTC) for the company's root group: ${SAMPLES} telemetry samples per device, usage per link as the ` +
        'dashboard counts it, into the .xlsx of the file store; its limit is the two queries the run makes (the devices, ' +
        `the usage) alone. The alert export writes every column of ${n} seeded alerts; its limit is the list's query ` +
        `for all of them. The rules: ${RULES} signal rules over all devices, one sample per device stored (statements ` +
        'of 500 rows, as the gateway writes them) and then one sweep of every rule; the limit stores the same number ' +
        `of samples with no rule to run. Load average (1 min) at start ${loadAtStart.toFixed(2)} on ${os.availableParallelism()} CPUs.`,
      measurements,
      notes: [
        copyNote('Report', reportCopy, reportBareMs),
        copyNote('Alerts', alertsCopy, alertsBareMs),
        `The sweep changed ${[...changed.values()].reduce((a, b) => a + b, 0).toLocaleString('en')} alerts; ` +
          `${Number(pending.n).toLocaleString('en')} alerts were open after the next one (pending: the rules wait a minute; ` +
          'each sweep writes the new ones, and the last reading of the open ones, a few hundred rows per statement).',
      ],
    };
  } finally {
    await t.close();
  }
}

await runWhenMain(import.meta.url, run);
