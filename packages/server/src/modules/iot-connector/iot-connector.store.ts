import { sql } from 'kysely';
import {
  type CompanyScope,
  owningCompany,
  owningScope,
  scopedCompanyIds,
} from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/**
 * SQL of IoT connectors and their routers. The console's reads and writes take the caller's scope; the
 * delivery job, acting for the connector's company, reads the connector it was started for.
 */

export interface StoredConnector {
  id: number;
  companyId: number;
  name: string;
  kind: string;
  applicationUrl: string;
  idScope: string | null;
  template: string | null;
  interfaceId: string | null;
  tokenName: string;
  tokenSealed: string;
  tokenMask: string;
  lastTelemetryId: number;
  jobId: number | null;
  delivered: number;
  lastDeliveredAt: Date | null;
  failingSince: Date | null;
  lastError: string | null;
  createdAt: Date;
  routerCount: number;
  delivering: boolean;
}

export interface ConnectorValues {
  name: string;
  kind: string;
  applicationUrl: string;
  idScope: string | null;
  template: string | null;
  interfaceId: string | null;
  tokenName: string;
  tokenSealed: string;
  tokenMask: string;
}

const routerCount = sql<number>`(select count(*) from iot_connector_router r where r.connector_id = c.id)`;
/** Whether its delivery job is queued or running now. */
const delivering = sql<boolean>`exists (select 1 from job j where j.id = c.job_id and j.state in ('queued', 'running'))`;

