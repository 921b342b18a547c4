import {
  ErrorCode,
  getDeviceAppsCall,
  getDeviceUpdateHistoryCall,
  RPC_ERROR,
  uninstallDeviceAppCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { AppError } from '../../platform/errors.ts';
import { bind } from '../../platform/http/calls.ts';
import { companyOf } from '../devices/company-scope.ts';
import { getCompanyDevice } from '../devices/device-list.store.ts';
import { createRemoteActions } from '../remote-actions/remote-actions.service.ts';
import {
  findUpdateCommands,
  lastAppList,
  latestProgress,
  toDeviceApps,
  toDeviceUpdate,
} from './device-software.store.ts';

/** How long the apps call waits for the device's answer before showing the last list it gave. */
const APP_LIST_WAIT_MS = 10_000;
const APP_LIST_DEADLINE_SECONDS = 30;
/** An uninstall may stop services and rewrite flash: give it more than the default minute. */
const UNINSTALL_DEADLINE_SECONDS = 600;

/** The apps and firmware tabs of device details (contract api/device-software.ts). */
export function deviceSoftwareRoutes(deps: ModuleDeps<'clock' | 'db' | 'gateway'>) {
  const { db } = deps;
  const actions = createRemoteActions(deps);
  return [
    bind(getDeviceAppsCall, async (ctx) => {
      const companyId = companyOf(ctx);
      const { sn } = ctx.input;
      const device = await getCompanyDevice(db, companyId, sn);
      let unsupported = false;
      if (device.online && deps.gateway) {
        const [sent] = await deps.gateway.rpc.send({
          companyId,
          sns: [sn],
          method: 'appList',
          deadlineSeconds: APP_LIST_DEADLINE_SECONDS,
        });
        const [done] = sent ? await deps.gateway.rpc.waitForResults([sent.id], APP_LIST_WAIT_MS) : [];
        if (done?.state === 'success')
          return { apps: toDeviceApps(done.result), reportedAt: done.updated_at.getTime(), fresh: true };
        unsupported = (done?.error as { code?: unknown } | null)?.code === RPC_ERROR.unknownMethod;
      }
      const last = await lastAppList(db, companyId, sn);
      if (last) return { ...last, fresh: false };
      // An older device without appList says so; otherwise it is offline or did not answer.
      throw new AppError(unsupported ? ErrorCode.PARTIAL_UNSUPPORTED : ErrorCode.DEVICE_OFFLINE, sn);
    }),
    bind(uninstallDeviceAppCall, async (ctx) => {
      const { sn, packageName } = ctx.input;
      return actions.act(
        companyOf(ctx),
        sn,
        'appUninstall',
        { packageName },
        { deadlineSeconds: UNINSTALL_DEADLINE_SECONDS },
      );
    }),
    bind(getDeviceUpdateHistoryCall, async (ctx) => {
      const companyId = companyOf(ctx);
      const { sn, kind, pageNum, pageSize } = ctx.input;
      await getCompanyDevice(db, companyId, sn);
      const { total, rows } = await findUpdateCommands(
        db,
        companyId,
        sn,
        kind,
        (pageNum - 1) * pageSize,
        pageSize,
      );
      const progress = await latestProgress(
        db,
        sn,
        rows.map((r) => r.id),
      );
      return { total, list: rows.map((r) => toDeviceUpdate(r, progress.get(r.id))) };
    }),
  ];
}
