import {
  DEVICE_LIST_COUNT_CAP,
  type DeviceListQuery,
  type DeviceRow,
  ErrorCode,
  LICENCE_LEVELS,
  UNGROUPED,
} from '@fleetport/contract';
import { type ExpressionBuilder, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { type CompanyScope, scopedCompanyIds } from '../../platform/auth/actor.ts';
import { containsPattern } from '../../platform/db/like.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';

/** SQL of the all-devices list: filters, trigram search, sorting and paging, always within the caller's companies. */

/** The expression the trigram index of migration 0030 covers; a search must use exactly this text. */
const SEARCH_TEXT = sql<string>`(device.sn || ' ' || device.name || ' ' || coalesce(device.mac, '') || ' ' || coalesce(device.imei, '') || ' ' || coalesce(device.ip, ''))`;

const SORT_COLUMNS = {
  sn: 'device.sn',
  name: 'device.name',
  model: 'device.model',
  series: 'device.series',
  firmwareVersion: 'device.firmware_version',
  lastSeenAt: 'device.last_seen_at',
  online: 'device.online',
} as const;

/**
 * Sort columns that may hold NULL. The others are NOT NULL, so their order says nothing about nulls:
 * `name asc nulls first` is the same order as `name asc`, but only the latter can walk
 * `device_company_name_idx` (an index's nulls come last ascending), and a filtered page sorted by
 * name then reads a hundred index entries instead of sorting every match (11 ms to 0.9 ms for
 * "online + model, page 5" at 100,000 devices on PGlite).
 */
const NULLABLE_SORTS = new Set<DeviceListQuery['sortField']>(['firmwareVersion', 'lastSeenAt']);

/** Query fields that narrow the list (paging and sorting do not). */
const LIST_FILTERS = new Set([
  'search',
  'online',
  'model',
  'series',
  'groupId',
  'tagId',
  'firmwareVersion',
  'appVersion',
  'licenceLevel',
  'activeLink',
]);

type DeviceQuery = SelectQueryBuilder<Database, 'device', object>;

export function applyDeviceFilters(
  query: DeviceQuery,
  scope: CompanyScope,
  f: Partial<DeviceListQuery>,
): DeviceQuery {
  let q = query.where('device.company_id', 'in', scopedCompanyIds(scope));
  if (f.search) q = q.where(sql<boolean>`${SEARCH_TEXT} ilike ${containsPattern(f.search)}`);
  if (f.online) q = q.where('device.online', '=', f.online === 'online');
  if (f.model) q = q.where('device.model', '=', f.model);
  if (f.series) q = q.where('device.series', '=', f.series);
  if (f.groupId !== undefined)
    q =
      f.groupId === UNGROUPED
        ? q.where('device.group_id', 'is', null)
        : q.where('device.group_id', '=', f.groupId);
  if (f.firmwareVersion) q = q.where('device.firmware_version', '=', f.firmwareVersion);
  if (f.appVersion) q = q.where('device.app_version', '=', f.appVersion);
  if (f.licenceLevel) q = q.where('device.licence_level', '=', f.licenceLevel);
  if (f.activeLink) q = q.where('device.active_link', '=', f.activeLink);
  if (f.tagId) {
    const tagId = f.tagId;
    q = q.where((eb: ExpressionBuilder<Database, 'device'>) =>
      eb.exists(
        eb
          .selectFrom('device_tag_link')
          .select('device_tag_link.sn')
          .whereRef('device_tag_link.sn', '=', 'device.sn')
          .where('device_tag_link.tag_id', '=', tagId),
      ),
    );
  }
  return q;
}

const ROW_COLUMNS = [
  'device.sn',
  'device.name',
  'device.description',
  'device.model',
  'device.series',
  'device.firmware_version',
  'device.app_version',
  'device.group_id',
  'device.licence_level',
  'device.mac',
  'device.imei',
  'device.iccid',
  'device.imsi',
  'device.ssid',
  'device.ip',
  'device.router_id',
  'device.network_env',
  'device.connection_type',
  'device.active_link',
  'device.sim_count',
  'device.online',
  'device.secret_hash',
  'device.last_seen_at',
  'device.created_at',
] as const;

/** The device's tag names in the order the tags page shows them, read with the row (no query per page). */
const TAG_NAMES = sql<string[]>`coalesce((select array_agg(device_tag.name order by lower(device_tag.name))
  from device_tag_link join device_tag on device_tag.id = device_tag_link.tag_id
  where device_tag_link.sn = device.sn), '{}')`;

/** Changed on the device itself, not yet kept or undone (device-config's drift): one key lookup per row. */
const CONFIG_DRIFTED = sql<boolean>`exists (select 1 from device_config_drift where device_config_drift.sn = device.sn)`;

function selectRows(db: DbOrTx) {
  return db
    .selectFrom('device')
    .leftJoin('company_group', 'company_group.id', 'device.group_id')
    .select([
      ...ROW_COLUMNS,
      'company_group.name as group_name',
      TAG_NAMES.as('tags'),
      CONFIG_DRIFTED.as('config_drifted'),
    ]);
}

type RawRow = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];
/** A row as selected, or as `json_agg` hands it over (timestamps as ISO text). */
type AnyRow = Omit<RawRow, 'last_seen_at' | 'created_at'> & {
  last_seen_at: Date | string | null;
  created_at: Date | string;
};