function selectConnectors(db: DbOrTx) {
  return db
    .selectFrom('iot_connector as c')
    .select([
      'c.id',
      'c.company_id as companyId',
      'c.name',
      'c.kind',
      'c.application_url as applicationUrl',
      'c.id_scope as idScope',
      'c.template',
      'c.interface_id as interfaceId',
      'c.token_name as tokenName',
      'c.token_sealed as tokenSealed',
      'c.token_mask as tokenMask',
      'c.last_telemetry_id as lastTelemetryId',
      'c.job_id as jobId',
      'c.delivered',
      'c.last_delivered_at as lastDeliveredAt',
      'c.failing_since as failingSince',
      'c.last_error as lastError',
      'c.created_at as createdAt',
      routerCount.as('routerCount'),
      delivering.as('delivering'),
    ]);
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectConnectors>['execute']>>[number];

function normalized(row: Selected): StoredConnector {
  return {
    ...row,
    id: Number(row.id),
    companyId: Number(row.companyId),
    lastTelemetryId: Number(row.lastTelemetryId),
    jobId: row.jobId === null ? null : Number(row.jobId),
    delivered: Number(row.delivered),
    routerCount: Number(row.routerCount),
    delivering: !!row.delivering,
  };
}

export async function listConnectors(db: DbOrTx, scope: CompanyScope, name?: string) {
  let query = selectConnectors(db).where('c.company_id', 'in', scopedCompanyIds(scope));
  if (name) query = query.where(sql<boolean>`strpos(lower(c.name), lower(${name})) > 0`);
  return (await query.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').execute()).map(normalized);
}

export async function findConnector(db: DbOrTx, scope: CompanyScope, id: number) {
  const row = await selectConnectors(db)
    .where('c.company_id', 'in', scopedCompanyIds(scope))
    .where('c.id', '=', id)
    .executeTakeFirst();
  return row && normalized(row);
}

/** The delivery job's read: the connector it delivers for, whatever its company. */
export async function connectorById(db: DbOrTx, id: number) {
  const row = await selectConnectors(db).where('c.id', '=', id).executeTakeFirst();
  return row && normalized(row);
}

/** Whether the owning company has another connector of this name (any case). */
export async function nameTaken(db: DbOrTx, scope: CompanyScope, name: string, exceptId?: number) {
  let query = db
    .selectFrom('iot_connector')
    .select('id')
    .where('company_id', '=', owningCompany(scope))
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** A new connector owes the telemetry stored from now on: its cursor starts at the last row. */
export async function insertConnector(
  db: DbOrTx,
  scope: CompanyScope,
  values: ConnectorValues,
  createdBy: number,
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto('iot_connector')
    .values({
      company_id: owningCompany(scope),
      name: values.name,
      kind: values.kind,
      application_url: values.applicationUrl,
      id_scope: values.idScope,
      template: values.template,
      interface_id: values.interfaceId,
      token_name: values.tokenName,
      token_sealed: values.tokenSealed,
      token_mask: values.tokenMask,
      last_telemetry_id: sql<number>`(select coalesce(max(id), 0) from device_telemetry)`,
      created_by: createdBy,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateConnector(
  db: DbOrTx,
  scope: CompanyScope,
  id: number,
  values: ConnectorValues,
  now: Date,
): Promise<void> {
  await db
    .updateTable('iot_connector')
    .set({
      name: values.name,
      kind: values.kind,
      application_url: values.applicationUrl,
      id_scope: values.idScope,
      template: values.template,
      interface_id: values.interfaceId,
      token_name: values.tokenName,
      token_sealed: values.tokenSealed,
      token_mask: values.tokenMask,
      updated_at: now,
    })
    .where('company_id', '=', owningCompany(scope))
    .where('id', '=', id)
    .execute();
}

export async function deleteConnector(db: DbOrTx, scope: CompanyScope, id: number): Promise<void> {
  await db
    .deleteFrom('iot_connector')
    .where('company_id', '=', owningCompany(scope))
    .where('id', '=', id)
    .execute();
}

export async function connectorRouters(db: DbOrTx, scope: CompanyScope, connectorId: number) {
  const rows = await db
    .selectFrom('iot_connector_router as r')
    .innerJoin('device as d', (j) => j.onRef('d.sn', '=', 'r.sn').onRef('d.company_id', '=', 'r.company_id'))
    .select(['d.sn', 'd.name', 'd.model', 'd.online'])
    .where('r.company_id', 'in', scopedCompanyIds(scope))
    .where('r.connector_id', '=', connectorId)
    .orderBy('r.bound_at')
    .orderBy('d.sn')
    .execute();
  return rows.map((r) => ({ sn: r.sn, name: r.name ?? r.sn, model: r.model ?? null, online: !!r.online }));
}

/** Of these SNs, the ones that are routers of the owning company. */
export async function ownDevices(db: DbOrTx, scope: CompanyScope, sns: readonly string[]) {
  const rows = await db
    .selectFrom('device')
    .select('sn')
    .where('company_id', '=', owningCompany(owningScope(scope)))
    .where('sn', 'in', [...sns])
    .execute();
  return new Set(rows.map((r) => r.sn));
}

/** The connector each of these SNs is bound to now. */
export async function bindings(db: DbOrTx, sns: readonly string[]) {
  const rows = await db
    .selectFrom('iot_connector_router')
    .select(['sn', 'connector_id'])
    .where('sn', 'in', [...sns])
    .execute();
  return new Map(rows.map((r) => [r.sn, Number(r.connector_id)]));
}

export async function bindRouters(
  db: DbOrTx,
  scope: CompanyScope,
  connectorId: number,
  sns: readonly string[],
  now: Date,
) {
  if (sns.length === 0) return;
  await db
    .insertInto('iot_connector_router')
    .values(
      sns.map((sn) => ({ sn, connector_id: connectorId, company_id: owningCompany(scope), bound_at: now })),
    )
    .onConflict((oc) => oc.column('sn').doNothing())
    .execute();
}

export async function unbindRouters(
  db: DbOrTx,
  scope: CompanyScope,
  connectorId: number,
  sns: readonly string[],
) {
  await db
    .deleteFrom('iot_connector_router')
    .where('company_id', '=', owningCompany(scope))
    .where('connector_id', '=', connectorId)
    .where('sn', 'in', [...sns])
    .execute();
}

/** Locks the connector's row for a change of its routers (two binds never pass the limit together). */
export async function lockConnector(db: DbOrTx, scope: CompanyScope, id: number) {
  return db
    .selectFrom('iot_connector')
    .select('id')
    .where('company_id', '=', owningCompany(scope))
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

// ---- delivery (the job's side) ----

/** Telemetry of the connector's routers after its cursor, oldest first. */
export async function telemetryAfter(db: DbOrTx, connector: StoredConnector, limit: number) {
  const rows = await db
    .selectFrom('device_telemetry as t')
    .innerJoin('iot_connector_router as r', (j) =>
      j.onRef('r.sn', '=', 't.sn').onRef('r.company_id', '=', 't.company_id'),
    )
    .select(['t.id', 't.sn', 't.at', 't.data'])
    .where('r.connector_id', '=', connector.id)
    .where('t.company_id', '=', connector.companyId)
    .where('t.id', '>', connector.lastTelemetryId)
    .orderBy('t.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), sn: r.sn, at: r.at, data: r.data }));
}

/** Connectors with routers whose telemetry is newer than their cursor (the dispatcher's list). */
export async function connectorsBehind(db: DbOrTx): Promise<number[]> {
  const { rows } = await sql<{ id: string | number }>`
    select c.id from iot_connector c
     where exists (
       select 1 from iot_connector_router r
         join device_telemetry t on t.sn = r.sn and t.company_id = r.company_id
        where r.connector_id = c.id and t.id > c.last_telemetry_id)
     order by c.id`.execute(db);
  return rows.map((r) => Number(r.id));
}

/** A batch delivered: the cursor moves past it (never backwards) and the failure clears. */
export async function markDelivered(db: DbOrTx, id: number, lastId: number, count: number, now: Date) {
  await db
    .updateTable('iot_connector')
    .set((eb) => ({
      last_telemetry_id: sql<number>`greatest(last_telemetry_id, ${lastId})`,
      delivered: eb('delivered', '+', count),
      last_delivered_at: now,
      failing_since: null,
      last_error: null,
    }))
    .where('id', '=', id)
    .execute();
}

/** Nothing of the batch is owed any more (its routers left): the cursor moves on without a POST. */
export async function skipTo(db: DbOrTx, id: number, lastId: number) {
  await db
    .updateTable('iot_connector')
    .set({ last_telemetry_id: sql<number>`greatest(last_telemetry_id, ${lastId})` })
    .where('id', '=', id)
    .execute();
}

export async function markFailing(db: DbOrTx, id: number, error: string, now: Date) {
  await db
    .updateTable('iot_connector')
    .set({ failing_since: sql<Date>`coalesce(failing_since, ${now})`, last_error: error.slice(0, 300) })
    .where('id', '=', id)
    .execute();
}

export async function setJob(db: DbOrTx, id: number, jobId: number) {
  await db.updateTable('iot_connector').set({ job_id: jobId }).where('id', '=', id).execute();
}
