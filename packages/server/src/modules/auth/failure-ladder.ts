import { ErrorCode } from '@fleetport/contract';
import type { DbOrTx } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { findAttempt, saveAttempt } from './login-attempts.store.ts';

/** Core §8: two wrong passwords warn (14010, 14030), the third locks for 30 minutes (14031). */
export const MAX_FAILURES = 3;
export const LOCK_SECONDS = 30 * 60;

type Attempt = Awaited<ReturnType<typeof findAttempt>>;

/** The seconds an account is still locked for, or 0. */
export function lockedSeconds(attempt: Attempt, now: Date): number {
  const lockedUntil = attempt?.locked_until ? new Date(attempt.locked_until) : null;
  if (!lockedUntil || lockedUntil <= now) return 0;
  return Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000);
}

/** Refuses a locked account with 14031 and the seconds left. */
export async function refuseIfLocked(db: DbOrTx, account: string, now: Date): Promise<Attempt> {
  const attempt = await findAttempt(db, account);
  const seconds = lockedSeconds(attempt, now);
  if (seconds > 0) throw new AppError(ErrorCode.ACCOUNT_LOCKED, seconds);
  return attempt;
}

/**
 * Counts one more failure (a wrong password, or a wrong, replayed or used second-factor code: one ladder
 * per account) and answers the attempts left; at the third the account locks and 14031 is thrown. A
 * failure at sign-in asks for a captcha at the next password; one inside a session (My Account's code)
 * does not, since the captcha guards the password form.
 */
export async function countFailure(
  db: DbOrTx,
  account: string,
  attempt: Attempt,
  now: Date,
  options: { captcha: boolean } = { captcha: true },
): Promise<number> {
  // A lock that has run out starts the ladder again.
  const failures = (attempt?.locked_until ? 0 : (attempt?.failures ?? 0)) + 1;
  const locked = failures >= MAX_FAILURES;
  await saveAttempt(db, {
    account,
    failures,
    lockedUntil: locked ? new Date(now.getTime() + LOCK_SECONDS * 1000) : null,
    captchaRequired: options.captcha || attempt?.captcha_required === true,
    now,
  });
  if (locked) throw new AppError(ErrorCode.ACCOUNT_LOCKED, LOCK_SECONDS);
  return MAX_FAILURES - failures;
}
