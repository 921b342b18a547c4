import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type CallParsedInput,
  COMPANY_TYPE,
  checkAccountPassword,
  DEFAULT_ROLE_NAMES,
  defaultFunCodes,
  ErrorCode,
  isEmail,
  isMainlandPhone,
  type Lang,
  normalizePhone,
  ROLE_TYPE,
  type RoleTypeName,
  type registerCall,
  type resetPasswordCall,
  SUPER_ADMIN_USER_NAME,
  type sendCodeCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/password-hash.ts';
import { endUserSessions } from '../../platform/auth/session.store.ts';
import { MAX_CLOCK_SKEW_MS } from '../../platform/auth/ticket.ts';
import { type DbOrTx, inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import * as store from './accounts.store.ts';
import { type CodeRequester, consumeCode, sendSmsCode } from './codes.service.ts';
import { normalizeAccount } from './login-account.ts';
import { assertPasswordRule, changePassword, rememberPassword } from './passwords.ts';

/** Core §6: a person joins at most 100 companies. */
export const MAX_COMPANIES_PER_PERSON = 100;

/**
 * Checks that a person may join one more company: 14049 at 100, 14050 where the deployment allows one
 * company per account (app_setting `oneCompanyPerAccount`). Issue 4's invitations reuse this.
 */
export async function assertMayJoinCompany(db: DbOrTx, userId: number): Promise<void> {
  const count = await store.countMemberships(db, userId);
  if (count >= 1 && (await store.readSetting(db, 'oneCompanyPerAccount', false)))
    throw new AppError(ErrorCode.ONE_COMPANY_PER_ACCOUNT);
  if (count >= MAX_COMPANIES_PER_PERSON) throw new AppError(ErrorCode.COMPANY_LIMIT);
}

/**
 * Registration: the company (end customer), its root group, the default role of every role type and
 * the owner. An account that already exists registers another company by giving its own password;
 * any other password is refused as "account exists" (9), never by overwriting it.
 */
export async function register(
  deps: ModuleDeps<'clock' | 'config' | 'db' | 'mailer' | 'sms'>,
  input: CallParsedInput<typeof registerCall>,
  lang: Lang,
): Promise<{ companyId: number; userId: number }> {
  const account = normalizeAccount(input.account);
  assertPasswordRule(input.password, { account, userName: input.userName }, lang);
  const now = deps.clock.now();
  if (await store.companyNameTaken(deps.db, input.companyName)) throw new AppError(ErrorCode.COMPANY_EXISTS);
  // The code first: until the caller proves the mailbox is theirs, a registered account answers
  // exactly as an unknown one. Checked outside the transaction so a wrong guess counts even though
  // the request fails; spent only once nothing else refuses.
  await consumeCode(deps.db, account, input.code, now, false);
  const existing = await store.findUserByAccount(deps.db, account);
  if (existing && !(await verifyPassword(input.password, existing.password_hash)))
    throw new AppError(ErrorCode.ACCOUNT_EXISTS);
  if (existing) await assertMayJoinCompany(deps.db, Number(existing.id));
  await consumeCode(deps.db, account, input.code, now);
  return inTransaction(deps.db, async (tx) => {
    let userId: number;
    if (existing) {
      userId = Number(existing.id);
      await assertMayJoinCompany(tx, userId);
    } else {
      const passwordHash = await hashPassword(input.password);
      userId = await store.insertUser(tx, {
        loginAccount: account,
        userName: input.userName,
        passwordHash,
        now,
      });
      await rememberPassword(tx, userId, passwordHash, now);
    }
    const { companyId, ownerRoleId } = await createCompany(
      tx,
      input.companyName,
      COMPANY_TYPE.endCustomer,
      lang,
    );
    const isDefault = (await store.countMemberships(tx, userId)) === 0;
    await store.insertMembership(tx, { companyId, userId, roleId: ownerRoleId, isDefault, isDelete: 0 });
    return { companyId, userId };
  });
}

/**
 * A new company with its root group and the default role of every role type (names in `lang`), as
 * registration and a partner adding a customer make one. The caller has checked the name (10).
 */
export async function createCompany(
  tx: DbOrTx,
  name: string,
  type: number,
  lang: Lang,
): Promise<{ companyId: number; ownerRoleId: number }> {
  const companyId = await store.insertCompany(tx, name, type);
  await store.insertRootGroup(tx, companyId, name);
  let ownerRoleId = 0;
  for (const roleName of Object.keys(ROLE_TYPE) as RoleTypeName[]) {
    const roleType = ROLE_TYPE[roleName];
    const roleId = await store.insertRole(tx, {
      companyId,
      name: DEFAULT_ROLE_NAMES[roleName][lang],
      roleType,
      isDefault: true,
      funCodes: defaultFunCodes(roleType),
    });
    if (roleType === ROLE_TYPE.owner) ownerRoleId = roleId;
  }
  return { companyId, ownerRoleId };
}

/** Forgotten or expired password: a code sent to the account proves the person. */
export async function resetPassword(
  deps: ModuleDeps<'clock' | 'config' | 'db' | 'mailer' | 'sms'>,
  input: CallParsedInput<typeof resetPasswordCall>,
  lang: Lang,
): Promise<void> {
  const account = normalizeAccount(input.account);
  const now = deps.clock.now();
  assertPasswordRule(input.password, { account }, lang);
  // The code first: an unknown account answers a wrong code exactly as a registered one (14011), and
  // "not registered" is told only to whoever holds the mailbox the code went to.
  const user = await store.findUserByAccount(deps.db, account);
  if (user) assertPasswordRule(input.password, { account, userName: user.user_name }, lang);
  await consumeCode(deps.db, account, input.code, now);
  if (!user)
    throw new AppError(isEmail(account) ? ErrorCode.EMAIL_NOT_REGISTERED : ErrorCode.PHONE_NOT_REGISTERED);
  await inTransaction(deps.db, async (tx) => {
    await changePassword(tx, Number(user.id), input.password, now);
    await endUserSessions(tx, Number(user.id), 'passwordChanged', now);
    // A reset also lifts a lockout: the person has just proved who they are.
    await tx.deleteFrom('login_attempt').where('account', '=', account).execute();
  });
}

/** My Account: the current password proves the person; the other sessions end. */
export async function updateOwnPassword(
  deps: ModuleDeps<'clock' | 'config' | 'db' | 'mailer' | 'sms'>,
  session: { userId: number; sessionId: string },
  input: { oldPassword: string; password: string },
  lang: Lang,
): Promise<void> {
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx) => {
    const user = await store.findUserById(tx, session.userId);
    if (!user) throw new AppError(ErrorCode.SESSION_EXPIRED);
    if (!(await verifyPassword(input.oldPassword, user.password_hash)))
      throw new AppError(ErrorCode.OLD_PASSWORD_WRONG);
    assertPasswordRule(input.password, { account: user.login_account, userName: user.user_name }, lang);
    await changePassword(tx, session.userId, input.password, now);
    await endUserSessions(tx, session.userId, 'passwordChanged', now, session.sessionId);
  });
}

