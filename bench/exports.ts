import os from 'node:os';
import { DEVICE_EXPORT_COLUMNS, EXPORT_MAX_RECORDS, exportDevicesCall } from '@fleetport/contract';
import { sql } from 'kysely';
import { buildApp } from '../packages/server/src/app.ts';
import { ManualClock } from '../packages/server/src/platform/clock.ts';
import { loadConfig } from '../packages/server/src/platform/config.ts';
import { openDatabase } from '../packages/server/src/platform/db/open.ts';
import { registerCompany, signIn } from '../packages/server/test/accounts.ts';
import { benchTestApp } from './lib/app-shim.ts';
import { runWhenMain } from './lib/results-file.ts';
import type { ResultSection } from './lib/types.ts';

const DEVICES = EXPORT_MAX_RECORDS;
const RUNS = 3;

/**
 * Exporting 10,000 devices to .xlsx (the `forwardExport` call, then its job streaming every column
 * into the file store) beside the bare SQL select of the same rows, on in-memory PGlite, in one run.
 */
export async function run(): Promise<ResultSection> {
  const loadAtStart = os.loadavg()[0] ?? 0;
  const database = await openDatabase({ dataDir: 'memory://' });
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv),
    webDist: '/nonexistent',
    dataDir: `${os.tmpdir()}/fleetport-bench-exports-${process.pid}`,
  };
  const clock = new ManualClock();
  const { app, deps } = await buildApp({
    config,
    db: database.db,
    dialect: database.dialect,
    clock,
    logger: false,
    jobs: { manual: true },
  });
  try {
    const shim = benchTestApp(app, deps, clock, config.apiPrefix);
    const { companyId } = await registerCompany(shim, {
      companyName: 'Bench Export',
      account: 'x@bench-export.test',
    });
    const session = await signIn(shim, 'x@bench-export.test');
    await sql`
      insert into device (sn, company_id, name, model, series, firmware_version, app_version, online, last_seen_at,
                          mac, imei, ip, licence_level, secret_hash, sim_count)
      select '2023' || lpad(i::text, 10, '0'), ${companyId}, 'Site ' || i, 'R1520-4L', 'r1520', '5.3.0', '1.0.' || (i % 7),
             i % 3 = 0, now() - i * interval '37 seconds',
             '00:1A:2B:' || lpad(to_hex((i >> 8) & 255), 2, '0') || ':' || lpad(to_hex(i & 255), 2, '0') || ':00',
             '35' || lpad(i::text, 13, '0'), '10.0.' || (i / 256) || '.' || (i % 256), 'BASE', 'x', 2
        from generate_series(1, ${DEVICES}) as i`.execute(deps.db);
    await sql`analyze device`.execute(deps.db);

    const body = {
      fileNamePrefix: 'devices',
      exportType: 'EXCEL',
      exportConfig: { columns: DEVICE_EXPORT_COLUMNS.map((c) => ({ field: c.field })) },
      dataSourceType: 'TABLE',
      dataSourceConfig: { filterParams: {} },
    };
    const exportMs: number[] = [];
    const bareMs: number[] = [];
    let size = 0;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const res = await session.call<{ recordId: number }>('POST', exportDevicesCall.path, body);
      if (res.body.code !== 0) throw new Error(`export refused: ${res.body.code} ${res.body.msg}`);
      await deps.jobs!.runOnce();
      exportMs.push(performance.now() - started);
      const record = await deps.db
        .selectFrom('export_record')
        .select(['state', 'file_size', 'total_rows'])
        .where('id', '=', res.body.data!.recordId)
        .executeTakeFirstOrThrow();
      if (record.state !== 'ready' || record.total_rows !== DEVICES)
        throw new Error(`export ${record.state}`);
      size = Number(record.file_size);

      const bareStarted = performance.now();
      const rows = await sql`select * from device where company_id = ${companyId}
        order by last_seen_at desc nulls last, sn desc`.execute(deps.db);
      bareMs.push(performance.now() - bareStarted);
      if (rows.rows.length !== DEVICES) throw new Error('bare select missed rows');
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    return {
      title: 'Exports: 10,000 devices to .xlsx',
      method:
        `${DEVICES.toLocaleString('en')} devices of one company on in-memory PGlite; the export call with all ` +
        `${DEVICE_EXPORT_COLUMNS.length} columns, then its job run on the same node (the list's query in batches of 1,000, ` +
        'exceljs streaming writer into the local file store) until the record is ready; beside it the bare ' +
        `\`select *\` of the same rows in the list's order. Median of ${RUNS} runs each, same process.`,
      measurements: [
        {
          what: `export ${DEVICES.toLocaleString('en')} devices to .xlsx, call to ready file`,
          value: median(exportMs),
          unit: 'ms',
          limit: { what: 'bare SQL select of the same rows', value: median(bareMs) },
          higherIsBetter: false,
        },
      ],
      notes: [
        `The file was ${(size / 1024).toFixed(0)} KB.`,
        `Load average (1 min) when this benchmark began: ${loadAtStart.toFixed(2)} on ${os.availableParallelism()} CPUs.`,
      ],
    };
  } finally {
    await app.close();
    await database.close();
  }
}

await runWhenMain(import.meta.url, run);
