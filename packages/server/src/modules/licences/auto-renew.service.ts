import {
  type AutoRenewSetting,
  type CallParsedInput,
  type DeviceAutoRenew,
  ErrorCode,
  type getDeviceAutoRenewCall,
  MAX_DEVICES_PER_ASSIGN,
  type setAutoRenewCall,
  type setDeviceAutoRenewCall,
  summarizeFieldErrors,
} from '@fleetport/contract';
import { type Actor, companyScope, owningCompany } from '../../platform/auth/actor.ts';
import { inTransaction, type Tx } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { devicesForLicences } from '../devices/device-registry.store.ts';
import {
  companyAutoRenew,
  devicesAutoRenew,
  saveCompanyAutoRenew,
  saveDevicesAutoRenew,
} from './auto-renew.store.ts';
import type { PostingTarget } from './ledger.store.ts';
import { postingTarget } from './ledger.store.ts';
import type { LicenceDeps } from './licences.service.ts';

/**
 * Auto-renew settings (core §5 period 1-500, §8 120080): the company's default and each device's own.
 * The renewals themselves are the job's (licence-renewal.job.ts).
 */

export function autoRenewSetting({ db }: LicenceDeps, actor: Actor): Promise<AutoRenewSetting> {
  return companyAutoRenew(db, actor.scope);
}

export async function setAutoRenew(
  deps: LicenceDeps,
  actor: Actor,
  input: CallParsedInput<typeof setAutoRenewCall>,
): Promise<AutoRenewSetting> {
  await saveCompanyAutoRenew(deps.db, actor.scope, input, deps.clock.now());
  // The insufficient-licence list counts auto-renew devices by their period: the banner may change.
  deps.hub.publish('licences.changed', owningCompany(actor.scope), {});
  return companyAutoRenew(deps.db, actor.scope);
}

/** Core §8 120080: one auto-renew call covers at most as many devices as an assignment (100). */
function checkBatch(sns: readonly string[]): string[] {
  const unique = [...new Set(sns)];
  if (unique.length > MAX_DEVICES_PER_ASSIGN)
    throw new AppError(ErrorCode.AUTO_RENEW_BATCH_LIMIT, MAX_DEVICES_PER_ASSIGN);
  return unique;
}

export async function deviceAutoRenew(
  { db }: LicenceDeps,
  actor: Actor,
  input: CallParsedInput<typeof getDeviceAutoRenewCall>,
): Promise<DeviceAutoRenew[]> {
  return devicesAutoRenew(db, actor.scope, checkBatch(input.sns));
}

/** `on` needs its period (code 1 naming it); `company` and `off` ignore one. */
export function checkDeviceAutoRenew(setting: { mode: string; period?: number | undefined }): void {
  if (setting.mode === 'on' && setting.period === undefined) {
    const fields = [{ field: 'period', message: 'required when auto-renew is on' }];
    throw new AppError(ErrorCode.PARAMETER_ERROR, { fields }, 200, summarizeFieldErrors(fields));
  }
}

/**
 * Saves the devices' own setting in the caller's transaction, after checking every device is the
 * company's (one missing refuses all, 120002).
 */
export async function saveDeviceSetting(
  tx: Tx,
  target: PostingTarget,
  sns: readonly string[],
  setting: { mode: 'company' | 'on' | 'off'; period?: number | undefined },
  at: Date,
): Promise<void> {
  const scope = companyScope(target.companyId);
  const devices = await devicesForLicences(tx, scope, sns);
  const missing = sns.find((sn) => !devices.some((d) => d.sn === sn));
  if (missing) throw new AppError(ErrorCode.DEVICE_NOT_FOUND, missing);
  await saveDevicesAutoRenew(tx, target, sns, setting, at);
}

export async function setDeviceAutoRenew(
  deps: LicenceDeps,
  actor: Actor,
  { sns, ...setting }: CallParsedInput<typeof setDeviceAutoRenewCall>,
): Promise<DeviceAutoRenew[]> {
  const unique = checkBatch(sns);
  checkDeviceAutoRenew(setting);
  const target = postingTarget(owningCompany(actor.scope));
  await inTransaction(deps.db, (tx) => saveDeviceSetting(tx, target, unique, setting, deps.clock.now()));
  deps.hub.publish('licences.changed', target.companyId, {});
  return devicesAutoRenew(deps.db, companyScope(target.companyId), unique);
}