function toDeviceRow(r: AnyRow): DeviceRow {
  const level = LICENCE_LEVELS.find((l) => l === r.licence_level) ?? 'BASE';
  return {
    sn: r.sn,
    name: r.name,
    description: r.description,
    model: r.model,
    series: r.series,
    modelType: 'DIRECT',
    firmwareVersion: r.firmware_version,
    appVersion: r.app_version,
    groupId: r.group_id === null ? null : Number(r.group_id),
    groupName: r.group_name ?? null,
    tags: r.tags,
    licenceLevel: level,
    mac: r.mac,
    imei: r.imei,
    iccid: r.iccid,
    imsi: r.imsi,
    ssid: r.ssid,
    ip: r.ip,
    routerId: r.router_id,
    networkEnv: r.network_env,
    connectionType: r.connection_type,
    activeLink: r.active_link,
    simCount: r.sim_count,
    online: r.online,
    // Console-added devices carry no secret until they claim one.
    registered: r.secret_hash !== '',
    lastSeenAt: r.last_seen_at ? new Date(r.last_seen_at).getTime() : null,
    createdAt: new Date(r.created_at).getTime(),
    configDrifted: r.config_drifted === true,
  };
}

/** Tag names per device, for the devices of one page only. */
export async function tagsOfDevices(db: DbOrTx, sns: readonly string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (sns.length === 0) return map;
  const rows = await db
    .selectFrom('device_tag_link')
    .innerJoin('device_tag', 'device_tag.id', 'device_tag_link.tag_id')
    .select(['device_tag_link.sn', 'device_tag.name'])
    .where('device_tag_link.sn', 'in', [...sns])
    .orderBy(sql`lower(device_tag.name)`)
    .execute();
  for (const r of rows) map.set(r.sn, [...(map.get(r.sn) ?? []), r.name]);
  return map;
}

type Sort = Pick<DeviceListQuery, 'sortField' | 'sortOrder'>;

