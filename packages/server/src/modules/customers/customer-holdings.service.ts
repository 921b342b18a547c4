import {
  type CallParsedInput,
  type customerDevicesCall,
  ErrorCode,
  MAX_DEVICES_PER_ASSIGN,
  type transferCustomerDevicesCall,
} from '@fleetport/contract';
import { type Actor, owningCompany, owningScope } from '../../platform/auth/actor.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { ownedSns } from '../devices/bulk-results.ts';
import { listDevices } from '../devices/device-list.store.ts';
import { moveDeviceRows } from '../devices/device-registry.store.ts';
import { releaseDeviceLicences } from '../licences/device-assignment.service.ts';
import { licenceBalances } from '../licences/licences.service.ts';
import { assertDeviceRoom } from '../quotas/quota-checks.ts';
import { type CustomerDeps, requireCustomer } from './customers.service.ts';

/**
 * What a partner reaches of a customer: its devices and licences, read with the customer's one-company
 * scope (found through the partner links, `requireCustomer`: anywhere in the caller's tree), and devices
 * moved between a partner and its own customer.
 */

/** The customer's device list, read-only: the device list's own query on that one company. */
export async function customerDevices(
  deps: CustomerDeps,
  actor: Actor,
  { companyId, ...filter }: CallParsedInput<typeof customerDevicesCall>,
) {
  const customer = await requireCustomer(deps.db, actor, companyId, 'tree');
  // Groups and tags are the customer's own words: the partner's list does not filter by them.
  return listDevices(deps.db, customer, { ...filter, groupId: undefined, tagId: undefined });
}

/** The customer's balances, as its own licences page shows them. */
export async function customerLicences(deps: CustomerDeps, actor: Actor, companyId: number) {
  const customer = await requireCustomer(deps.db, actor, companyId, 'tree');
  return licenceBalances(deps, { ...actor, scope: customer });
}

/**
 * Moves devices between the partner and its customer in one transaction: every device moves or none
 * (the device registry's transfer answers per device; a partner moving stock wants the batch whole).
 * As there, each device leaves its licence with the company that paid for it (released first, a
 * `release` operation in the billing history) and arrives on Basic, ungrouped and untagged.
 */
export async function transferCustomerDevices(
  deps: CustomerDeps,
  actor: Actor,
  input: CallParsedInput<typeof transferCustomerDevicesCall>,
): Promise<{ sns: string[] }> {
  const sns = [...new Set(input.sns)].sort();
  if (sns.length > MAX_DEVICES_PER_ASSIGN)
    throw new AppError(ErrorCode.TRANSFER_LIMIT, MAX_DEVICES_PER_ASSIGN);
  const partner = owningScope(actor.scope);
  const customer = await requireCustomer(deps.db, actor, input.companyId, 'direct');
  const [from, to] = input.direction === 'toCustomer' ? [partner, customer] : [customer, partner];
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx) => {
    const owned = await ownedSns(tx, from, sns);
    const missing = sns.find((sn) => !owned.has(sn));
    if (missing) throw new AppError(ErrorCode.DEVICE_NOT_FOUND, missing);
    // Into the customer: its device limit counts them (15050); back to the partner, nothing above grows.
    await assertDeviceRoom(tx, to, sns.length, from);
    await releaseDeviceLicences(tx, from, sns, actor.userId, now);
    for (const sn of sns) await moveDeviceRows(tx, from, sn, owningCompany(to), now);
  });
  // After the commit: every node's gateway stops filing these devices' messages under the old company.
  deps.hub.publish('devices.reassigned', owningCompany(from), { sns });
  return { sns };
}
