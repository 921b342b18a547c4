import {
  CROSS_VERSION_FIRMWARE,
  compareVersions,
  type DeviceRow,
  ErrorCode,
  type InstallTiming,
  licenceRefusal,
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
import { findCompanyDevices, getCompanyDevice } from '../devices/device-list.store.ts';
import { deviceLevelsAt } from '../licences/device-licences.store.ts';
import { createRemoteActions } from '../remote-actions/remote-actions.service.ts';
import { lastUpdateStarts, runningUpdates } from './device-software.store.ts';

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

  async function versionFor(owner: CompanyScope, versionId: number) {
    const found = await visibleVersion(db, { kind: 'company', scope: owner }, versionId);
    if (!found) throw new AppError(ErrorCode.APP_PACKAGE_NOT_FOUND);
    return found;
  }

  /**
   * The first rule each device breaks for this version, in the order a user fixes them: the device
   * (another company's: 120001), what the package is for (160040), the licence (120095), an update
   * running (190611), the 15-minute spacing (120072), the cross-version step (120100); null when it
   * may install now. Four statements for any number of devices (a rollout's batch is one call).
   */
  async function screen(
    owner: CompanyScope,
    sns: readonly string[],
    { pkg, version }: { pkg: PackageRow; version: VersionRow },
    /** A template's next step is not a repeated click: the 15-minute spacing does not apply. */
    options: { spacing: boolean } = { spacing: true },
  ): Promise<Map<string, number | null>> {
    const now = clock.now();
    const [devices, levels, running, last] = await Promise.all([
      findCompanyDevices(db, owner, sns),
      deviceLevelsAt(db, owner, sns, now),
      runningUpdates(db, owner, sns, now),
      lastUpdateStarts(db, owner, sns),
    ]);
    const bySn = new Map(devices.map((d) => [d.sn, d]));
    const verdicts = new Map<string, number | null>();
    for (const sn of sns) {
      const device = bySn.get(sn);
      const lastStart = last.get(sn);
      verdicts.set(
        sn,
        !device
          ? ErrorCode.DEVICE_NOT_FOUND
          : !packageFits(pkg, version, device)
            ? ErrorCode.APP_PACKAGE_NOT_FOR_DEVICE
            : (licenceRefusal(levels.get(sn) ?? 'BASE', 'ota') ??
              (running.has(sn)
                ? ErrorCode.DEVICE_UPDATING
                : options.spacing && lastStart && now.getTime() - lastStart.getTime() < UPDATE_SPACING_MS
                  ? ErrorCode.UPDATE_TOO_SOON
                  : crossesVersions(device, pkg, version)
                    ? ErrorCode.FIRMWARE_522_FIRST
                    : null)),
      );
    }
    return verdicts;
  }

  function crossesVersions(device: DeviceRow, pkg: PackageRow, version: VersionRow): boolean {
    if (pkg.kind !== 'firmware' || !device.firmwareVersion) return false;
    const line = osLineOf(device.series, device.firmwareVersion);
    return (
      !!line &&
      needsCrossVersionStep(line, device.firmwareVersion) &&
      compareVersions(version.version, CROSS_VERSION_FIRMWARE) > 0
    );
  }

  /** The install command's method and parameters: one signed link serves every device of a batch. */
  async function command(
    pkg: PackageRow,
    version: VersionRow,
    timing: 'immediately' | 'updateOnly',
    origin: string,
  ) {
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
    return { method, params };
  }

  async function send(
    owner: CompanyScope,
    sn: string,
    pkg: PackageRow,
    version: VersionRow,
    timing: 'immediately' | 'updateOnly',
    origin: string,
  ): Promise<RemoteAction> {
    const { method, params } = await command(pkg, version, timing, origin);
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
      // Another company's device is not found before anything about the version is said.
      await getCompanyDevice(db, owner, sn);
      const found = await versionFor(owner, versionId);
      const refusal = (await screen(owner, [sn], found)).get(sn) ?? null;
      // "Update only" and a chosen time are what the user asked for: told before the device's state.
      if (timing === 'updateOnly' && found.pkg.kind !== 'firmware')
        throw new AppError(ErrorCode.PARAMETER_ERROR, null, 200, 'timing: update only is for firmware');
      if (refusal !== null && refusal !== ErrorCode.FIRMWARE_522_FIRST) throw new AppError(refusal);
      if (at !== undefined && timing === 'at' && at - clock.now().getTime() < UPDATE_SPACING_MS)
        throw new AppError(ErrorCode.TIMER_TOO_SOON);
      if (refusal !== null) throw new AppError(refusal);
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
      return { action: await send(owner, sn, found.pkg, found.version, now, origin), scheduledAt: null };
    },

    /**
     * Installs a version now on many devices (a rollout's batch): each device passes the same checks
     * as a single install, in the same order; the ones that pass get one command each, sent together,
     * with `deadlineSeconds` as their deadline. Answers each device's command id, or the code that
     * refused it.
     */
    async installMany(
      scope: CompanyScope,
      sns: readonly string[],
      versionId: number,
      origin: string,
      deadlineSeconds: number,
      /** A staged rollout's next stage is not a repeated click: the 15-minute spacing does not apply. */
      options: { spacing: boolean } = { spacing: true },
    ): Promise<{ sent: Map<string, string>; refused: Map<string, number> }> {
      const owner = owningScope(scope);
      const refused = new Map<string, number>();
      const passed: string[] = [];
      const found = await versionFor(owner, versionId);
      for (const [sn, code] of await screen(owner, sns, found, options)) {
        if (code === null) passed.push(sn);
        else refused.set(sn, code);
      }
      const sent = new Map<string, string>();
      if (passed.length === 0) return { sent, refused };
      if (!deps.gateway) throw new AppError(ErrorCode.DEVICE_OFFLINE_OPERATION);
      const { method, params } = await command(found.pkg, found.version, 'immediately', origin);
      const rows = await deps.gateway.rpc.send({
        companyId: owningCompany(owner),
        sns: passed,
        method,
        params,
        deadlineSeconds,
      });
      for (const row of rows) sent.set(row.sn, row.id);
      return { sent, refused };
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
      await getCompanyDevice(db, owner, sn);
      const found = await versionFor(owner, versionId);
      const refusal = (await screen(owner, [sn], found, { spacing: false })).get(sn) ?? null;
      if (refusal !== null) throw new AppError(refusal);
      return send(owner, sn, found.pkg, found.version, 'immediately', origin);
    },

    /** A timed install at its time: the package must still be there for the device and its licence. */
    job() {
      return defineJob<ScheduledInstall>({
        kind: SCHEDULED_INSTALL_JOB,
        maxAttempts: 1,
        async run(ctx) {
          const { companyId, sn, versionId, origin } = ctx.payload;
          const owner = companyScope(companyId);
          const found = await versionFor(owner, versionId);
          // Its time was accepted with the spacing and the cross-version step checked; what may have
          // changed since is the device, the package, the licence and an update started meanwhile.
          const refusal = (await screen(owner, [sn], found)).get(sn) ?? null;
          if (
            refusal !== null &&
            refusal !== ErrorCode.UPDATE_TOO_SOON &&
            refusal !== ErrorCode.FIRMWARE_522_FIRST
          )
            throw new AppError(refusal, refusal === ErrorCode.DEVICE_NOT_FOUND ? sn : null);
          await send(owner, sn, found.pkg, found.version, 'immediately', origin);
        },
      });
    },
  };
}
