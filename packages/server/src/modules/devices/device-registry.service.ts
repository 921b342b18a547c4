import {
  type addDeviceCall,
  type CallParsedInput,
  ErrorCode,
  type Lang,
  MAX_DEVICES_PER_ASSIGN,
  type updateDeviceCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { type Actor, type CompanyScope, companyScope, owningCompany } from '../../platform/auth/actor.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { ensureGroup } from '../device-groups/device-groups.store.ts';
import { checkedTagNames } from '../device-tags/device-tags.store.ts';
import { releaseDeviceLicences } from '../licences/device-assignment.service.ts';
import { assertDeviceRoom } from '../quotas/quota-checks.ts';
import { bulkResult, eachDevice, ownedSns } from './bulk-results.ts';
import { existingDevices, registerDevices } from './device-import.service.ts';
import { getCompanyDevice } from './device-list.store.ts';
import {
  deleteDeviceRows,
  findGatewayState,
  isMemberOf,
  moveDeviceRows,
  updateDeviceFields,
} from './device-registry.store.ts';

/** What the registry reads from AppDeps. */
export type DeviceRegistryDeps = ModuleDeps<'clock' | 'db' | 'hub'>;

/**
 * The console's device registry (issue 6): add, update, delete, transfer, look-ups. Look-ups reach
 * every company of the caller's scope; a change lands in its one owning company (a set is refused, 5).
 */

export async function addDevice(
  { db, clock }: DeviceRegistryDeps,
  scope: CompanyScope,
  input: CallParsedInput<typeof addDeviceCall>,
) {
  const owner = companyScope(owningCompany(scope));
  const tags = checkedTagNames(input.tags ?? []);
  if (tags.length > 5) throw new AppError(ErrorCode.TAGS_PER_DEVICE, 5);
  if (input.groupId) await ensureGroup(db, owner, input.groupId);
  if ((await existingDevices(db, owner, [input.sn])).size > 0) throw new AppError(ErrorCode.DEVICE_SN_EXISTS);
  const device = {
    sn: input.sn,
    name: input.name ?? '',
    model: input.model ?? '',
    mac: input.mac || null,
    imei: input.imei || null,
    tags,
    description: input.description,
    groupId: input.groupId ?? null,
  };
  await inTransaction(db, (tx) => registerDevices(tx, owner, [device], clock.now()));
  return getCompanyDevice(db, owner, input.sn);
}

export async function updateDevice(
  { db, clock }: DeviceRegistryDeps,
  scope: CompanyScope,
  { sn, ...edits }: CallParsedInput<typeof updateDeviceCall>,
) {
  const owner = companyScope(owningCompany(scope));
  await getCompanyDevice(db, owner, sn);
  await updateDeviceFields(db, owner, sn, edits, clock.now());
  return getCompanyDevice(db, owner, sn);
}

/**
 * After the commit: every node's gateway stops writing these devices' messages under the company
 * it cached for them (hub is read now, as it may be the bridge to the other nodes).
 */
function announceReassigned({ hub }: DeviceRegistryDeps, from: CompanyScope, sns: string[]) {
  if (sns.length > 0) hub.publish('devices.reassigned', owningCompany(from), { sns });
}

export async function deleteDevices(
  deps: DeviceRegistryDeps,
  caller: Pick<Actor, 'scope' | 'userId'>,
  sns: string[],
  lang: Lang,
) {
  // Refused whole for a set of companies (5), not device by device.
  const owner = companyScope(owningCompany(caller.scope));
  const owned = await ownedSns(deps.db, owner, sns);
  const gone: string[] = [];
  let licencesMoved = false;
  const results = await eachDevice(sns, lang, async (sn) => {
    if (!owned.has(sn)) throw new AppError(ErrorCode.DEVICE_NOT_FOUND, sn);
    await inTransaction(deps.db, async (tx) => {
      // Its unstarted renewals go back to the pool and its licence ends, with the delete or not at all.
      const at = deps.clock.now();
      if (await releaseDeviceLicences(tx, owner, [sn], caller.userId, at, 'deleteDevice'))
        licencesMoved = true;
      await deleteDeviceRows(tx, owner, sn);
    });
    gone.push(sn);
  });
  announceReassigned(deps, owner, gone);
  if (licencesMoved) deps.hub.publish('licences.changed', owningCompany(owner), {});
  return bulkResult(results);
}

/** Devices go to another company the person belongs to, each refused or moved on its own. */
export async function transferDevices(
  deps: DeviceRegistryDeps,
  caller: Pick<Actor, 'scope' | 'userId'>,
  input: { sns: string[]; companyId: number },
  lang: Lang,
) {
  const { db, clock } = deps;
  const from = companyScope(owningCompany(caller.scope));
  const sns = [...new Set(input.sns)];
  if (sns.length > MAX_DEVICES_PER_ASSIGN)
    throw new AppError(ErrorCode.TRANSFER_LIMIT, MAX_DEVICES_PER_ASSIGN);
  const target = input.companyId;
  if (target === owningCompany(from) || !(await isMemberOf(db, caller.userId, target)))
    throw new AppError(ErrorCode.COMPANY_NOT_FOUND);
  const owned = await ownedSns(db, from, sns);
  const moved: string[] = [];
  const results = await eachDevice(sns, lang, async (sn) => {
    if (!owned.has(sn)) throw new AppError(ErrorCode.DEVICE_NOT_FOUND, sn);
    await inTransaction(db, async (tx) => {
      // The receiving side's device limits count it, unless they already did (15050).
      await assertDeviceRoom(tx, companyScope(target), 1, from);
      // The licence stays with the company that paid for it (docs/decisions.md "Licences").
      await releaseDeviceLicences(tx, from, [sn], caller.userId, clock.now());
      await moveDeviceRows(tx, from, sn, target, clock.now());
    });
    moved.push(sn);
  });
  announceReassigned(deps, from, moved);
  return bulkResult(results);
}

/** Refuses the SNs the scope does not have, naming them (one: 120107 with the SN, several: the list). */
export async function assertDevicesExist({ db }: DeviceRegistryDeps, scope: CompanyScope, sns: string[]) {
  const owned = await ownedSns(db, scope, sns);
  const missing = [...new Set(sns)].filter((sn) => !owned.has(sn));
  if (missing.length === 1) throw new AppError(ErrorCode.NO_SN_RECORD, missing[0]);
  if (missing.length > 1) throw new AppError(ErrorCode.NO_SN_RECORDS, missing);
  return [];
}

export async function gatewayState({ db }: DeviceRegistryDeps, scope: CompanyScope, sn: string) {
  const row = await findGatewayState(db, scope, sn);
  if (!row) throw new AppError(ErrorCode.GATEWAY_NOT_FOUND, sn);
  return { sn: row.sn, online: row.online };
}
