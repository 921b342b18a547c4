import { type CompanyAccount, ErrorCode } from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { type Actor, companyScope, owningScope } from '../../platform/auth/actor.ts';
import { endSession } from '../../platform/auth/session.store.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import * as store from './company-account.store.ts';

export async function getCompanyAccount(
  deps: ModuleDeps<'clock' | 'db'>,
  actor: Actor,
): Promise<CompanyAccount> {
  // The account page shows one company's account: the scope's owning company (a set is refused, 5).
  const owner = owningScope(actor.scope);
  const company = await store.findCompany(deps.db, owner);
  if (!company) throw new AppError(ErrorCode.COMPANY_NOT_FOUND);
  return {
    companyId: Number(company.id),
    name: company.name,
    type: Number(company.type),
    country: company.country,
    memberCount: await store.countMembers(deps.db, owner),
    hasRelations: await store.hasRelations(deps.db, owner),
    createdAt: new Date(company.created_at).getTime(),
  };
}

/** Name unique regardless of case (10); the type is locked while partner links exist (15002). */
export async function updateCompanyAccount(
  deps: ModuleDeps<'clock' | 'db'>,
  actor: Actor,
  input: { name?: string | undefined; type?: number | undefined; country?: string | undefined },
): Promise<void> {
  const owner = owningScope(actor.scope);
  await inTransaction(deps.db, async (tx) => {
    const company = await store.findCompany(tx, owner);
    if (!company) throw new AppError(ErrorCode.COMPANY_NOT_FOUND);
    const changes: { name?: string; type?: number; country?: string | null } = {};
    if (input.name !== undefined && input.name !== company.name) {
      if (await store.otherCompanyNamed(tx, input.name, owner)) throw new AppError(ErrorCode.COMPANY_EXISTS);
      changes.name = input.name;
    }
    if (input.type !== undefined && input.type !== Number(company.type)) {
      if (await store.hasRelations(tx, owner)) throw new AppError(ErrorCode.COMPANY_TYPE_LOCKED);
      changes.type = input.type;
    }
    if (input.country !== undefined) changes.country = input.country || null;
    await store.updateCompany(tx, owner, changes);
  });
}

export async function listCompanyMembers(
  deps: ModuleDeps<'clock' | 'db'>,
  actor: Actor,
  page: { pageNum: number; pageSize: number },
) {
  const rows = await store.listMembers(
    deps.db,
    actor.scope,
    (page.pageNum - 1) * page.pageSize,
    page.pageSize,
  );
  return {
    total: await store.countMembers(deps.db, actor.scope),
    list: rows.map((r) => ({
      userId: Number(r.user_id),
      userName: r.user_name,
      loginAccount: r.login_account,
      roleName: r.role_name,
      roleType: Number(r.role_type),
    })),
  };
}

/**
 * Leaving ends the session bound to the company; the company's default user cannot leave (14025). One
 * leaves one company: the scope's owning company (a set is refused, 5).
 */
export async function leaveCompany(deps: ModuleDeps<'clock' | 'db'>, actor: Actor): Promise<void> {
  const owner = owningScope(actor.scope);
  await inTransaction(deps.db, async (tx) => {
    const member = await store.findMembership(tx, owner, actor.userId);
    if (!member) throw new AppError(ErrorCode.NO_PERMISSION);
    if (member.is_delete === 0) throw new AppError(ErrorCode.DEFAULT_USER_FIXED);
    await store.removeMembership(tx, owner, actor.userId);
    await endSession(tx, actor.sessionId, 'logout', deps.clock.now());
  });
}

export async function chooseDefaultCompany(
  deps: ModuleDeps<'clock' | 'db'>,
  userId: number,
  companyId: number,
): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    // The person's own setting: any company they belong to, whichever the session is bound to.
    if (!(await store.findMembership(tx, companyScope(companyId), userId)))
      throw new AppError(ErrorCode.NO_PERMISSION);
    await store.setDefaultCompany(tx, userId, companyId);
  });
}
