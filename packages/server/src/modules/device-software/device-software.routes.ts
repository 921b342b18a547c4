import {
  ErrorCode,
  getDeviceAppsCall,
  getDeviceUpdateHistoryCall,
  installPackageCall,
  RPC_ERROR,
  uninstallDeviceAppCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { companyActor, owningCompany, owningScope } from '../../platform/auth/actor.ts';
import { AppError } from '../../platform/errors.ts';
import { bind } from '../../platform/http/calls.ts';
import { getCompanyDevice } from '../devices/device-list.store.ts';
import { createRemoteActions } from '../remote-actions/remote-actions.service.ts';
import { createInstalls } from './device-install.service.ts';
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
export function deviceSoftwareRoutes(deps: ModuleDeps<'clock' | 'db' | 'gateway' | 'files'>) {
  const { db } = deps;
  const actions = createRemoteActions(deps);
  const installs = createInstalls(deps);
  return [
    bind(installPackageCall, async (ctx) =>
      // The device downloads from the address the console reached this server by (docs/decisions.md).
      installs.install(companyActor(ctx).scope, ctx.input, `${ctx.request.protocol}://${ctx.request.host}`),
    ),
    bind(getDeviceAppsCall, async (ctx) => {
      // Asking the device is a command, filed under one company: the scope's owning one (a set is 5).
      const owner = owningScope(companyActor(ctx).scope);
      const { sn } = ctx.input;
      const device = await getCompanyDevice(db, owner, sn);
      let unsupported = false;
      if (device.online && deps.gateway) {
        const [sent] = await deps.gateway.rpc.send({
          companyId: owningCompany(owner),
          sns: [sn],
          method: 'appList',
          deadlineSeconds: APP_LIST_DEADLINE_SECONDS,
        });
        const [done] = sent ? await deps.gateway.rpc.waitForResults([sent.id], APP_LIST_WAIT_MS) : [];
        if (done?.state === 'success')
          return { apps: toDeviceApps(done.result), reportedAt: done.updated_at.getTime(), fresh: true };
        unsupported = (done?.error as { code?: unknown } | null)?.code === RPC_ERROR.unknownMethod;
      }
      const last = await lastAppList(db, owner, sn);
      if (last) return { ...last, fresh: false };
      // An older device without appList says so; otherwise it is offline or did not answer.
      throw new AppError(unsupported ? ErrorCode.PARTIAL_UNSUPPORTED : ErrorCode.DEVICE_OFFLINE, sn);
    }),
    bind(uninstallDeviceAppCall, async (ctx) => {
      const { sn, packageName } = ctx.input;
      return actions.act(
        companyActor(ctx).scope,
        sn,
        'appUninstall',
        { packageName },
        { deadlineSeconds: UNINSTALL_DEADLINE_SECONDS },
      );
    }),
    bind(getDeviceUpdateHistoryCall, async (ctx) => {
      const { scope } = companyActor(ctx);
      const { sn, kind, pageNum, pageSize } = ctx.input;
      await getCompanyDevice(db, scope, sn);
      const { total, rows } = await findUpdateCommands(
        db,
        scope,
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
