import { type CallParsedInput, ErrorCode, type Lang, type loginCall, ROLE_TYPE } from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/password-hash.ts';
import { openSession } from '../../platform/auth/session.store.ts';
import { AppError } from '../../platform/errors.ts';
import { findUserByAccount, listMemberships, rememberLanguage } from '../accounts/accounts.store.ts';
import { normalizeAccount } from '../accounts/login-account.ts';
import { secondFactorChallenge } from '../two-factor/two-factor-sign-in.ts';
import { isAccessRestricted } from './access-window.ts';
import { countFailure, refuseIfLocked } from './failure-ladder.ts';
import { clearAttempts, takeCaptcha } from './login-attempts.store.ts';

export { LOCK_SECONDS, MAX_FAILURES } from './failure-ladder.ts';

/** Compared against when the account does not exist, so both cases take one scrypt. */
let decoyHash: Promise<string> | null = null;

/**
 * Which company a sign-in lands in: the default one, else the first usable. Refusals say why the
 * person cannot enter (disabled 14020, the company disabled by the Super Admin 610041, VPN-client-only
 * 14054, access window 14091).
 */
async function landingCompany(
  deps: ModuleDeps<'clock' | 'config' | 'db'>,
  userId: number,
  now: Date,
): Promise<{ companyId: number; roleType: number }> {
  const memberships = (await listMemberships(deps.db, userId)).sort(
    (a, b) => Number(b.isDefault) - Number(a.isDefault),
  );
  const members = memberships.filter((m) => m.enabled);
  if (!members.length) throw new AppError(ErrorCode.USER_DISABLED);
  const enabled = members.filter((m) => !m.companyDisabled);
  if (!enabled.length) throw new AppError(ErrorCode.COMPANY_DISABLED);
  const web = enabled.filter((m) => m.roleType !== ROLE_TYPE.vpnClientOnly);
  if (!web.length) throw new AppError(ErrorCode.VPN_CLIENT_ONLY_USER);
  for (const m of web) {
    if (!(await isAccessRestricted(deps.db, m.companyId, m.roleType, now))) return m;
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
  const attempt = await refuseIfLocked(deps.db, account, now);
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
    const left = await countFailure(deps.db, account, attempt, now);
    throw new AppError(left === 2 ? ErrorCode.WRONG_PASSWORD_TWO_LEFT : ErrorCode.WRONG_PASSWORD_ONE_LEFT);
  }
  // The language of the console the person signs in to is the language of the mail they are sent.
  await rememberLanguage(deps.db, Number(user.id), lang);
  if (user.password_expires_at && new Date(user.password_expires_at) <= now) {
    await clearAttempts(deps.db, account);
    throw new AppError(ErrorCode.PASSWORD_EXPIRED);
  }
  const userId = Number(user.id);
  const landing = user.super_admin ? null : await landingCompany(deps, userId, now);
  const companyId = landing?.companyId ?? null;
  // The password is right; a second factor, when due, comes before the session (its wrong codes still
  // count on this account's ladder, so the attempts are cleared only when the session opens).
  const challenge = await secondFactorChallenge(
    deps,
    { userId, account, loginAccount: user.login_account, companyId, roleType: landing?.roleType ?? null },
    now,
  );
  if (challenge) return challenge;
  await clearAttempts(deps.db, account);
  const session = await openSession(deps.db, userId, companyId, now);
  return { ticket: session.ticket, key: session.key, expiresAt: session.expiresAt.getTime() };
}
