import { sql } from 'kysely';
import { type CompanyScope, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/**
 * SQL of what devices report: telemetry series, events, syslog, configuration XML, status modules.
 * The writes come from the gateway, which knows a device by its SN and files its messages under the
 * device's company (not a caller's scope); the reads are a caller's and take its CompanyScope.
 */

export interface TelemetryRow {
  companyId: number;
  sn: string;
  at: Date;
  data: unknown;
  /** The message's `uptimeSeconds` and `seq` (docs/device-protocol.md §6): a repeat is stored once. */
  uptimeSeconds?: number;
  seq?: number;
}

/** A telemetry row as the insert takes it: one JSON object text (see `insertEncodedTelemetry`). */
export type EncodedTelemetryRow = string & { readonly __encodedTelemetry: true };

/**
 * Encodes a row for the insert. The telemetry writer encodes each row as it arrives, so a row waiting
 * for its batch is one string rather than the message's object graph, which the garbage collector
 * would otherwise copy again at every collection while thousands of rows wait for their commit.
 */
export function encodeTelemetryRow(row: TelemetryRow): EncodedTelemetryRow {
  return `{"c":${row.companyId},"s":${JSON.stringify(row.sn)},"a":"${row.at.toISOString()}","d":${JSON.stringify(row.data)},"u":${row.uptimeSeconds ?? null},"q":${row.seq ?? null}}` as EncodedTelemetryRow;
}

export function insertTelemetry(db: DbOrTx, rows: readonly TelemetryRow[]): Promise<void> {
  return insertEncodedTelemetry(db, rows.map(encodeTelemetryRow));
}

/**
 * One insert of a whole batch, its rows sent as ONE JSON text that `json_to_recordset` turns back
 * into rows: one parameter whatever the batch size, and no per-row work in the driver (a multi-row
 * VALUES had six parameters per row, and parsing and binding 3,000 of them cost more than the insert;
 * six unnested arrays cost the driver an escaped array literal per column, about 10 % more CPU per
 * row than the JSON text on PGlite). A row repeating a stored message (same device, `ts`,
 * `uptimeSeconds` and `seq`) is skipped.
 */
export async function insertEncodedTelemetry(
  db: DbOrTx,
  rows: readonly EncodedTelemetryRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    insert into device_telemetry (company_id, sn, at, data, uptime_s, seq)
    select r.c, r.s, r.a, r.d, r.u, r.q
    from json_to_recordset(${`[${rows.join(',')}]`}::json)
      as r(c bigint, s text, a timestamptz, d jsonb, u integer, q integer)
    on conflict do nothing`.execute(db);
}

export async function deleteTelemetryBefore(db: DbOrTx, before: Date): Promise<number> {
  const result = await db.deleteFrom('device_telemetry').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function listTelemetry(db: DbOrTx, scope: CompanyScope, sn: string, limit = 100) {
  return db
    .selectFrom('device_telemetry')
    .select(['at', 'data'])
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('sn', '=', sn)
    .orderBy('at', 'desc')
    .limit(limit)
    .execute();
}

export async function insertDeviceEvent(
  db: DbOrTx,
  event: { companyId: number; sn: string; at: Date; type: string; severity: string | null; data: unknown },
): Promise<void> {
  await db
    .insertInto('device_event')
    .values({
      company_id: event.companyId,
      sn: event.sn,
      at: event.at,
      type: event.type,
      severity: event.severity,
      data: JSON.stringify(event.data ?? {}),
    })
    .execute();
}

export async function insertSyslogLines(
  db: DbOrTx,
  lines: readonly { companyId: number; sn: string; at: Date; level: string | null; message: string }[],
): Promise<void> {
  if (lines.length === 0) return;
  await db
    .insertInto('device_syslog')
    .values(
      lines.map((l) => ({ company_id: l.companyId, sn: l.sn, at: l.at, level: l.level, message: l.message })),
    )
    .execute();
}

/** Keeps the newest configuration: an older lastUpdatedTime arriving late does not overwrite it. */
export async function saveDeviceConfig(
  db: DbOrTx,
  config: { companyId: number; sn: string; xml: string; lastUpdatedTime: Date; receivedAt: Date },
): Promise<void> {
  await db
    .insertInto('device_config')
    .values({
      sn: config.sn,
      company_id: config.companyId,
      xml: config.xml,
      last_updated_time: config.lastUpdatedTime,
      received_at: config.receivedAt,
    })
    .onConflict((oc) =>
      oc
        .column('sn')
        .doUpdateSet({
          company_id: config.companyId,
          xml: config.xml,
          last_updated_time: config.lastUpdatedTime,
          received_at: config.receivedAt,
        })
        .where('device_config.last_updated_time', '<=', config.lastUpdatedTime),
    )
    .execute();
}

export async function saveDeviceStatus(
  db: DbOrTx,
  status: { companyId: number; sn: string; module: string; data: unknown; at: Date },
): Promise<void> {
  await saveDeviceStatusModules(db, {
    companyId: status.companyId,
    sn: status.sn,
    modules: { [status.module]: status.data },
    at: status.at,
  });
}

/**
 * A status message's modules in one statement (a router reports five or six after each boot: one
 * statement each was the largest share of a 10,000-router rollout's database time).
 */
export async function saveDeviceStatusModules(
  db: DbOrTx,
  status: { companyId: number; sn: string; modules: Record<string, unknown>; at: Date },
): Promise<void> {
  const rows = Object.entries(status.modules)
    .filter(([, data]) => data !== undefined)
    .map(([module, data]) => ({
      sn: status.sn,
      module,
      company_id: status.companyId,
      data: JSON.stringify(data),
      updated_at: status.at,
    }));
  if (rows.length === 0) return;
  await db
    .insertInto('device_status')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['sn', 'module']).doUpdateSet((eb) => ({
        data: eb.ref('excluded.data'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/** The configuration XML the device reported last (the device side, by SN), before a new report replaces it. */
export async function findReportedXml(db: DbOrTx, sn: string): Promise<string | null> {
  const row = await db.selectFrom('device_config').select('xml').where('sn', '=', sn).executeTakeFirst();
  return row?.xml ?? null;
}

export async function findDeviceConfig(db: DbOrTx, scope: CompanyScope, sn: string) {
  return db
    .selectFrom('device_config')
    .selectAll()
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('sn', '=', sn)
    .executeTakeFirst();
}

export async function findDeviceStatus(db: DbOrTx, scope: CompanyScope, sn: string) {
  return db
    .selectFrom('device_status')
    .selectAll()
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('sn', '=', sn)
    .execute();
}
