import { createHash, randomInt } from 'node:crypto';
import { ErrorCode, interpolate, type Lang } from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { renderMail } from '../../platform/mail/mail-text.ts';
import { CODE_MAIL, CODE_SMS } from './accounts.text.ts';

/**
 * Verification codes (docs/api.md "Verification codes"): 6 digits, valid 10 minutes, good once.
 * One code per address per minute and ten per hour; asking faster is 14081 with the seconds to wait.
 * Five wrong guesses spend a code, so guessing a million values is not an option.
 */
const CODE_MINUTES = 10;
export const CODE_TTL_MS = CODE_MINUTES * 60 * 1000;
export const CODE_INTERVAL_MS = 60 * 1000;
export const CODES_PER_HOUR = 10;
const MAX_GUESSES = 5;

function hashCode(target: string, code: string): string {
  return createHash('sha256').update(`${target}\n${code}`).digest('hex');
}

/** Who asked for a code: the remote address, and how many different recipients it may reach an hour. */
export interface CodeRequester {
  address: string;
  recipientsPerHour: number;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Refuses (14081, seconds to wait) a requester that had codes sent to `recipientsPerHour` other
 * recipients within the hour; asking again for a recipient it already reached is left to the
 * per-recipient interval.
 */
async function checkRequester(
  db: DbOrTx,
  target: string,
  requester: CodeRequester,
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - HOUR_MS);
  const reached = await db
    .selectFrom('verification_code')
    .select('target')
    .select((eb) => eb.fn.min('created_at').as('first_at'))
    .where('requested_from', '=', requester.address)
    .where('created_at', '>', since)
    .groupBy('target')
    .execute();
  if (reached.some((row) => row.target === target) || reached.length < requester.recipientsPerHour) return;
  const oldest = Math.min(...reached.map((row) => new Date(row.first_at).getTime()));
  throw new AppError(
    ErrorCode.CODE_TOO_OFTEN,
    Math.max(1, Math.ceil((oldest + HOUR_MS - now.getTime()) / 1000)),
  );
}

/**
 * Stores a new code for an address, or refuses with 14081 when the last one is too recent or the
 * requester has reached too many different recipients this hour.
 */
export async function issueCode(
  db: DbOrTx,
  target: string,
  purpose: string,
  now: Date,
  requester?: CodeRequester,
): Promise<string> {
  const recent = await db
    .selectFrom('verification_code')
    .select('created_at')
    .where('target', '=', target)
    .where('created_at', '>', new Date(now.getTime() - HOUR_MS))
    .orderBy('created_at', 'desc')
    .execute();
  const last = recent[0] ? new Date(recent[0].created_at).getTime() : null;
  if (last !== null && now.getTime() - last < CODE_INTERVAL_MS) {
    throw new AppError(ErrorCode.CODE_TOO_OFTEN, Math.ceil((last + CODE_INTERVAL_MS - now.getTime()) / 1000));
  }
  if (recent.length >= CODES_PER_HOUR) {
    const oldest = new Date(recent[recent.length - 1]!.created_at).getTime();
    throw new AppError(ErrorCode.CODE_TOO_OFTEN, Math.ceil((oldest + HOUR_MS - now.getTime()) / 1000));
  }
  if (requester) await checkRequester(db, target, requester, now);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db
    .deleteFrom('verification_code')
    .where('target', '=', target)
    .where('created_at', '<', new Date(now.getTime() - 24 * 60 * 60 * 1000))
    .execute();
  await db
    .insertInto('verification_code')
    .values({
      target,
      purpose,
      code_hash: hashCode(target, code),
      created_at: now,
      expires_at: new Date(now.getTime() + CODE_TTL_MS),
      requested_from: requester?.address ?? null,
    })
    .execute();
  return code;
}

/**
 * Spends the latest code sent to an address. Wrong: 14011; none valid (never sent, expired, used or
 * guessed at too often): 14082.
 */
export async function consumeCode(
  db: DbOrTx,
  target: string,
  code: string,
  now: Date,
  /** false checks the code (a wrong guess still counts) and leaves it good for the real spend. */
  spend = true,
): Promise<void> {
  const latest = await db
    .selectFrom('verification_code')
    .selectAll()
    .where('target', '=', target)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  // No code at all reads as one that ran out, so the answer does not tell an address that was
  // registered (and so once sent a code) from one that never was.
  const spent = !latest || latest.used_at !== null || latest.failures >= MAX_GUESSES;
  if (spent || new Date(latest.expires_at) <= now) throw new AppError(ErrorCode.CODE_EXPIRED);
  if (latest.code_hash !== hashCode(target, code)) {
    await db
      .updateTable('verification_code')
      .set((eb) => ({ failures: eb('failures', '+', 1) }))
      .where('id', '=', latest.id)
      .execute();
    throw new AppError(ErrorCode.WRONG_CAPTCHA);
  }
  if (spend)
    await db.updateTable('verification_code').set({ used_at: now }).where('id', '=', latest.id).execute();
}

/** The requester of a code asked for over HTTP, with the configured recipient cap. */
export function codeRequester(deps: ModuleDeps<'config'>, address: string): CodeRequester {
  return { address, recipientsPerHour: deps.config.abuse.codeRecipientsPerHour };
}

export async function sendEmailCode(
  deps: ModuleDeps<'clock' | 'config' | 'db' | 'mailer' | 'sms'>,
  email: string,
  lang: Lang,
  requester?: CodeRequester,
): Promise<void> {
  const code = await issueCode(deps.db, email, 'email', deps.clock.now(), requester);
  await deps.mailer.send(renderMail(CODE_MAIL, lang, email, { code, minutes: CODE_MINUTES }));
}

export async function sendSmsCode(
  deps: ModuleDeps<'clock' | 'config' | 'db' | 'mailer' | 'sms'>,
  phone: string,
  purpose: string,
  lang: Lang,
  requester?: CodeRequester,
): Promise<void> {
  const code = await issueCode(deps.db, phone, purpose, deps.clock.now(), requester);
  await deps.sms.send(phone, interpolate(CODE_SMS[lang], { code, minutes: CODE_MINUTES }));
}
