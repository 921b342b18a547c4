import { ErrorCode } from '@fleetport/contract';
import { AppError } from '../errors.ts';
import type { Session } from './session.ts';

/**
 * The companies a call may reach. Today every session is bound to one company; a distributor or
 * re-seller (with licences) will reach a set of downstream companies, so stores take this type, not
 * a bare id, and `scopedCompanyIds` is the one place that turns it into SQL's `company_id in (...)`.
 */
export type CompanyScope =
  | { kind: 'company'; companyId: number }
  | { kind: 'companies'; companyIds: readonly number[] };

/** The scope of one company: what a job acting for a record's company (an export) reaches. */
export function companyScope(companyId: number): CompanyScope {
  return { kind: 'company', companyId };
}

/** The ids of a scope, for `where company_id in (...)`. */
export function scopedCompanyIds(scope: CompanyScope): readonly number[] {
  return scope.kind === 'company' ? [scope.companyId] : scope.companyIds;
}

/**
 * The one company a write lands in. Creating or changing a row needs a single owner; a partner
 * acting across its tree names the company first, so a set scope is refused here (5) until then.
 */
export function owningCompany(scope: CompanyScope): number {
  if (scope.kind === 'company') return scope.companyId;
  throw new AppError(ErrorCode.NO_PERMISSION);
}

/**
 * The owning company as a scope of its own: what the checks before a write read (the role handed out,
 * the member changed, the device edited), so they look in the company the write lands in, not the set.
 */
export function owningScope(scope: CompanyScope): CompanyScope {
  return companyScope(owningCompany(scope));
}

/**
 * Who is calling and what they may reach, built once per call from the session (`companyActor`)
 * and handed to services and stores: nothing reads a bare companyId from the request.
 */
export interface Actor {
  scope: CompanyScope;
  sessionId: string;
  userId: number;
  roleId: number;
  roleType: number;
  funCodes: ReadonlySet<string>;
}

/**
 * The company scope of a call. The Super Admin (no company) passes every permission check, so this is
 * where company-scoped calls refuse it (5): there is no company whose data it could mean.
 */
export function companyActor(ctx: { session: Session | null }): Actor {
  const s = ctx.session;
  if (!s) throw new AppError(ErrorCode.NO_CREDENTIALS);
  if (s.companyId === null || s.roleId === null || s.roleType === null)
    throw new AppError(ErrorCode.NO_PERMISSION);
  return {
    scope: { kind: 'company', companyId: s.companyId },
    sessionId: s.sessionId,
    userId: s.userId,
    roleId: s.roleId,
    roleType: s.roleType,
    funCodes: s.funCodes,
  };
}

/** The actor of a call open to every session: null for the Super Admin, who has no company. */
export function companyActorIfAny(ctx: { session: Session | null }): Actor | null {
  const s = ctx.session;
  if (!s || s.companyId === null || s.roleId === null || s.roleType === null) return null;
  return companyActor(ctx);
}

/** Core §4, §6: lower roles cannot edit higher ones (14027). Role type values are their ranks. */
export function assertNotHigher(actor: Actor, targetRoleType: number): void {
  if (targetRoleType > actor.roleType) throw new AppError(ErrorCode.HIGHER_ROLE_PROTECTED);
}
