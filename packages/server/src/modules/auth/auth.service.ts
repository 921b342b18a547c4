import { type CallParsedInput, ErrorCode, type Lang, type loginCall, ROLE_TYPE } from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/password-hash.ts';
import { openSession } from '../../platform/auth/session.store.ts';
import { AppError } from '../../platform/errors.ts';
import { findUserByAccount, listMemberships, rememberLanguage } from '../accounts/accounts.store.ts';
import { normalizeAccount } from '../accounts/login-account.ts';
import { isAccessRestricted } from './access-window.ts';
import { clearAttempts, findAttempt, saveAttempt, takeCaptcha } from './login-attempts.store.ts';

/** Core §8: two wrong passwords warn (14010, 14030), the third locks for 30 minutes (14031). */
export const MAX_FAILURES = 3;
export const LOCK_SECONDS = 30 * 60;

/** Compared against when the account does not exist, so both cases take one scrypt. */
let decoyHash: Promise<string> | null = null;

function wrongPasswordError(failures: number): AppError {
  if (failures >= MAX_FAILURES) return new AppError(ErrorCode.ACCOUNT_LOCKED, LOCK_SECONDS);
  return new AppError(failures === 1 ? ErrorCode.WRONG_PASSWORD_TWO_LEFT : ErrorCode.WRONG_PASSWORD_ONE_LEFT);
}

/**
 * Which company a sign-in lands in: the default one, else the first usable. Refusals say why the
 * person cannot enter (disabled 14020, VPN-client-only 14054, access window 14091).
 */
async function landingCompany(
  deps: ModuleDeps<'clock' | 'config' | 'db'>,
  userId: number,
  now: Date,
): Promise<number> {
  const memberships = (await listMemberships(deps.db, userId)).sort(
    (a, b) => Number(b.isDefault) - Number(a.isDefault),
  );
  const enabled = memberships.filter((m) => m.enabled);
  if (!enabled.length) throw new AppError(ErrorCode.USER_DISABLED);
  const web = enabled.filter((m) => m.roleType !== ROLE_TYPE.vpnClientOnly);
  if (!web.length) throw new AppError(ErrorCode.VPN_CLIENT_ONLY_USER);
  for (const m of web) {
    if (!(await isAccessRestricted(deps.db, m.companyId, m.roleType, now))) return m.companyId;
  }
  throw new AppError(ErrorCode.ACCESS_RESTRICTED);
}

export async function login(
  deps: ModuleDeps<'clock' | 'config' | 'db'>,
  input: CallParsedInput<typeof loginCall>,
  lang: Lang = 'en',
) {
  const account = normalizeAccount(input.account);
  const now = deps.clock.now();
  const attempt = await findAttempt(deps.db, account);
  const lockedUntil = attempt?.locked_until ? new Date(attempt.locked_until) : null;
  if (lockedUntil && lockedUntil > now) {
    throw new AppError(ErrorCode.ACCOUNT_LOCKED, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  }
  // After a wrong password a person must read a captcha; automated-test mode turns only this off.
  if (attempt?.captcha_required && !deps.config.automatedTestMode) {
    if (!input.captcha || !input.captchaId) throw new AppError(ErrorCode.CAPTCHA_REQUIRED);
    if (!(await takeCaptcha(deps.db, input.captchaId, input.captcha, now)))
      throw new AppError(ErrorCode.WRONG_CAPTCHA);
  }
  const user = await findUserByAccount(deps.db, account);
  decoyHash ??= hashPassword('decoy password that matches nothing');
  const passwordOk = await verifyPassword(input.password, user?.password_hash ?? (await decoyHash));
  if (!user || !passwordOk) {
    // A lock that has run out starts the ladder again.
    const failures = (lockedUntil ? 0 : (attempt?.failures ?? 0)) + 1;
    const locked = failures >= MAX_FAILURES;
    await saveAttempt(deps.db, {
      account,
      failures,
      lockedUntil: locked ? new Date(now.getTime() + LOCK_SECONDS * 1000) : null,
      captchaRequired: true,
      now,
    });
    throw wrongPasswordError(failures);
  }
  await clearAttempts(deps.db, account);
  // The language of the console the person signs in to is the language of the mail they are sent.
  await rememberLanguage(deps.db, Number(user.id), lang);
  if (user.password_expires_at && new Date(user.password_expires_at) <= now)
    throw new AppError(ErrorCode.PASSWORD_EXPIRED);
  const userId = Number(user.id);
  const companyId = user.super_admin ? null : await landingCompany(deps, userId, now);
  const session = await openSession(deps.db, userId, companyId, now);
  return { ticket: session.ticket, key: session.key, expiresAt: session.expiresAt.getTime() };
}
