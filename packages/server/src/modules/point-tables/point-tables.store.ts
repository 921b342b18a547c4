import {
  ErrorCode,
  type Page,
  type PointTable,
  type PointTableFields,
  type PointTablePoint,
  type PointTableSummary,
} from '@fleetport/contract';
import { sql } from 'kysely';
import { type CompanyScope, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import { containsPattern } from '../../platform/db/like.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';

/** SQL of point tables: one row per table, its points a JSON array in table order. */

/** Products built from the table: one in use cannot be removed (900003). */
const PRODUCT_COUNT =
  sql<string>`(select count(*) from product where product.point_table_id = point_table.id)`.as(
    'product_count',
  );

const COLUMNS = [
  'id',
  'name',
  'protocol',
  'connection_type',
  'slave_ip',
  'slave_port',
  'slave_id',
  'updated_at',
] as const;

type Row = {
  id: number | string;
  name: string;
  protocol: PointTable['protocol'];
  connection_type: PointTable['connectionType'];
  slave_ip: string;
  slave_port: number;
  slave_id: number;
  updated_at: Date;
  product_count: string | number;
};

function fields(row: Row) {
  return {
    pointTableId: Number(row.id),
    name: row.name,
    protocol: row.protocol,
    connectionType: row.connection_type,
    slaveIp: row.slave_ip,
    slavePort: row.slave_port,
    slaveId: row.slave_id,
    productCount: Number(row.product_count),
    updatedAt: new Date(row.updated_at).getTime(),
  };
}

export async function listPointTables(
  db: DbOrTx,
  scope: CompanyScope,
  query: { pageNum: number; pageSize: number; name?: string | undefined },
): Promise<Page<PointTableSummary>> {
  let q = db.selectFrom('point_table').where('company_id', 'in', scopedCompanyIds(scope));
  if (query.name) q = q.where('name', 'ilike', containsPattern(query.name));
  const [rows, count] = await Promise.all([
    q
      .select([...COLUMNS, PRODUCT_COUNT, sql<number>`jsonb_array_length(points)`.as('point_count')])
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({ ...fields(r), pointCount: Number(r.point_count) })),
    total: Number(count.n),
  };
}

/** The table of the scope; 900002 when there is none. */
export async function findPointTable(db: DbOrTx, scope: CompanyScope, id: number): Promise<PointTable> {
  const row = await db
    .selectFrom('point_table')
    .select([...COLUMNS, PRODUCT_COUNT, 'points'])
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError(ErrorCode.POINT_TABLE_NOT_FOUND);
  const points = (typeof row.points === 'string' ? JSON.parse(row.points) : row.points) as PointTablePoint[];
  return { ...fields(row), points };
}

/** Another table of the company with the name, in any case (900001). */
export async function pointTableNamed(
  db: DbOrTx,
  scope: CompanyScope,
  name: string,
  except?: number,
): Promise<boolean> {
  let q = db
    .selectFrom('point_table')
    .select('id')
    .where('company_id', '=', owningCompany(scope))
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (except !== undefined) q = q.where('id', '<>', except);
  return !!(await q.executeTakeFirst());
}

function values(table: PointTableFields) {
  return {
    name: table.name,
    protocol: table.protocol,
    connection_type: table.connectionType,
    slave_ip: table.slaveIp,
    slave_port: table.slavePort,
    slave_id: table.slaveId,
    points: JSON.stringify(table.points),
  };
}

export async function insertPointTable(
  db: DbOrTx,
  scope: CompanyScope,
  table: PointTableFields,
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto('point_table')
    .values({ company_id: owningCompany(scope), ...values(table), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updatePointTable(
  db: DbOrTx,
  scope: CompanyScope,
  id: number,
  table: PointTableFields,
  now: Date,
): Promise<void> {
  await db
    .updateTable('point_table')
    .set({ ...values(table), updated_at: now })
    .where('company_id', '=', owningCompany(scope))
    .where('id', '=', id)
    .execute();
}

export async function deletePointTable(db: DbOrTx, scope: CompanyScope, id: number): Promise<void> {
  await db
    .deleteFrom('point_table')
    .where('company_id', '=', owningCompany(scope))
    .where('id', '=', id)
    .execute();
}
