import { ErrorCode, type TwoFactorPolicy } from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { type Actor, owningScope } from '../../platform/auth/actor.ts';
import type { Session } from '../../platform/auth/session.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { normalizeAccount } from '../accounts/login-account.ts';
import { alterableMember } from '../users/users.service.ts';
import { enrolmentOf, newTotpSecret } from './totp.ts';
import * as store from './two-factor.store.ts';
import { factorSeal, issueRecoveryCodes, policyRequires, takeTotpCode } from './two-factor-sign-in.ts';

type Deps = ModuleDeps<'clock' | 'config' | 'db'>;

const personOf = (session: Session) => ({
  userId: session.userId,
  account: normalizeAccount(session.loginAccount),
});

async function requiredFor(deps: Deps, session: Session): Promise<boolean> {
  if (session.companyId === null) return false;
  return policyRequires(await store.findPolicyOfCompany(deps.db, session.companyId), session.roleType);
}

export async function twoFactorStatus(deps: Deps, session: Session) {
  const factor = await store.findFactor(deps.db, session.userId);
  return {
    enrolled: factor?.confirmed === true,
    required: await requiredFor(deps, session),
    recoveryCodesLeft: await store.countRecoveryCodes(deps.db, session.userId),
  };
}

/** A new key waiting for its first code; an enrolled person removes the factor first (610027). */
export async function beginEnrolment(deps: Deps, session: Session) {
  const factor = await store.findFactor(deps.db, session.userId);
  if (factor?.confirmed) throw new AppError(ErrorCode.TWO_FACTOR_ALREADY_ENROLLED);
  const secret = newTotpSecret();
  await store.savePendingFactor(
    deps.db,
    session.userId,
    await factorSeal(deps).seal(secret),
    deps.clock.now(),
  );
  return enrolmentOf(secret, session.loginAccount);
}

export async function confirmEnrolment(deps: Deps, session: Session, code: string) {
  await takeTotpCode(deps, personOf(session), code, { confirm: true, inSession: true });
  return { recoveryCodes: await issueRecoveryCodes(deps.db, session.userId) };
}

/** Turning the factor off asks a current code, and is refused while the company requires it (610026). */
export async function removeFactor(deps: Deps, session: Session, code: string) {
  if (session.superAdmin) throw new AppError(ErrorCode.TWO_FACTOR_REQUIRED_FOR_SUPER_ADMIN);
  if (await requiredFor(deps, session)) throw new AppError(ErrorCode.TWO_FACTOR_REQUIRED_BY_POLICY);
  await takeTotpCode(deps, personOf(session), code, { inSession: true });
  await store.deleteFactor(deps.db, session.userId);
}

export async function getPolicy(deps: Deps, actor: Actor) {
  return { policy: await store.findPolicy(deps.db, actor.scope) };
}

/** Takes effect at each member's next sign-in: who must and has no factor enrols there. */
export async function setPolicy(deps: Deps, actor: Actor, policy: TwoFactorPolicy) {
  await store.savePolicy(deps.db, actor.scope, policy, deps.clock.now());
}

/**
 * An administrator removes a member's factor (a lost phone): the member signs in with the password and,
 * when the policy requires it, enrols again. The member is one the administrator may change on the users
 * page (700004 outside the company, 14025 the default user or a group's administrator, 14027 a higher
 * role). The factor is the person's own in every company they belong to, so a person who also belongs
 * to a company outside the caller's reach is refused (610030): another company's administrator must not
 * switch off that company's second factor.
 */
export async function resetMemberFactor(deps: Deps, actor: Actor, userId: number) {
  await inTransaction(deps.db, async (tx) => {
    await alterableMember(tx, actor, userId);
    if (await store.belongsOutside(tx, owningScope(actor.scope), userId))
      throw new AppError(ErrorCode.TWO_FACTOR_MEMBER_ELSEWHERE);
    await store.deleteFactor(tx, userId);
  });
}
