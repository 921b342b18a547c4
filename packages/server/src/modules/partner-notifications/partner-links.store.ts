import type { NoticeCustomer } from '@fleetport/contract';
import { type CompanyScope, owningCompany } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/**
 * The partner links a partner's notices and alert mails follow (company_relation, written by the
 * customers area): the scope's owning company is the partner, its downstream companies its customers.
 */

/** The partner's downstream customers by name. */
export async function downstreamCustomers(db: DbOrTx, scope: CompanyScope): Promise<NoticeCustomer[]> {
  const rows = await db
    .selectFrom('company_relation')
    .innerJoin('company', 'company.id', 'company_relation.downstream_company_id')
    .select(['company.id', 'company.name'])
    .where('company_relation.upstream_company_id', '=', owningCompany(scope))
    .orderBy('company.name')
    .orderBy('company.id')
    .execute();
  return rows.map((r) => ({ companyId: Number(r.id), companyName: r.name }));
}

/** Those of `ids` that are not downstream customers of the scope's company. */
export async function notDownstream(
  db: DbOrTx,
  scope: CompanyScope,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('company_relation')
    .select('downstream_company_id')
    .where('upstream_company_id', '=', owningCompany(scope))
    .where('downstream_company_id', 'in', ids)
    .execute();
  const found = new Set(rows.map((r) => Number(r.downstream_company_id)));
  return ids.filter((id) => !found.has(id));
}

/** Every partner link: the alert job walks them (upstream partner, downstream customer). */
export async function allPartnerLinks(db: DbOrTx) {
  const rows = await db
    .selectFrom('company_relation')
    .select(['upstream_company_id', 'downstream_company_id'])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    partnerId: Number(r.upstream_company_id),
    customerId: Number(r.downstream_company_id),
  }));
}
