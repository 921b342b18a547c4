import {
  ErrorCode,
  type LocationMethod,
  type Page,
  type PointTablePoint,
  type Product,
  type ProductControl,
  type ProductParameter,
  type ProductSummary,
  type ReportGroup,
  type SimpleProduct,
} from '@fleetport/contract';
import { sql } from 'kysely';
import { type CompanyScope, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import { containsPattern } from '../../platform/db/like.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';

/** SQL of products: one row each, its report groups, parameters, tags and controls as JSON columns. */

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const ms = (value: Date | string) => new Date(value).getTime();

function base(db: DbOrTx, scope: CompanyScope) {
  return db
    .selectFrom('product as p')
    .innerJoin('point_table as t', 't.id', 'p.point_table_id')
    .where('p.company_id', 'in', scopedCompanyIds(scope))
    .select([
      'p.id',
      'p.name',
      'p.type',
      'p.state',
      'p.point_table_id',
      't.name as point_table_name',
      't.protocol',
      'p.logo_file_id',
      'p.southbound_app',
      'p.created_at',
      'p.updated_at',
      sql<string>`(select count(*) from endpoint e where e.product_id = p.id)`.as('endpoint_count'),
    ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>;

function summary(row: SummaryRow): ProductSummary {
  return {
    modelId: Number(row.id),
    name: row.name,
    type: row.type,
    protocol: row.protocol,
    state: row.state,
    pointTableId: Number(row.point_table_id),
    pointTableName: row.point_table_name,
    logoFileId: row.logo_file_id === null ? null : Number(row.logo_file_id),
    southboundApp: row.southbound_app,
    endpointCount: Number(row.endpoint_count),
    createdAt: ms(row.created_at),
    updatedAt: ms(row.updated_at),
  };
}

export async function listProducts(
  db: DbOrTx,
  scope: CompanyScope,
  query: { pageNum: number; pageSize: number; published?: 0 | 1 | undefined; name?: string | undefined },
): Promise<Page<ProductSummary>> {
  let q = base(db, scope);
  if (query.published === 1) q = q.where('p.state', '=', 'enabled');
  if (query.name) q = q.where('p.name', 'ilike', containsPattern(query.name));
  const [rows, count] = await Promise.all([
    q
      .orderBy(sql`lower(p.name)`)
      .orderBy('p.id')
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize)
      .execute(),
    q
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(summary), total: Number(count.n) };
}

export async function listSimpleProducts(
  db: DbOrTx,
  scope: CompanyScope,
  published: 0 | 1 | undefined,
): Promise<SimpleProduct[]> {
  let q = base(db, scope);
  if (published === 1) q = q.where('p.state', '=', 'enabled');
  const rows = await q.orderBy(sql`lower(p.name)`).orderBy('p.id').execute();
  return rows.map((r) => ({ modelId: Number(r.id), name: r.name, state: r.state, protocol: r.protocol }));
}

/** A product with what it was built from: its copied points too, for the service's checks. */
export interface StoredProduct extends Product {
  points: PointTablePoint[];
}

/** The product of the scope; 800004 when there is none. */
export async function findProduct(db: DbOrTx, scope: CompanyScope, id: number): Promise<StoredProduct> {
  const row = await base(db, scope)
    .select([
      'p.points',
      'p.report_groups',
      'p.parameters',
      'p.parameters_saved',
      'p.tags',
      'p.location_methods',
      'p.controls',
      'p.enabled_at',
    ])
    .where('p.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError(ErrorCode.PRODUCT_NOT_FOUND);
  return {
    ...summary(row),
    points: json<PointTablePoint[]>(row.points),
    reportGroups: json<ReportGroup[]>(row.report_groups),
    parameters: json<ProductParameter[]>(row.parameters),
    parametersSaved: row.parameters_saved,
    tags: json<string[]>(row.tags),
    locationMethods: json<LocationMethod[]>(row.location_methods),
    controls: json<ProductControl[]>(row.controls),
    enabledAt: row.enabled_at ? ms(row.enabled_at) : null,
  };
}

/** Another product of the company with the name, in any case (800005). */
export async function productNamed(
  db: DbOrTx,
  scope: CompanyScope,
  name: string,
  except?: number,
): Promise<boolean> {
  let q = db
    .selectFrom('product')
    .select('id')
    .where('company_id', '=', owningCompany(scope))
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (except !== undefined) q = q.where('id', '<>', except);
  return !!(await q.executeTakeFirst());
}

export interface ProductRowValues {
  name: string;
  logoFileId: number | null;
  type: Product['type'];
  southboundApp: string;
  points: PointTablePoint[];
  reportGroups: ReportGroup[];
  parameters: ProductParameter[];
  parametersSaved: boolean;
  tags: string[];
  locationMethods: LocationMethod[];
  controls: ProductControl[];
}

function columns(v: ProductRowValues) {
  return {
    name: v.name,
    logo_file_id: v.logoFileId,
    type: v.type,
    southbound_app: v.southboundApp,
    points: JSON.stringify(v.points),
    report_groups: JSON.stringify(v.reportGroups),
    parameters: JSON.stringify(v.parameters),
    parameters_saved: v.parametersSaved,
    tags: JSON.stringify(v.tags),
    location_methods: JSON.stringify(v.locationMethods),
    controls: JSON.stringify(v.controls),
  };
}

export async function insertProduct(
  db: DbOrTx,
  scope: CompanyScope,
  pointTableId: number,
  values: ProductRowValues,
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto('product')
    .values({
      company_id: owningCompany(scope),
      point_table_id: pointTableId,
      ...columns(values),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateProduct(
  db: DbOrTx,
  scope: CompanyScope,
  id: number,
  values: ProductRowValues,
  now: Date,
): Promise<void> {
  await db
    .updateTable('product')
    .set({ ...columns(values), updated_at: now })
    .where('company_id', '=', owningCompany(scope))
    .where('id', '=', id)
    .execute();
}

/** Not enabled → enabled, once: an enabled product is left as it is. */
export async function markProductEnabled(db: DbOrTx, scope: CompanyScope, id: number, now: Date) {
  await db
    .updateTable('product')
    .set({ state: 'enabled', enabled_at: now, updated_at: now })
    .where('company_id', '=', owningCompany(scope))
    .where('id', '=', id)
    .where('state', '=', 'notEnabled')
    .execute();
}

/** Removes a product without endpoints; answers whether it did (an endpoint added meanwhile keeps it). */
export async function deleteProduct(db: DbOrTx, scope: CompanyScope, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('product')
    .where('company_id', '=', owningCompany(scope))
    .where('id', '=', id)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('endpoint').select('endpoint.id').whereRef('endpoint.product_id', '=', 'product.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
