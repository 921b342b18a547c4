import { ErrorCode } from '@fleetport/contract';
import { AppError } from '../errors.ts';
import type { Session } from './session.ts';

/** A signed-in person acting inside one company: every company-scoped store call takes its companyId. */
export interface Actor {
  sessionId: string;
  userId: number;
  companyId: number;
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
    sessionId: s.sessionId,
    userId: s.userId,
    companyId: s.companyId,
    roleId: s.roleId,
    roleType: s.roleType,
    funCodes: s.funCodes,
  };
}

/** Core §4, §6: lower roles cannot edit higher ones (14027). Role type values are their ranks. */
export function assertNotHigher(actor: Actor, targetRoleType: number): void {
  if (targetRoleType > actor.roleType) throw new AppError(ErrorCode.HIGHER_ROLE_PROTECTED);
}
