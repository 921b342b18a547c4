import { createHash, randomBytes } from 'node:crypto';
import {
  type CallParsedInput,
  ErrorCode,
  type loginSecondFactorCall,
  ROLE_TYPE,
  type SecondFactorChallenge,
  type TwoFactorPolicy,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { openSession } from '../../platform/auth/session.store.ts';
import { type DbOrTx, inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { secretSeal } from '../../platform/sealed-secret.ts';
import { normalizeAccount } from '../accounts/login-account.ts';
import { countFailure, refuseIfLocked } from '../auth/failure-ladder.ts';
import { clearAttempts } from '../auth/login-attempts.store.ts';
import { enrolmentOf, matchingStep, newRecoveryCodes, newTotpSecret, recoveryCodeHash } from './totp.ts';
import * as store from './two-factor.store.ts';

/** Between the password and the code (issue 18). */
export const CHALLENGE_MS = 5 * 60 * 1000;

type Deps = ModuleDeps<'clock' | 'config' | 'db'>;

/** TOTP keys are sealed for this purpose alone (platform/sealed-secret.ts). */
export function factorSeal(deps: ModuleDeps<'config' | 'db'>) {
  return secretSeal(deps.db, deps.config.serverSecret, 'two-factor');
}

/** Whether a company's policy asks a member of this role type for a second factor. */
export function policyRequires(policy: TwoFactorPolicy, roleType: number | null): boolean {
  if (policy === 'everyone') return true;
  if (policy === 'administrators') return roleType !== null && roleType >= ROLE_TYPE.administrator;
  return false;
}

/** Rolls back the transaction that took the challenge when the recovery code is wrong. */
const WRONG_RECOVERY_CODE = Symbol('wrong recovery code');

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * After a right password: null when no second factor is due, else a 5-minute challenge; a person the
 * policy requires to enrol gets a new key with it (kept waiting until the first code confirms it).
 */
export async function secondFactorChallenge(
  deps: Deps,
  who: {
    userId: number;
    account: string;
    loginAccount: string;
    companyId: number | null;
    roleType: number | null;
    /** The Super Admin always has a second factor: it enrols on its first sign-in (issue 18). */
    superAdmin?: boolean;
  },
  now: Date,
): Promise<SecondFactorChallenge | null> {
  const factor = await store.findFactor(deps.db, who.userId);
  const enrolled = factor?.confirmed === true;
  if (!enrolled) {
    const policy = who.superAdmin
      ? 'everyone'
      : who.companyId === null
        ? 'off'
        : await store.findPolicyOfCompany(deps.db, who.companyId);
    if (!policyRequires(policy, who.roleType)) return null;
  }
  const challenge = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + CHALLENGE_MS);
  await store.insertChallenge(
    deps.db,
    hashOf(challenge),
    { userId: who.userId, account: who.account, companyId: who.companyId, enrol: !enrolled },
    expiresAt,
  );
  const answer: SecondFactorChallenge = { challenge, challengeExpiresAt: expiresAt.getTime() };
  if (enrolled) return answer;
  const secret = newTotpSecret();
  await store.savePendingFactor(deps.db, who.userId, await factorSeal(deps).seal(secret), now);
  return { ...answer, enrolment: await enrolmentOf(secret, who.loginAccount) };
}

/**
 * Checks a TOTP code against the person's key and takes its step (RFC 6238 §5.2: a step is accepted
 * once). Wrong and replayed codes count on the account's ladder (610022, 610023; the third is 14031).
 */
export async function takeTotpCode(
  deps: ModuleDeps<'clock' | 'config' | 'db'>,
  who: { userId: number; account: string },
  code: string,
  options: { confirm?: boolean; inSession?: boolean } = {},
): Promise<void> {
  const now = deps.clock.now();
  const attempt = await refuseIfLocked(deps.db, who.account, now);
  const factor = await store.findFactor(deps.db, who.userId);
  const wanted = options.confirm ? factor && !factor.confirmed : factor?.confirmed;
  if (!factor || !wanted) {
    if (options.confirm)
      throw new AppError(
        factor ? ErrorCode.TWO_FACTOR_ALREADY_ENROLLED : ErrorCode.TWO_FACTOR_ENROLMENT_NOT_STARTED,
      );
    throw new AppError(ErrorCode.TWO_FACTOR_NOT_ENROLLED);
  }
  const step = matchingStep(await factorSeal(deps).open(factor.secretSealed), code, now);
  if (step === null) {
    const left = await countFailure(deps.db, who.account, attempt, now, { captcha: !options.inSession });
    throw new AppError(ErrorCode.TWO_FACTOR_CODE_WRONG, left);
  }
  if (!(await store.takeStep(deps.db, who.userId, step, now, options.confirm))) {
    const left = await countFailure(deps.db, who.account, attempt, now, { captcha: !options.inSession });
    throw new AppError(ErrorCode.TWO_FACTOR_CODE_REUSED, left);
  }
  await clearAttempts(deps.db, who.account);
}

/** Ten new recovery codes for a person, stored hashed; the plain codes are answered once. */
export async function issueRecoveryCodes(db: DbOrTx, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await store.replaceRecoveryCodes(
    db,
    userId,
    codes.map((c) => recoveryCodeHash(userId, c)),
  );
  return codes;
}

/** `sso.loginSecondFactor`: the challenge and a code (or a recovery code) for the session. */
export async function completeSecondFactor(deps: Deps, input: CallParsedInput<typeof loginSecondFactorCall>) {
  const now = deps.clock.now();
  const hash = hashOf(input.challenge);
  const challenge = await store.findChallenge(deps.db, hash, now);
  if (!challenge) throw new AppError(ErrorCode.TWO_FACTOR_CHALLENGE_EXPIRED);
  const who = { userId: challenge.userId, account: challenge.account };
  let recoveryCodes: string[] | undefined;
  if (input.recoveryCode !== undefined) {
    if (challenge.enrol) throw new AppError(ErrorCode.TWO_FACTOR_ENROLMENT_REQUIRED);
    const attempt = await refuseIfLocked(deps.db, who.account, now);
    // The challenge is taken first and the code spent in the same transaction: a code given to a
    // challenge another request already used (or one that ran out) is refused and kept, and a wrong
    // code leaves the challenge for the next try.
    const codeHash = recoveryCodeHash(who.userId, input.recoveryCode);
    const spent = await inTransaction(deps.db, async (tx) => {
      if (!(await store.takeChallenge(tx, hash, now)))
        throw new AppError(ErrorCode.TWO_FACTOR_CHALLENGE_EXPIRED);
      if (await store.takeRecoveryCode(tx, who.userId, codeHash)) return true;
      throw WRONG_RECOVERY_CODE;
    }).catch((e: unknown) => {
      if (e === WRONG_RECOVERY_CODE) return false;
      throw e;
    });
    if (!spent) {
      const left = await countFailure(deps.db, who.account, attempt, now);
      throw new AppError(ErrorCode.TWO_FACTOR_RECOVERY_CODE_INVALID, left);
    }
    await clearAttempts(deps.db, who.account);
  } else {
    await takeTotpCode(deps, who, input.code ?? '', { confirm: challenge.enrol });
    if (challenge.enrol) recoveryCodes = await issueRecoveryCodes(deps.db, who.userId);
  }
  if (input.recoveryCode === undefined && !(await store.takeChallenge(deps.db, hash, now)))
    throw new AppError(ErrorCode.TWO_FACTOR_CHALLENGE_EXPIRED);
  const session = await openSession(deps.db, who.userId, challenge.companyId, now);
  return {
    ticket: session.ticket,
    key: session.key,
    expiresAt: session.expiresAt.getTime(),
    ...(recoveryCodes ? { recoveryCodes } : {}),
  };
}

/**
 * A sensitive action (an open API client's secret) asks a person with two-factor on for a current code:
 * none answers 610031; a wrong or replayed one counts like any in-session code. Nothing is asked of
 * someone without a confirmed factor.
 */
export async function confirmWithSecondFactor(
  deps: ModuleDeps<'clock' | 'config' | 'db'>,
  who: { userId: number; loginAccount: string },
  code: string | undefined,
): Promise<void> {
  const factor = await store.findFactor(deps.db, who.userId);
  if (!factor?.confirmed) return;
  if (code === undefined) throw new AppError(ErrorCode.TWO_FACTOR_CODE_NEEDED);
  await takeTotpCode(deps, { userId: who.userId, account: normalizeAccount(who.loginAccount) }, code, {
    inSession: true,
  });
}
