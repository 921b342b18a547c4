import {
  checkDeviceDetailAccessCall,
  deviceEventsCall,
  deviceReportCall,
  deviceSyslogCall,
  getDeviceConfigJsonCall,
  getLatestDeviceConfigCall,
  getStatusByModuleCall,
  recentTelemetryCall,
  requestSyslogCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind, requireSession } from '../../platform/http/calls.ts';
import { checkedRange, signalSeries, usageSeries } from '../device-dashboard/telemetry-series.ts';
import { getCompanyDevice } from '../devices/device-list.store.ts';
import { findDeviceConfig, findDeviceStatus, listTelemetry } from '../devices/device-reports.store.ts';
import { createRemoteActions } from '../remote-actions/remote-actions.service.ts';
import { deviceCapabilities, pageDeviceEvents, pageDeviceSyslog } from './device-details.store.ts';
import { telemetrySample } from './telemetry-sample.ts';

/** The device details tabs (core §2): status, configuration, events, syslog, reports. */
export function deviceDetailRoutes(deps: ModuleDeps<'clock' | 'db' | 'gateway'>) {
  const { db, clock } = deps;
  const actions = createRemoteActions(deps);

  function range(input: { startTime?: number; endTime?: number }) {
    const end = new Date(input.endTime ?? clock.now().getTime());
    const start = new Date(input.startTime ?? 0);
    return { start, end };
  }

  return [
    bind(getStatusByModuleCall, async (ctx) => {
      const { scope } = companyActor(ctx);
      await getCompanyDevice(db, scope, ctx.input.sn);
      const rows = await findDeviceStatus(db, scope, ctx.input.sn);
      const answer: Record<string, { data: unknown; updatedAt: number } | null> = {};
      for (const module of ctx.input.modules) {
        const row = rows.find((r) => r.module === module);
        answer[module] = row ? { data: row.data, updatedAt: row.updated_at.getTime() } : null;
      }
      return answer;
    }),
    bind(recentTelemetryCall, async (ctx) => {
      const { scope } = companyActor(ctx);
      await getCompanyDevice(db, scope, ctx.input.sn);
      const rows = await listTelemetry(db, scope, ctx.input.sn, ctx.input.limit);
      return rows.reverse().map((r) => telemetrySample(r.at, r.data));
    }),
    bind(getLatestDeviceConfigCall, async (ctx) => {
      const { scope } = companyActor(ctx);
      await getCompanyDevice(db, scope, ctx.input.sn);
      const row = await findDeviceConfig(db, scope, ctx.input.sn);
      return {
        sn: ctx.input.sn,
        xml: row?.xml ?? null,
        lastUpdatedTime: row ? row.last_updated_time.getTime() : null,
      };
    }),
    bind(getDeviceConfigJsonCall, async (ctx) => {
      const { scope } = companyActor(ctx);
      await getCompanyDevice(db, scope, ctx.input.sn);
      return { sn: ctx.input.sn, devcfg: await deviceCapabilities(db, scope, ctx.input.sn) };
    }),
    // core §6: "a permission check for viewing device detail sets the device-console control flag".
    bind(checkDeviceDetailAccessCall, async (ctx) => {
      const session = requireSession(ctx);
      return session.superAdmin || session.funCodes.has('devices.view');
    }),
    bind(deviceEventsCall, async (ctx) => {
      const { scope } = companyActor(ctx);
      const { sn, pageNum, pageSize, severity } = ctx.input;
      // An SN the company does not have is 120002, as on every device call, not an empty page.
      await getCompanyDevice(db, scope, sn);
      const { start, end } = range(ctx.input);
      const { rows, total } = await pageDeviceEvents(db, {
        scope,
        sn,
        start,
        end,
        pageNum,
        pageSize,
        severity,
      });
      return {
        list: rows.map((r) => ({
          id: Number(r.id),
          at: r.at.getTime(),
          type: r.type,
          severity: r.severity,
          data: r.data,
        })),
        total,
      };
    }),
    bind(deviceSyslogCall, async (ctx) => {
      const { scope } = companyActor(ctx);
      const { sn, pageNum, pageSize } = ctx.input;
      await getCompanyDevice(db, scope, sn);
      const { start, end } = range(ctx.input);
      const { rows, total } = await pageDeviceSyslog(db, { scope, sn, start, end, pageNum, pageSize });
      return {
        list: rows.map((r) => ({ id: Number(r.id), at: r.at.getTime(), level: r.level, message: r.message })),
        total,
      };
    }),
    bind(requestSyslogCall, async (ctx) => {
      const sent = await actions.requestSyslog(companyActor(ctx).scope, ctx.input.sn, ctx.input.lines);
      return { rpcId: sent.rpcId };
    }),
    bind(deviceReportCall, async (ctx) => {
      const { scope } = companyActor(ctx);
      await getCompanyDevice(db, scope, ctx.input.sn);
      const r = checkedRange(ctx.input, clock.now());
      const [usage, signal] = await Promise.all([
        usageSeries(db, scope, r, ctx.input.sn),
        signalSeries(db, scope, r, ctx.input.sn),
      ]);
      return { usage, signal };
    }),
  ];
}
