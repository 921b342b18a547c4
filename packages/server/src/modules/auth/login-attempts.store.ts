import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../platform/db/open.ts';

/**
 * Wrong passwords per login account. Accounts that do not exist are counted the same way, so the
 * answers do not tell a guesser which accounts are real.
 */
export async function findAttempt(db: DbOrTx, account: string) {
  return db.selectFrom('login_attempt').selectAll().where('account', '=', account).executeTakeFirst();
}

export async function saveAttempt(
  db: DbOrTx,
  attempt: {
    account: string;
    failures: number;
    lockedUntil: Date | null;
    captchaRequired: boolean;
    now: Date;
  },
) {
  const values = {
    failures: attempt.failures,
    locked_until: attempt.lockedUntil,
    captcha_required: attempt.captchaRequired,
    updated_at: attempt.now,
  };
  await db
    .insertInto('login_attempt')
    .values({ account: attempt.account, ...values })
    .onConflict((oc) => oc.column('account').doUpdateSet(values))
    .execute();
}

export async function clearAttempts(db: DbOrTx, account: string) {
  await db.deleteFrom('login_attempt').where('account', '=', account).execute();
}

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

export async function insertCaptcha(db: DbOrTx, answer: string, now: Date): Promise<string> {
  const id = randomUUID();
  // Expired pictures are cleared as new ones are drawn, so the table stays small without a job.
  await db.deleteFrom('captcha').where('expires_at', '<', now).execute();
  await db
    .insertInto('captcha')
    .values({ id, answer, expires_at: new Date(now.getTime() + CAPTCHA_TTL_MS) })
    .execute();
  return id;
}

/** Spends a captcha: true when the answer matches (any case) and it has not expired. */
export async function takeCaptcha(db: DbOrTx, id: string, answer: string, now: Date): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  const row = await db
    .deleteFrom('captcha')
    .where('id', '=', id)
    .returning(['answer', 'expires_at'])
    .executeTakeFirst();
  return Boolean(row && new Date(row.expires_at) > now && row.answer === answer.trim().toUpperCase());
}
