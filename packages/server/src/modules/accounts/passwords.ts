import {
  type AccountPasswordContext,
  checkAccountPassword,
  ErrorCode,
  type Lang,
  ruleText,
} from '@fleetport/contract';
import { hashPassword, verifyPassword } from '../../platform/auth/password-hash.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';

/** Core §5: a new password must not be one of the last 5. */
export const PASSWORD_HISTORY = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The current rule of core §5 with the person's own name and account, answered like a validation
 * error (code 1 naming the field) so the form shows it beside the password.
 */
export function assertPasswordRule(password: string, ctx: AccountPasswordContext, lang: Lang): void {
  const key = checkAccountPassword(password, ctx);
  if (!key) return;
  const fields = [{ field: 'password', message: ruleText(key, lang) }];
  throw new AppError(ErrorCode.PARAMETER_ERROR, { fields }, 400, `password: ${fields[0]!.message}`);
}

async function isRecentPassword(db: DbOrTx, userId: number, password: string): Promise<boolean> {
  const rows = await db
    .selectFrom('password_history')
    .select('password_hash')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(PASSWORD_HISTORY)
    .execute();
  for (const row of rows) if (await verifyPassword(password, row.password_hash)) return true;
  return false;
}

/** Records a password a person has set (the first one included), keeping the last five. */
export async function rememberPassword(db: DbOrTx, userId: number, passwordHash: string, now: Date) {
  await db
    .insertInto('password_history')
    .values({ user_id: userId, password_hash: passwordHash, created_at: now })
    .execute();
  const keep = db
    .selectFrom('password_history')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(PASSWORD_HISTORY);
  await db.deleteFrom('password_history').where('user_id', '=', userId).where('id', 'not in', keep).execute();
}

/**
 * Replaces a person's password: refuses one of the last five (12), restarts the expiry clock and
 * clears the initial-password flag, since the person chose it.
 */
export async function changePassword(db: DbOrTx, userId: number, password: string, now: Date): Promise<void> {
  if (await isRecentPassword(db, userId, password)) throw new AppError(ErrorCode.PASSWORD_REUSED);
  const user = await db
    .selectFrom('app_user')
    .select('password_max_age_days')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const hash = await hashPassword(password);
  const maxAge = user.password_max_age_days;
  await db
    .updateTable('app_user')
    .set({
      password_hash: hash,
      password_changed_at: now,
      password_expires_at: maxAge ? new Date(now.getTime() + maxAge * DAY_MS) : null,
      initial_pwd: 0,
    })
    .where('id', '=', userId)
    .execute();
  await rememberPassword(db, userId, hash, now);
}
