import {
  CROSS_VERSION_FIRMWARE,
  compareVersions,
  type DeviceRow,
  ErrorCode,
  type InstallTiming,
  needsCrossVersionStep,
  osLineOf,
  type RemoteAction,
  type RpcMethod,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { type CompanyScope, companyScope, owningCompany, owningScope } from '../../platform/auth/actor.ts';
import { AppError } from '../../platform/errors.ts';
import { findFileOfSignedLink } from '../../platform/files/stored-files.store.ts';
import { defineJob } from '../../platform/jobs/define.ts';
import { enqueueJob } from '../../platform/jobs/enqueue.ts';
import { type PackageRow, type VersionRow, visibleVersion } from '../app-centre/app-centre.store.ts';
import { getCompanyDevice } from '../devices/device-list.store.ts';
import { assertDeviceAllows } from '../licences/entitlements.ts';
import { createRemoteActions } from '../remote-actions/remote-actions.service.ts';
import { lastUpdateStart, runningUpdate } from './device-software.store.ts';

/**
 * Installing an app centre version on one device (core §2 firmware and apps tabs, §4 update timing,
 * §8 codes). The rules are checked in the order a user fixes them: what the package is for, the
 * licence, an update running, the 15-minute spacing, the cross-version step. The device gets a signed,
 * expiring link to the package file with its SHA-256 and size (docs/device-protocol.md §9).
 */

/** Updates and installs are at least 15 minutes apart, and a timed one starts 15 minutes ahead. */
export const UPDATE_SPACING_MS = 15 * 60_000;
/** The download link lives an hour (docs/device-protocol.md §9). */
const LINK_TTL_SECONDS = 3600;
/** No update stays open past this: download, flash, reboot and the hello of the new image. */
export const UPDATE_DEADLINE_SECONDS = { firmware: 1800, app: 900 } as const;

export const SCHEDULED_INSTALL_JOB = 'deviceSoftware.scheduledInstall';

interface ScheduledInstall {
  companyId: number;
  sn: string;
  versionId: number;
  origin: string;
}

export type InstallDeps = ModuleDeps<'clock' | 'db' | 'gateway' | 'files'>;

/** Whether a package of this series and these models is for the device (no models: every model). */
export function packageFits(
  pkg: Pick<PackageRow, 'series'>,
  version: Pick<VersionRow, 'models'>,
  device: DeviceRow,
): boolean {
  if (pkg.series.toLowerCase() !== device.series.toLowerCase()) return false;
  return (
    version.models.length === 0 || version.models.some((m) => m.toLowerCase() === device.model.toLowerCase())
  );
}

export function createInstalls(deps: InstallDeps) {
  const { db, clock } = deps;
  const actions = createRemoteActions(deps);

  async function checked(owner: CompanyScope, sn: string, versionId: number) {
    const device = await getCompanyDevice(db, owner, sn);
    const found = await visibleVersion(db, { kind: 'company', scope: owner }, versionId);
    if (!found) throw new AppError(ErrorCode.APP_PACKAGE_NOT_FOUND);
    if (!packageFits(found.pkg, found.version, device))
      throw new AppError(ErrorCode.APP_PACKAGE_NOT_FOR_DEVICE);
    await assertDeviceAllows(deps, owner, sn, 'ota');
    return { device, ...found };
  }

  async function checkTiming(owner: CompanyScope, sn: string) {
    const now = clock.now();
    if (await runningUpdate(db, owner, sn, now)) throw new AppError(ErrorCode.DEVICE_UPDATING);
    const last = await lastUpdateStart(db, owner, sn);
    if (last && now.getTime() - last.getTime() < UPDATE_SPACING_MS)
      throw new AppError(ErrorCode.UPDATE_TOO_SOON);
  }

  function checkCrossVersion(device: DeviceRow, pkg: PackageRow, version: VersionRow) {
    if (pkg.kind !== 'firmware' || !device.firmwareVersion) return;
    const line = osLineOf(device.series, device.firmwareVersion);
    if (
      line &&
      needsCrossVersionStep(line, device.firmwareVersion) &&
      compareVersions(version.version, CROSS_VERSION_FIRMWARE) > 0
    )
      throw new AppError(ErrorCode.FIRMWARE_522_FIRST);
  }

  async function send(
    owner: CompanyScope,
    sn: string,
    pkg: PackageRow,
    version: VersionRow,
    timing: 'immediately' | 'updateOnly',
    origin: string,
  ): Promise<RemoteAction> {
    const file = await findFileOfSignedLink(db, version.fileId);
    if (!file) throw new AppError(ErrorCode.APP_PACKAGE_NOT_FOUND);
    const link = await deps.files.links.sign(file.id, LINK_TTL_SECONDS);
    const common = {
      url: `${origin}${link.url}`,
      version: version.version,
      sha256: file.sha256,
      size: file.size,
      expiresAt: link.expiresAt,
      packageVersionId: version.id,
    };
    const method: RpcMethod = pkg.kind === 'firmware' ? 'firmwareInstall' : 'appInstall';
    const params =
      pkg.kind === 'firmware'
        ? { ...common, timing }
        : { ...common, name: version.name, packageName: pkg.packageName };
    return actions.send(owner, sn, method, params, UPDATE_DEADLINE_SECONDS[pkg.kind]);
  }

  return {
    async install(
      scope: CompanyScope,
      input: { sn: string; versionId: number; timing: InstallTiming; at?: number | undefined },
      origin: string,
    ): Promise<{ action: RemoteAction | null; scheduledAt: number | null }> {
      const owner = owningScope(scope);
      const { sn, versionId, timing, at } = input;
      if (timing === 'at' && at === undefined)
        throw new AppError(ErrorCode.PARAMETER_ERROR, null, 200, 'at: required with timing at');
      const { device, pkg, version } = await checked(owner, sn, versionId);
      if (timing === 'updateOnly' && pkg.kind !== 'firmware')
        throw new AppError(ErrorCode.PARAMETER_ERROR, null, 200, 'timing: update only is for firmware');
      await checkTiming(owner, sn);
      if (at !== undefined && timing === 'at' && at - clock.now().getTime() < UPDATE_SPACING_MS)
        throw new AppError(ErrorCode.TIMER_TOO_SOON);
      checkCrossVersion(device, pkg, version);
      if (timing === 'at' && at !== undefined) {
        await enqueueJob<ScheduledInstall>(db, {
          kind: SCHEDULED_INSTALL_JOB,
          companyId: owningCompany(owner),
          payload: { companyId: owningCompany(owner), sn, versionId, origin },
          runAt: new Date(at),
          maxAttempts: 1,
          clock,
        });
        return { action: null, scheduledAt: at };
      }
      const now = timing === 'updateOnly' ? 'updateOnly' : 'immediately';
      return { action: await send(owner, sn, pkg, version, now, origin), scheduledAt: null };
    },

    /**
     * A zero-touch template's step (modules/device-templates): the checks of a person's install but the
     * 15-minute spacing, which guards against repeated clicks, not against a template's next step.
     */
    async provision(
      owner: CompanyScope,
      sn: string,
      versionId: number,
      origin: string,
    ): Promise<RemoteAction> {
      const { device, pkg, version } = await checked(owner, sn, versionId);
      if (await runningUpdate(db, owner, sn, clock.now())) throw new AppError(ErrorCode.DEVICE_UPDATING);
      checkCrossVersion(device, pkg, version);
      return send(owner, sn, pkg, version, 'immediately', origin);
    },

    /** A timed install at its time: the package must still be there for the device and its licence. */
    job() {
      return defineJob<ScheduledInstall>({
        kind: SCHEDULED_INSTALL_JOB,
        maxAttempts: 1,
        async run(ctx) {
          const { companyId, sn, versionId, origin } = ctx.payload;
          const owner = companyScope(companyId);
          const { pkg, version } = await checked(owner, sn, versionId);
          if (await runningUpdate(db, owner, sn, clock.now())) throw new AppError(ErrorCode.DEVICE_UPDATING);
          await send(owner, sn, pkg, version, 'immediately', origin);
        },
      });
    },
  };
}
