import {
  dashboardSummaryCall,
  dataUsageSeriesCall,
  deviceLocationsCall,
  groupUnreadAlertSummaryCall,
  signalSeriesCall,
  topUsageCall,
  UNGROUPED,
} from '@fleetport/contract';
import { sql } from 'kysely';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import { readCursor, unreadBy } from '../device-notifications/device-notifications.store.ts';
import { companyOf } from '../devices/company-scope.ts';
import { checkedRange, signalSeries, topUsage, usageSeries } from './telemetry-series.ts';

/**
 * Where a device's position comes from: the status module `gps` (its receiver) or `cellLocation` (the
 * base station it is attached to), each `{latitude, longitude}`. GPS wins when both exist.
 */
const LOCATION_MODULES = { gps: 'gps', cellLocation: 'baseStation' } as const;

/** The device dashboard and the locations map (core §2 dashboard, location). */
export function deviceDashboardRoutes(deps: ModuleDeps<'clock' | 'db'>) {
  const { db, clock } = deps;
  return [
    bind(dashboardSummaryCall, async (ctx) => {
      const companyId = companyOf(ctx);
      const countBy = async (column: 'model' | 'series' | 'firmware_version') => {
        const { rows } = await sql<{ key: string | null; count: string }>`
          select ${sql.ref(column)} as key, count(*) as count from device
           where company_id = ${companyId} group by 1 order by 2 desc, 1 limit 20`.execute(db);
        return rows.map((r) => ({ key: r.key ?? '', count: Number(r.count) }));
      };
      const [totals, byModel, bySeries, byFirmware] = await Promise.all([
        db
          .selectFrom('device')
          .select([
            (eb) => eb.fn.countAll<string>().as('total'),
            sql<string>`count(*) filter (where online)`.as('online'),
          ])
          .where('company_id', '=', companyId)
          .executeTakeFirstOrThrow(),
        countBy('model'),
        countBy('series'),
        countBy('firmware_version'),
      ]);
      const total = Number(totals.total);
      const online = Number(totals.online);
      return { total, online, offline: total - online, byModel, bySeries, byFirmware };
    }),
    // Alerts are device events with a severity; each becomes an alert notification, whose read state
    // is the user's own: the summary counts what this user has not read.
    bind(groupUnreadAlertSummaryCall, async (ctx) => {
      const { companyId, userId } = companyActor(ctx);
      const cursor = await readCursor(db, companyId, userId);
      const { rows } = await sql<{
        group_id: string | null;
        group_name: string | null;
        severity: string;
        n: string;
      }>`
        select d.group_id, g.name as group_name, n.severity, count(*) as n
          from device_notification n
          join device d on d.sn = n.sn and d.company_id = n.company_id
          left join company_group g on g.id = d.group_id
         where n.company_id = ${companyId} and n.biz_type = 'alert' and ${unreadBy(userId, cursor)}
         group by 1, 2, 3`.execute(db);
      const byGroup = new Map<
        string,
        {
          groupId: number | null;
          groupName: string;
          critical: number;
          major: number;
          minor: number;
          notice: number;
          total: number;
        }
      >();
      for (const r of rows) {
        const key = r.group_id ?? 'none';
        const entry = byGroup.get(key) ?? {
          groupId: r.group_id === null ? UNGROUPED : Number(r.group_id),
          groupName: r.group_name ?? (ctx.lang === 'cn' ? '未分组' : 'Ungrouped'),
          critical: 0,
          major: 0,
          minor: 0,
          notice: 0,
          total: 0,
        };
        const n = Number(r.n);
        if (
          r.severity === 'critical' ||
          r.severity === 'major' ||
          r.severity === 'minor' ||
          r.severity === 'notice'
        )
          entry[r.severity] += n;
        entry.total += n;
        byGroup.set(key, entry);
      }
      const list = [...byGroup.values()].sort((a, b) => b.total - a.total);
      return { groupALertSummaryList: list, total: list.reduce((sum, g) => sum + g.total, 0) };
    }),
    bind(dataUsageSeriesCall, async (ctx) =>
      usageSeries(db, companyOf(ctx), checkedRange(ctx.input, clock.now()), ctx.input.sn),
    ),
    bind(signalSeriesCall, async (ctx) =>
      signalSeries(db, companyOf(ctx), checkedRange(ctx.input, clock.now()), ctx.input.sn),
    ),
    bind(topUsageCall, async (ctx) =>
      topUsage(db, companyOf(ctx), checkedRange(ctx.input, clock.now()), ctx.input.limit),
    ),
    bind(deviceLocationsCall, async (ctx) => {
      const companyId = companyOf(ctx);
      let q = db
        .selectFrom('device_status')
        .innerJoin('device', 'device.sn', 'device_status.sn')
        .select([
          'device.sn',
          'device.name',
          'device.online',
          'device_status.module',
          'device_status.data',
          'device_status.updated_at',
        ])
        .where('device.company_id', '=', companyId)
        .where('device_status.module', 'in', Object.keys(LOCATION_MODULES));
      const { groupId } = ctx.input;
      if (groupId !== undefined)
        q =
          groupId === UNGROUPED
            ? q.where('device.group_id', 'is', null)
            : q.where('device.group_id', '=', groupId);
      const found = new Map<
        string,
        {
          sn: string;
          name: string;
          online: boolean;
          latitude: number;
          longitude: number;
          source: 'gps' | 'baseStation';
          at: number;
        }
      >();
      for (const r of await q.execute()) {
        const data = r.data as { latitude?: unknown; longitude?: unknown };
        const latitude = Number(data?.latitude);
        const longitude = Number(data?.longitude);
        if (
          !Number.isFinite(latitude) ||
          !Number.isFinite(longitude) ||
          Math.abs(latitude) > 90 ||
          Math.abs(longitude) > 180
        )
          continue;
        const source = LOCATION_MODULES[r.module as keyof typeof LOCATION_MODULES];
        if (found.get(r.sn)?.source === 'gps') continue;
        found.set(r.sn, {
          sn: r.sn,
          name: r.name,
          online: r.online,
          latitude,
          longitude,
          source,
          at: r.updated_at.getTime(),
        });
      }
      return [...found.values()];
    }),
  ];
}
