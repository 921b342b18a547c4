import {
  DEVICE_LIST_COUNT_CAP,
  type DeviceListQuery,
  type DeviceRow,
  ErrorCode,
  LICENCE_LEVELS,
  UNGROUPED,
} from '@fleetport/contract';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { DbOrTx } from '../../platform/db/open.ts';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';

/** SQL of the all-devices list: filters, trigram search, sorting and paging, always within one company. */

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

/** `%` and `_` typed by a user are literal characters, not patterns. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

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
  companyId: number,
  f: Partial<DeviceListQuery>,
): DeviceQuery {
  let q = query.where('device.company_id', '=', companyId);
  if (f.search) q = q.where(sql<boolean>`${SEARCH_TEXT} ilike ${likePattern(f.search)}`);
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

function selectRows(db: DbOrTx) {
  return db
    .selectFrom('device')
    .leftJoin('company_group', 'company_group.id', 'device.group_id')
    .select([...ROW_COLUMNS, 'company_group.name as group_name', TAG_NAMES.as('tags')]);
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

/** The list's order: the chosen column, then the SN so pages never overlap. */
function ordered<Q>(query: Q, { sortField, sortOrder }: Sort): Q {
  const q = query as unknown as DeviceQuery;
  return q
    .orderBy(sql.ref(SORT_COLUMNS[sortField]), (ob) =>
      sortOrder === 'desc' ? ob.desc().nullsLast() : ob.asc().nullsFirst(),
    )
    .orderBy('device.sn', sortOrder) as unknown as Q;
}

/**
 * One page of rows as a single JSON value: PGlite hands over each field of each row separately, and
 * 20 rows of 28 fields cost more than building and parsing one array. The page's SNs are picked from
 * the narrow columns first and only those rows are widened with group and tags: joining first made
 * the sort carry every match at full width (10,000 rows for a model filter). `among`, when given,
 * holds every match already found, so the page is sorted from those alone (the filters still apply).
 */
function pageQuery(db: DbOrTx, companyId: number, f: DeviceListQuery, among: readonly string[] | null) {
  let keys = applyDeviceFilters(db.selectFrom('device') as DeviceQuery, companyId, f);
  if (among) keys = keys.where(sql<boolean>`device.sn = any(${[...among]}::text[])`);
  const page = ordered(keys.select('device.sn as page_sn'), f)
    .limit(f.pageSize)
    .offset((f.pageNum - 1) * f.pageSize);
  const rows = selectRows(db).innerJoin(page.as('page'), 'page.page_sn', 'device.sn');
  const column = sql.ref(`r.${SORT_COLUMNS[f.sortField].slice('device.'.length)}`);
  const order =
    f.sortOrder === 'desc'
      ? sql`${column} desc nulls last, r.sn desc`
      : sql`${column} asc nulls first, r.sn asc`;
  return db
    .selectFrom(rows.as('r'))
    .select(sql<AnyRow[]>`coalesce(json_agg(r order by ${order}), '[]')`.as('rows'));
}

async function pageRows(db: DbOrTx, companyId: number, f: DeviceListQuery, among: readonly string[] | null) {
  const { rows } = await pageQuery(db, companyId, f, among).executeTakeFirstOrThrow();
  return rows.map(toDeviceRow);
}

/** The whole fleet's total, kept by triggers (migration 0031). */
const fleetTotal = (companyId: number) =>
  sql<string>`(select coalesce(max(total), 0) from device_count where company_id = ${companyId})`;

export async function listDevices(db: DbOrTx, companyId: number, f: DeviceListQuery) {
  const filtered = Object.entries(f).some(
    ([key, value]) => LIST_FILTERS.has(key) && value !== undefined && value !== '',
  );
  if (!filtered) {
    const page = await pageQuery(db, companyId, f, null)
      .select(fleetTotal(companyId).as('total'))
      .executeTakeFirstOrThrow();
    return { list: page.rows.map(toDeviceRow), total: Number(page.total), totalCapped: false };
  }
  // A filtered count stops one past the cap, so it reads at most DEVICE_LIST_COUNT_CAP + 1 rows, not the
  // fleet. The same pass hands back the matches when they are all known, and the page is sorted from
  // them: a search's trigram scan runs once per call, and a rare match is never hunted for by walking
  // the fleet in sort order (the planner guessed 1,010 devices for "10.3.17."; 49 matched).
  const matching = applyDeviceFilters(db.selectFrom('device') as DeviceQuery, companyId, f)
    .select('device.sn')
    .limit(DEVICE_LIST_COUNT_CAP + 1);
  const found = await db
    .selectFrom(matching.as('m'))
    .select((eb) => [
      eb.fn.countAll<string>().as('count'),
      sql<string[] | null>`case when count(*) <= ${DEVICE_LIST_COUNT_CAP} then array_agg(m.sn) end`.as('sns'),
    ])
    .executeTakeFirstOrThrow();
  const total = Number(found.count);
  if (total > DEVICE_LIST_COUNT_CAP) {
    const list = await pageRows(db, companyId, f, null);
    return { list, total: DEVICE_LIST_COUNT_CAP, totalCapped: true };
  }
  const pastTheEnd = (f.pageNum - 1) * f.pageSize >= total;
  const list = pastTheEnd ? [] : await pageRows(db, companyId, f, found.sns ?? []);
  return { list, total, totalCapped: false };
}

export async function findCompanyDevices(
  db: DbOrTx,
  companyId: number,
  sns: readonly string[],
): Promise<DeviceRow[]> {
  if (sns.length === 0) return [];
  const rows = await selectRows(db)
    .where('device.company_id', '=', companyId)
    .where('device.sn', 'in', [...sns])
    .execute();
  return rows.map(toDeviceRow);
}

/** One device of the company, or 120002 as if it did not exist (another company's device is not shown). */
export async function getCompanyDevice(db: DbOrTx, companyId: number, sn: string): Promise<DeviceRow> {
  const [row] = await findCompanyDevices(db, companyId, [sn]);
  if (!row) throw new AppError(ErrorCode.DEVICE_NOT_FOUND, sn);
  return row;
}