/** hex SHA-256 of "<cellphone>.<src>.<time>" (docs/api.md "Verification codes"). */
export function sendCodeSign(cellphone: string, src: string, time: number): string {
  return createHash('sha256')
    .update(`${normalizePhone(cellphone)}.${src}.${time}`)
    .digest('hex');
}

/** SMS codes: the request must be signed within 5 minutes of the server's clock. */
export async function sendCode(
  deps: ModuleDeps<'clock' | 'config' | 'db' | 'mailer' | 'sms'>,
  input: CallParsedInput<typeof sendCodeCall>,
  lang: Lang,
  requester?: CodeRequester,
) {
  const phone = normalizePhone(input.cellphone);
  const expected = Buffer.from(sendCodeSign(phone, input.src, input.time), 'hex');
  const given = Buffer.from(input.sign.toLowerCase(), 'hex');
  const fresh = Math.abs(deps.clock.now().getTime() - input.time) <= MAX_CLOCK_SKEW_MS;
  if (!fresh || expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new AppError(ErrorCode.NO_PERMISSION);
  await sendSmsCode(deps, phone, input.src, lang, requester);
}

/** Core §5: a number that is not a mainland mobile skips the check (code 0). */
export async function checkCellphone(
  deps: ModuleDeps<'clock' | 'config' | 'db' | 'mailer' | 'sms'>,
  cellphone: string,
  src: string,
): Promise<void> {
  if (!isMainlandPhone(cellphone)) return;
  const user = await store.findUserByAccount(deps.db, normalizePhone(cellphone));
  if (src === 'register' && user) throw new AppError(ErrorCode.PHONE_REGISTERED);
  if (src !== 'register' && !user) throw new AppError(ErrorCode.PHONE_NOT_REGISTERED);
}

export const SUPER_ADMIN_NAME = SUPER_ADMIN_USER_NAME;

/** A random password that passes the core §5 rule (a random string may hold a run like "1234"). */
function randomPassword(account: string): string {
  for (;;) {
    const password = `${randomBytes(15).toString('base64url')}aZ7!`;
    if (!checkAccountPassword(password, { account, userName: SUPER_ADMIN_NAME })) return password;
  }
}

/**
 * First start: creates the Super Admin (no company, no root group) with a random password the caller
 * logs once. Answers null when one exists already.
 */
export async function ensureSuperAdmin(
  deps: ModuleDeps<'clock' | 'config' | 'db' | 'mailer' | 'sms'>,
): Promise<{ account: string; password: string } | null> {
  if (await store.anySuperAdmin(deps.db)) return null;
  const password = randomPassword(deps.config.superAdminAccount);
  const now = deps.clock.now();
  const account = deps.config.superAdminAccount;
  const passwordHash = await hashPassword(password);
  try {
    await inTransaction(deps.db, async (tx) => {
      const userId = await store.insertUser(tx, {
        loginAccount: account,
        userName: SUPER_ADMIN_NAME,
        passwordHash,
        now,
        initialPwd: 1,
        superAdmin: true,
      });
      await rememberPassword(tx, userId, passwordHash, now);
    });
  } catch (error) {
    // Two servers starting on one PostgreSQL: the other one created it first (unique account).
    if (await store.anySuperAdmin(deps.db)) return null;
    throw error;
  }
  return { account, password };
}
