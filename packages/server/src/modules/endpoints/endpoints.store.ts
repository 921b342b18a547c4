import {
  type Endpoint,
  type EndpointState,
  ErrorCode,
  type Page,
  type PointConnectionType,
} from '@fleetport/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import { type CompanyScope, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import { containsPattern } from '../../platform/db/like.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * SQL of endpoints. The state is read with the gateway's presence: a gateway that is offline (or no
 * longer the company's) makes its endpoints `gatewayOffline`, whatever they last reported. What the
 * gateway reported is `endpoint_state` (point-tables' ingestion of the up kind `endpoint`), joined by
 * the company, the gateway's SN and the endpoint ID.
 */

const ms = (value: Date | string) => new Date(value).getTime();

/**
 * The state column, as SQL: the gateway's presence first, then the endpoint's own report (a sample
 * before any presence change counts as online: the gateway sends presence only when it changes).
 */
const STATE = sql<EndpointState>`case when coalesce(d.online, false) = false then 'gatewayOffline'
  when coalesce(es.online, es.sample_at is not null) then 'online' else 'offline' end`;
/** When the gateway last reported the endpoint: its newest sample or presence change. */
const LAST_REPORT = sql<Date | null>`greatest(es.sample_at, es.presence_at)`;

function base(db: DbOrTx, scope: CompanyScope) {
  return db
    .selectFrom('endpoint as e')
    .innerJoin('product as p', 'p.id', 'e.product_id')
    .leftJoin('device as d', (join) =>
      join.onRef('d.sn', '=', 'e.gateway_sn').onRef('d.company_id', '=', 'e.company_id'),
    )
    .leftJoin('endpoint_state as es', (join) =>
      join
        .onRef('es.company_id', '=', 'e.company_id')
        .onRef('es.sn', '=', 'e.gateway_sn')
        .onRef('es.endpoint_id', '=', 'e.endpoint_id'),
    )
    .where('e.company_id', 'in', scopedCompanyIds(scope))
    .select([
      'e.id',
      'e.endpoint_id',
      'e.name',
      'e.description',
      'e.product_id',
      'p.name as product_name',
      'e.group_id',
      'e.gateway_sn',
      'd.name as gateway_name',
      'e.connection_method',
      'e.target_version',
      LAST_REPORT.as('last_report_at'),
      'e.created_at',
      'e.updated_at',
      STATE.as('state'),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>;

function endpoint(row: Row): Endpoint {
  return {
    thingId: Number(row.id),
    endpointId: row.endpoint_id,
    name: row.name,
    description: row.description,
    modelId: Number(row.product_id),
    productName: row.product_name,
    groupId: row.group_id === null ? null : Number(row.group_id),
    gatewaySn: row.gateway_sn,
    gatewayName: row.gateway_name ?? '',
    connectionMethod: row.connection_method,
    targetVersion: row.target_version,
    state: row.state,
    lastReportAt: row.last_report_at ? ms(row.last_report_at) : null,
    createdAt: ms(row.created_at),
    updatedAt: ms(row.updated_at),
  };
}

export async function listEndpoints(
  db: DbOrTx,
  scope: CompanyScope,
  query: {
    pageNum: number;
    pageSize: number;
    search?: string | undefined;
    modelId?: number | undefined;
    state?: EndpointState | undefined;
  },
): Promise<Page<Endpoint>> {
  let q = base(db, scope);
  if (query.search) {
    const pattern = containsPattern(query.search);
    q = q.where((eb: ExpressionBuilder<Database & { e: Database['endpoint'] }, 'e'>) =>
      eb.or([
        eb('e.endpoint_id', 'ilike', pattern),
        eb('e.name', 'ilike', pattern),
        eb('e.gateway_sn', 'ilike', pattern),
      ]),
    );
  }
  if (query.modelId !== undefined) q = q.where('e.product_id', '=', query.modelId);
  if (query.state !== undefined) q = q.where(STATE, '=', query.state);
  const [rows, count] = await Promise.all([
    q
      .orderBy(sql`lower(e.endpoint_id)`)
      .orderBy('e.id')
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize)
      .execute(),
    q
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(endpoint), total: Number(count.n) };
}

/** The endpoint of the scope; 800003 when there is none. */
export async function findEndpoint(db: DbOrTx, scope: CompanyScope, id: number): Promise<Endpoint> {
  const row = await base(db, scope).where('e.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(ErrorCode.ENDPOINT_NOT_FOUND);
  return endpoint(row);
}

/** Which of the IDs the company has already, in any case (800001), in lower case. */
export async function takenEndpointIds(
  db: DbOrTx,
  scope: CompanyScope,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('endpoint')
    .select(sql<string>`lower(endpoint_id)`.as('id'))
    .where('company_id', '=', owningCompany(scope))
    .where(
      sql<string>`lower(endpoint_id)`,
      'in',
      ids.map((id) => id.toLowerCase()),
    )
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Another endpoint of the product behind the gateway (800020). */
export async function gatewayHasProduct(
  db: DbOrTx,
  scope: CompanyScope,
  gatewaySn: string,
  productId: number,
  except?: number,
): Promise<boolean> {
  let q = db
    .selectFrom('endpoint')
    .select('id')
    .where('company_id', '=', owningCompany(scope))
    .where('gateway_sn', '=', gatewaySn)
    .where('product_id', '=', productId);
  if (except !== undefined) q = q.where('id', '<>', except);
  return !!(await q.executeTakeFirst());
}

export interface EndpointValues {
  name: string;
  description: string;
  productId: number;
  groupId: number | null;
  gatewaySn: string;
  connectionMethod: PointConnectionType;
  targetVersion: string;
}

function columns(v: EndpointValues) {
  return {
    name: v.name,
    description: v.description,
    product_id: v.productId,
    group_id: v.groupId,
    gateway_sn: v.gatewaySn,
    connection_method: v.connectionMethod,
    target_version: v.targetVersion,
  };
}

export async function insertEndpoints(
  db: DbOrTx,
  scope: CompanyScope,
  rows: readonly (EndpointValues & { endpointId: string })[],
  now: Date,
): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('endpoint')
    .values(
      rows.map((r) => ({
        company_id: owningCompany(scope),
        endpoint_id: r.endpointId,
        ...columns(r),
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute();
  return inserted.map((r) => Number(r.id));
}

export async function updateEndpoint(
  db: DbOrTx,
  scope: CompanyScope,
  id: number,
  values: EndpointValues,
  now: Date,
): Promise<void> {
  await db
    .updateTable('endpoint')
    .set({ ...columns(values), updated_at: now })
    .where('company_id', '=', owningCompany(scope))
    .where('id', '=', id)
    .execute();
}

export async function deleteEndpoints(
  db: DbOrTx,
  scope: CompanyScope,
  ids: readonly number[],
): Promise<number> {
  const result = await db
    .deleteFrom('endpoint')
    .where('company_id', '=', owningCompany(scope))
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
