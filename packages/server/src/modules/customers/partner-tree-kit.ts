import { COMPANY_TYPE } from '@fleetport/contract';
import { signIn } from '../../../test/accounts.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { insertRelation } from '../company-account/company-account.store.ts';
import { asOwner, companyOwner, type Owner } from '../devices/device-test-kit.ts';

/** The same owner signed in afresh: a company type changed, or the test clock moved past the session. */
export async function signInAgain(t: TestApp, owner: Owner): Promise<Owner> {
  const { companyId, userId, account } = owner;
  return asOwner(await signIn(t, account), { companyId, userId, account });
}

export const PARTNER_TREE = ['delta', 'acme', 'rho', 'bravo', 'sigma', 'cobalt'] as const;
export type PartnerTree = Record<(typeof PARTNER_TREE)[number], Owner>;

/**
 * Two partner trees, the shape the partner areas' tests need: distributor Delta with end customer Acme and
 * re-seller Rho, whose customer is Bravo; distributor Sigma, Delta's sibling, with customer Cobalt.
 * Companies are named `<Name> <label>` unless `names` says otherwise; the partners are signed in again,
 * as their consoles come with the company type.
 */
export async function partnerTree(
  t: TestApp,
  label: string,
  names: Partial<Record<keyof PartnerTree, string>> = {},
): Promise<PartnerTree> {
  const tree = {} as PartnerTree;
  for (const key of PARTNER_TREE) {
    const name = names[key] ?? `${key[0]!.toUpperCase()}${key.slice(1)} ${label}`;
    tree[key] = await companyOwner(t, name, `owner@${key}-${label.toLowerCase()}.test`);
  }
  const db = t.deps.db;
  for (const [key, type] of [
    ['delta', COMPANY_TYPE.distributor],
    ['sigma', COMPANY_TYPE.distributor],
    ['rho', COMPANY_TYPE.reseller],
  ] as const)
    await db.updateTable('company').set({ type }).where('id', '=', tree[key].companyId).execute();
  await insertRelation(db, tree.delta.companyId, tree.acme.companyId);
  await insertRelation(db, tree.delta.companyId, tree.rho.companyId);
  await insertRelation(db, tree.rho.companyId, tree.bravo.companyId);
  await insertRelation(db, tree.sigma.companyId, tree.cobalt.companyId);
  for (const key of ['delta', 'rho', 'sigma'] as const) tree[key] = await signInAgain(t, tree[key]);
  return tree;
}
