import { randomBytes } from 'node:crypto';
import {
  type addCustomerCall,
  type CallParsedInput,
  COMPANY_TYPE,
  type Customer,
  type CustomerLicence,
  type CustomerListQuery,
  DEFAULT_ROLE_NAMES,
  ErrorCode,
  type Lang,
  LEVEL_PRODUCT,
  LICENCE_PRODUCTS,
  type LicenceProduct,
  type Page,
  type updateCustomerCall,
} from '@fleetport/contract';
import type { FastifyRequest } from 'fastify';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import {
  type Actor,
  type CompanyScope,
  companyScope,
  owningCompany,
  owningScope,
} from '../../platform/auth/actor.ts';
import { type DbOrTx, inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { renderMail } from '../../platform/mail/mail-text.ts';
import { assertMayJoinCompany, createCompany } from '../accounts/accounts.service.ts';
import { companyNameTaken, findUserByAccount, findUserById } from '../accounts/accounts.store.ts';
import { otherCompanyNamed } from '../company-account/company-account.store.ts';
import { INVITATION_DAYS, invitationLink } from '../users/invitations.service.ts';
import { insertInvitation } from '../users/invitations.store.ts';
import { INVITATION_MAIL } from '../users/users.text.ts';
import * as store from './customers.store.ts';

/** What the customers area reads from AppDeps (its manifest's `uses`). */
export type CustomerDeps = ModuleDeps<'clock' | 'config' | 'db' | 'hub' | 'mailer'>;

const DAY_MS = 86_400_000;

/**
 * The customer `companyId` of the caller's company (`direct`, to change it) or of any company below it
 * (`tree`, to read it) as a scope of its own. Anything else (a sibling, the caller's own partner, a
 * stranger, a company that does not exist) is 5: the answer never tells which.
 */
export async function requireCustomer(
  db: DbOrTx,
  actor: Actor,
  companyId: number,
  reach: store.CustomerReach,
): Promise<CompanyScope> {
  const customer = await store.customerScope(db, actor.scope, companyId, reach);
  if (!customer) throw new AppError(ErrorCode.NO_PERMISSION);
  return customer;
}

/** Each customer's devices and licences, read for the page's companies together. */
async function withHoldings(
  { db, clock }: Pick<CustomerDeps, 'db' | 'clock'>,
  caller: CompanyScope,
  rows: store.CustomerCompanyRow[],
): Promise<Customer[]> {
  if (rows.length === 0) return [];
  const page: CompanyScope = { kind: 'companies', companyIds: rows.map((r) => r.companyId) };
  const [devices, unused, licenced] = await Promise.all([
    store.deviceCounts(db, page),
    store.unusedByCompany(db, page),
    store.licencedByCompany(db, page, clock.now()),
  ]);
  return rows.map((row) => {
    const held = new Map<string, CustomerLicence>();
    const entry = (product: string) => {
      const found = held.get(product) ?? { product: product as LicenceProduct, unused: 0, assigned: 0 };
      held.set(product, found);
      return found;
    };
    for (const u of unused) if (u.companyId === row.companyId) entry(u.product).unused += u.count;
    for (const l of licenced) {
      const product = LEVEL_PRODUCT[l.level as keyof typeof LEVEL_PRODUCT];
      if (l.companyId === row.companyId && product) entry(product).assigned += l.count;
    }
    const licences = LICENCE_PRODUCTS.flatMap((p) => held.get(p) ?? []);
    const direct = row.partner.companyId === owningCompany(caller);
    return { ...row, deviceCount: devices.get(row.companyId) ?? 0, licences, direct };
  });
}

/** The customer rows of a filter, in the list's order: the page and the export read the same. */
export async function customerRows(
  deps: Pick<CustomerDeps, 'db' | 'clock'>,
  scope: CompanyScope,
  filter: Omit<CustomerListQuery, 'pageNum' | 'pageSize'>,
  offset: number,
  limit: number,
): Promise<Customer[]> {
  return withHoldings(deps, scope, await store.customerCompanies(deps.db, scope, filter, offset, limit));
}

export async function listCustomers(
  deps: CustomerDeps,
  actor: Actor,
  input: CustomerListQuery,
): Promise<Page<Customer>> {
  const { pageNum, pageSize, ...filter } = input;
  // A re-seller's list is read through the tree: one outside it is 5, not an empty page.
  if (filter.partnerCompanyId !== undefined)
    await requireCustomer(deps.db, actor, filter.partnerCompanyId, 'tree');
  const [total, list] = await Promise.all([
    store.countCustomers(deps.db, actor.scope, filter),
    customerRows(deps, actor.scope, filter, (pageNum - 1) * pageSize, pageSize),
  ]);
  return { total, list };
}

export async function getCustomer(deps: CustomerDeps, actor: Actor, companyId: number): Promise<Customer> {
  const customer = await requireCustomer(deps.db, actor, companyId, 'tree');
  const row = await store.customerCompany(deps.db, customer);
  if (!row) throw new AppError(ErrorCode.NO_PERMISSION);
  const [found] = await withHoldings(deps, actor.scope, [row]);
  return found!;
}

/**
 * core §3, §6: a distributor's customers are end customers and re-sellers, a re-seller's end customers
 * only; an end customer has none.
 */
function assertMayAdd(partnerType: number | null, customerType: number): void {
  if (partnerType === COMPANY_TYPE.distributor) {
    if (customerType === COMPANY_TYPE.distributor) throw new AppError(ErrorCode.DISTRIBUTOR_CUSTOMER_TYPE);
    return;
  }
  if (partnerType === COMPANY_TYPE.reseller) {
    if (customerType !== COMPANY_TYPE.endCustomer) throw new AppError(ErrorCode.RESELLER_CUSTOMER_TYPE);
    return;
  }
  throw new AppError(ErrorCode.END_CUSTOMER_NO_DOWNSTREAM);
}

/**
 * Creates the customer's company (root group and default roles as registration makes them), links it
 * below the caller's company and invites `ownerEmail` as its owner through the users area's invitations
 * (the mail links to /emailToLogin; accepting creates the account when there is none).
 */
export async function addCustomer(
  deps: CustomerDeps,
  actor: Actor,
  input: CallParsedInput<typeof addCustomerCall>,
  lang: Lang,
  request: FastifyRequest,
): Promise<{ companyId: number; invitationId: number }> {
  // A customer belongs to one partner: the company the actor writes into (a set is refused, 5).
  const partner = owningScope(actor.scope);
  assertMayAdd(await store.ownCompanyType(deps.db, partner), input.type);
  const { companyId, invitationId, mail } = await inTransaction(deps.db, async (tx) => {
    if (await store.customerNamed(tx, partner, input.name)) throw new AppError(ErrorCode.CUSTOMER_EXISTS);
    return foundCompanyInvitingOwner(deps, tx, { ...input, inviterId: actor.userId }, lang, request, (c) =>
      store.linkCustomer(tx, partner, c, deps.clock.now()),
    );
  });
  await deps.mailer.send(mail);
  return { companyId, invitationId };
}

/**
 * A new company (root group and default roles as registration makes them) whose owner `ownerEmail` is
 * invited through the users area's invitations (the mail links to /emailToLogin; accepting creates the
 * account when there is none). A partner's new customer and the Super Admin's new distributor are both
 * made here; `link` places the company (below its partner) before the invitation is written.
 */
export async function foundCompanyInvitingOwner(
  deps: Pick<CustomerDeps, 'clock' | 'config' | 'db' | 'mailer'>,
  tx: DbOrTx,
  input: { name: string; type: number; country?: string | undefined; ownerEmail: string; inviterId: number },
  lang: Lang,
  request: FastifyRequest,
  link?: (company: CompanyScope) => Promise<void>,
) {
  const email = input.ownerEmail.toLowerCase();
  const now = deps.clock.now();
  const token = randomBytes(32).toString('base64url');
  if (await companyNameTaken(tx, input.name)) throw new AppError(ErrorCode.COMPANY_EXISTS);
  const person = await findUserByAccount(tx, email);
  // Told now rather than after the owner clicks (14049, 14050), as an invitation into one's own company.
  if (person) await assertMayJoinCompany(tx, Number(person.id));
  const created = await createCompany(tx, input.name, input.type, lang);
  // The company was made just now, by this caller: its scope needs no link to prove it.
  const company = companyScope(created.companyId);
  if (link) await link(company);
  if (input.country) await store.updateCustomerFields(tx, company, { country: input.country });
  const invitationId = await insertInvitation(tx, company, {
    email,
    roleId: created.ownerRoleId,
    token,
    inviterId: input.inviterId,
    now,
    expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
  });
  const inviter = await findUserById(tx, input.inviterId);
  const mail = renderMail(INVITATION_MAIL, lang, email, {
    companyName: input.name,
    inviterName: inviter?.user_name ?? '',
    roleName: DEFAULT_ROLE_NAMES.owner[lang],
    link: invitationLink(deps, request, token),
    days: INVITATION_DAYS,
  });
  return { companyId: created.companyId, invitationId, mail };
}

/** Renames a customer or sets its country: names stay unique on the platform (10). */
export async function updateCustomer(
  deps: CustomerDeps,
  actor: Actor,
  input: CallParsedInput<typeof updateCustomerCall>,
): Promise<Customer> {
  await inTransaction(deps.db, async (tx) => {
    const customer = await requireCustomer(tx, actor, input.companyId, 'direct');
    const changes: { name?: string; country?: string | null } = {};
    if (input.name !== undefined) {
      if (await otherCompanyNamed(tx, input.name, customer)) throw new AppError(ErrorCode.COMPANY_EXISTS);
      changes.name = input.name;
    }
    if (input.country !== undefined) changes.country = input.country || null;
    await store.updateCustomerFields(tx, customer, changes);
  });
  return getCustomer(deps, actor, input.companyId);
}
