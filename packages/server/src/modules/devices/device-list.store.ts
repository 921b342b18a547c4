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

function selectRows(db: DbOrTx) {
  return db
    .selectFrom('device')
    .leftJoin('company_group', 'company_group.id', 'device.group_id')
    .select([...ROW_COLUMNS, 'company_group.name as group_name']);
}

type RawRow = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

function toDeviceRow(r: RawRow, tags: string[]): DeviceRow {
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
    tags,
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
    lastSeenAt: r.last_seen_at ? r.last_seen_at.getTime() : null,
    createdAt: r.created_at.getTime(),
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

async function withTags(db: DbOrTx, rows: RawRow[]): Promise<DeviceRow[]> {
  const tags = await tagsOfDevices(
    db,
    rows.map((r) => r.sn),
  );
  return rows.map((r) => toDeviceRow(r, tags.get(r.sn) ?? []));
}

export async function listDevices(db: DbOrTx, companyId: number, f: DeviceListQuery) {
  const column = SORT_COLUMNS[f.sortField];
  const direction = f.sortOrder;
  const rowsQuery = applyDeviceFilters(selectRows(db) as unknown as DeviceQuery, companyId, f)
    .orderBy(sql.ref(column), (ob) => (direction === 'desc' ? ob.desc().nullsLast() : ob.asc().nullsFirst()))
    .orderBy('device.sn', direction)
    .limit(f.pageSize)
    .offset((f.pageNum - 1) * f.pageSize) as unknown as ReturnType<typeof selectRows>;
  // The whole fleet's total is kept by triggers; a filtered count stops one past the cap, so it reads
  // at most DEVICE_LIST_COUNT_CAP + 1 rows, not the fleet.
  const filtered = Object.entries(f).some(
    ([key, value]) => LIST_FILTERS.has(key) && value !== undefined && value !== '',
  );
  const matching = applyDeviceFilters(db.selectFrom('device') as DeviceQuery, companyId, f)
    .select(sql<number>`1`.as('one'))
    .limit(DEVICE_LIST_COUNT_CAP + 1);
  const countQuery = filtered
    ? db.selectFrom(matching.as('m')).select((eb) => eb.fn.countAll<string>().as('count'))
    : db
        .selectFrom('device_count')
        .select(sql<string>`coalesce(max(total), 0)`.as('count'))
        .where('company_id', '=', companyId);
  const [rows, count] = await Promise.all([rowsQuery.execute(), countQuery.executeTakeFirstOrThrow()]);
  const total = Number(count.count);
  if (!filtered) return { list: await withTags(db, rows), total, totalCapped: false };
  return {
    list: await withTags(db, rows),
    total: Math.min(total, DEVICE_LIST_COUNT_CAP),
    totalCapped: total > DEVICE_LIST_COUNT_CAP,
  };
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
  return withTags(db, rows);
}

/** One device of the company, or 120002 as if it did not exist (another company's device is not shown). */
export async function getCompanyDevice(db: DbOrTx, companyId: number, sn: string): Promise<DeviceRow> {
  const [row] = await findCompanyDevices(db, companyId, [sn]);
  if (!row) throw new AppError(ErrorCode.DEVICE_NOT_FOUND, sn);
  return row;
}
