import { COMPANY_TYPE } from '@fleetport/contract';
import type { TestApp } from '../../../test/helpers.ts';
import { insertRelation } from '../company-account/company-account.store.ts';

/**
 * Helpers for tests that need a partner with customers. The customers area (its own calls) creates
 * partner links in the product; tests here write them straight, so they do not depend on that area.
 */

/** Makes a company a distributor or re-seller. */
export async function makePartner(t: TestApp, companyId: number, type: 'distributor' | 'reseller') {
  await t.deps.db
    .updateTable('company')
    .set({ type: COMPANY_TYPE[type] })
    .where('id', '=', companyId)
    .execute();
}

/** Puts `customerId` downstream of `partnerId` (company_relation). */
export async function linkCustomer(t: TestApp, partnerId: number, customerId: number) {
  await insertRelation(t.deps.db, partnerId, customerId);
}