/** `column` in the list's order: a NULL (never seen, no firmware) ranks lowest, last when descending. */
function direction(column: ReturnType<typeof sql.ref>, { sortField, sortOrder }: Sort) {
  if (!NULLABLE_SORTS.has(sortField)) return sortOrder === 'desc' ? sql`${column} desc` : sql`${column} asc`;
  return sortOrder === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls first`;
}

const sortColumn = (f: Sort) => SORT_COLUMNS[f.sortField].slice('device.'.length);

/** The list's order over `table` (device, or a derived table with the same column names). */
function orderOf(table: string, f: Sort) {
  const sn = sql.ref(`${table}.sn`);
  return sql`${direction(sql.ref(`${table}.${sortColumn(f)}`), f)}, ${f.sortOrder === 'desc' ? sql`${sn} desc` : sql`${sn} asc`}`;
}

/** A page's SNs, in list order. */
type PageSn = { page_sn: string };

/** The page's window of an ordered query. */
const windowOf = (f: DeviceListQuery) => sql`limit ${f.pageSize} offset ${(f.pageNum - 1) * f.pageSize}`;

/**
 * One page of rows as a single JSON value: PGlite hands over each field of each row separately, and
 * 20 rows of 28 fields cost more than building and parsing one array. `page` picks the page's SNs
 * (`page_sn`) from narrow columns first, and only those rows are widened with group and tags:
 * joining first made the sort carry every match at full width.
 */
function pageJson(db: DbOrTx, page: RawBuilder<PageSn>, f: Sort) {
  const rows = selectRows(db).innerJoin(page.as('page'), 'page.page_sn', 'device.sn');
  return db
    .selectFrom(rows.as('r'))
    .select(sql<AnyRow[]>`coalesce(json_agg(r order by ${orderOf('r', f)}), '[]')`.as('rows'));
}

/** The page walked in list order over the devices `keys` selects (the sort index, when it fits). */
function pageInOrder(keys: DeviceQuery, f: DeviceListQuery) {
  return sql<PageSn>`(${keys.select('device.sn as page_sn')} order by ${orderOf('device', f)} ${windowOf(f)})`;
}

/** The whole fleet's total, kept by triggers per company (migration 0031): the scope's companies summed. */
const fleetTotal = (scope: CompanyScope) =>
  sql<string>`(select coalesce(sum(total), 0) from device_count where company_id in (${sql.join(scopedCompanyIds(scope))}))`;

export async function listDevices(db: DbOrTx, scope: CompanyScope, f: DeviceListQuery) {
  const filtered = Object.entries(f).some(
    ([key, value]) => LIST_FILTERS.has(key) && value !== undefined && value !== '',
  );
  if (!filtered) {
    const fleet = db
      .selectFrom('device')
      .where('device.company_id', 'in', scopedCompanyIds(scope)) as DeviceQuery;
    const page = await pageJson(db, pageInOrder(fleet, f), f)
      .select(fleetTotal(scope).as('total'))
      .executeTakeFirstOrThrow();
    return { list: page.rows.map(toDeviceRow), total: Number(page.total), totalCapped: false };
  }
  // One statement. The matches are read once (`m`, with their sort column), stopping one past the
  // count cap, so the count reads at most DEVICE_LIST_COUNT_CAP + 1 rows, not the fleet. When they
  // are all known the page is sorted from `m` alone, without reading devices again: a search's
  // trigram scan runs once, and a rare match is never hunted for by walking the fleet in sort order
  // (the planner guessed 1,010 devices for "10.3.17."; 49 matched). Past the cap the page walks the
  // sort index with the filters. Each arm of the CASE is an init plan, run only when taken. (Sending
  // the SNs to Node and back as a parameter cost a statement and up to 1,000 strings each way.)
  const filters = applyDeviceFilters(db.selectFrom('device') as DeviceQuery, scope, f);
  const column = sortColumn(f);
  const matching = filters
    .select(column === 'sn' ? ['device.sn'] : ['device.sn', sql.ref(`device.${column}`).as(column)])
    .limit(DEVICE_LIST_COUNT_CAP + 1);
  const fromMatches = sql<PageSn>`(select m.sn as page_sn from m order by ${orderOf('m', f)} ${windowOf(f)})`;
  const found = await db
    .with('m', () => matching)
    .selectFrom(sql<{ count: string }>`(select count(*) as count from m)`.as('c'))
    .select([
      'c.count',
      sql<AnyRow[]>`case when c.count > ${DEVICE_LIST_COUNT_CAP}
        then (${pageJson(db, pageInOrder(filters, f), f)})
        else (${pageJson(db, fromMatches, f)}) end`.as('rows'),
    ])
    .executeTakeFirstOrThrow();
  const total = Number(found.count);
  const list = found.rows.map(toDeviceRow);
  if (total > DEVICE_LIST_COUNT_CAP) return { list, total: DEVICE_LIST_COUNT_CAP, totalCapped: true };
  return { list, total, totalCapped: false };
}

/** The filter of the list without paging (an export's), in the list's order. */
type ListFilter = Omit<DeviceListQuery, 'pageNum' | 'pageSize'>;

/** How many devices the list's filter matches, counting no further than `limit`. */
export async function countMatchingDevices(
  db: DbOrTx,
  scope: CompanyScope,
  f: ListFilter,
  limit: number,
): Promise<number> {
  const matching = applyDeviceFilters(db.selectFrom('device') as DeviceQuery, scope, f)
    .select('device.sn')
    .limit(limit);
  const found = await db
    .selectFrom(matching.as('m'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(found.n);
}

/** `limit` rows of the list's filter from `offset`, in the list's order: what a device export writes. */
export async function matchingDevicesInOrder(
  db: DbOrTx,
  scope: CompanyScope,
  f: ListFilter,
  offset: number,
  limit: number,
): Promise<DeviceRow[]> {
  const filters = applyDeviceFilters(db.selectFrom('device') as DeviceQuery, scope, f);
  const page = sql<PageSn>`(${filters.select('device.sn as page_sn')} order by ${orderOf('device', f)} limit ${limit} offset ${offset})`;
  const found = await pageJson(db, page, f).executeTakeFirstOrThrow();
  return found.rows.map(toDeviceRow);
}

export async function findCompanyDevices(
  db: DbOrTx,
  scope: CompanyScope,
  sns: readonly string[],
): Promise<DeviceRow[]> {
  if (sns.length === 0) return [];
  const rows = await selectRows(db)
    .where('device.company_id', 'in', scopedCompanyIds(scope))
    .where('device.sn', 'in', [...sns])
    .execute();
  return rows.map(toDeviceRow);
}

/** One device of the scope, or 120002 as if it did not exist (another company's device is not shown). */
export async function getCompanyDevice(db: DbOrTx, scope: CompanyScope, sn: string): Promise<DeviceRow> {
  const [row] = await findCompanyDevices(db, scope, [sn]);
  if (!row) throw new AppError(ErrorCode.DEVICE_NOT_FOUND, sn);
  return row;
}
