import { randomUUID } from 'node:crypto';
import {
  assignDeviceLicencesCall,
  LEVEL_PRODUCT,
  type LicenceLevel,
  type LicenceProduct,
} from '@fleetport/contract';
import type { TestApp } from '../../../test/helpers.ts';
import type { Owner } from '../devices/device-test-kit.ts';
import { grantToCompany } from './licences.service.ts';

/** Helpers for tests that need licences: a pool to draw from, devices on a level. */

/** A fresh idempotency key, as the console makes one per submit. */
export function operationKey(): string {
  return randomUUID();
}

/** Puts `quantity` licences of `product` into a company's pool, as the platform's grant does. */
export async function grantPool(t: TestApp, companyId: number, product: LicenceProduct, quantity: number) {
  await grantToCompany(t.deps, {
    companyId,
    product,
    quantity,
    idempotencyKey: operationKey(),
    operatorUserId: null,
  });
}

/**
 * Gives the owner's devices `level` the way a person does (a licence each from the pool, granted first);
 * Basic takes their licences away again.
 */
export async function putOnLevel(
  t: TestApp,
  owner: Owner,
  sns: string[],
  level: LicenceLevel,
): Promise<void> {
  if (level !== 'BASE') await grantPool(t, owner.companyId, LEVEL_PRODUCT[level], sns.length);
  const res = await owner.run(assignDeviceLicencesCall, { sns, level, idempotencyKey: operationKey() });
  if (res.code !== 0) throw new Error(`assigning ${level} failed: ${res.code} ${res.msg}`);
}
