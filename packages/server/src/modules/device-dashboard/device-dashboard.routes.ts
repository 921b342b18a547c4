import {
  dashboardSummaryCall,
  dataUsageSeriesCall,
  deviceLocationsCall,
  groupUnreadAlertSummaryCall,
  signalSeriesCall,
  topUsageCall,
  UNGROUPED,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import { unreadFiringByGroup } from '../alerts/alerts.store.ts';
import { readCursors } from '../device-notifications/device-notifications.store.ts';
import {
  countDevicesBy,
  deviceLocationRows,
  deviceTotals,
  unreadAlertsByGroup,
} from './device-dashboard.store.ts';
import { DASHBOARD_TEXT } from './device-dashboard.text.ts';
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
      const { scope } = companyActor(ctx);
      const [{ total, online }, byModel, bySeries, byFirmware] = await Promise.all([
        deviceTotals(db, scope),
        countDevicesBy(db, scope, 'model'),
        countDevicesBy(db, scope, 'series'),
        countDevicesBy(db, scope, 'firmware_version'),
      ]);
      return { total, online, offline: total - online, byModel, bySeries, byFirmware };
    }),
    // What this user has not read: the alert centre's firing alerts (modules/alerts), and the alarms
    // devices raise themselves (device events with a severity, as alert notifications) until the rules'
    // "device alarm" condition takes them over. Read state is the user's own in both.
    bind(groupUnreadAlertSummaryCall, async (ctx) => {
      const actor = companyActor(ctx);
      const rows = [
        ...(await unreadAlertsByGroup(db, actor.scope, await readCursors(db, actor))),
        ...(await unreadFiringByGroup(db, actor)),
      ];
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
        const key = r.groupId ?? 'none';
        const entry = byGroup.get(key) ?? {
          groupId: r.groupId === null ? UNGROUPED : Number(r.groupId),
          groupName: r.groupName ?? DASHBOARD_TEXT.ungrouped[ctx.lang],
          critical: 0,
          major: 0,
          minor: 0,
          notice: 0,
          total: 0,
        };
        const n = r.count;
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
      usageSeries(db, companyActor(ctx).scope, checkedRange(ctx.input, clock.now()), ctx.input.sn),
    ),
    bind(signalSeriesCall, async (ctx) =>
      signalSeries(db, companyActor(ctx).scope, checkedRange(ctx.input, clock.now()), ctx.input.sn),
    ),
    bind(topUsageCall, async (ctx) =>
      topUsage(db, companyActor(ctx).scope, checkedRange(ctx.input, clock.now()), ctx.input.limit),
    ),
    bind(deviceLocationsCall, async (ctx) => {
      const rows = await deviceLocationRows(
        db,
        companyActor(ctx).scope,
        Object.keys(LOCATION_MODULES),
        ctx.input.groupId,
      );
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
      for (const r of rows) {
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
