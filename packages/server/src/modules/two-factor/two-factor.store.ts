import type { TwoFactorPolicy } from '@fleetport/contract';
import { type CompanyScope, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/**
 * A person's second factor is their own (any company they belong to reads the same one), so its rows are
 * keyed by the person the session or the challenge names; the policy is the company's.
 */

export async function findFactor(db: DbOrTx, userId: number) {
  const row = await db
    .selectFrom('user_second_factor')
    .select(['secret_sealed', 'last_step', 'confirmed_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    secretSealed: row.secret_sealed,
    lastStep: row.last_step === null ? null : Number(row.last_step),
    confirmed: row.confirmed_at !== null,
  };
}

/** Starts (or starts again) an enrolment: a key waiting for its first code. Never replaces a confirmed key. */
export async function savePendingFactor(db: DbOrTx, userId: number, secretSealed: string, now: Date) {
  await db
    .insertInto('user_second_factor')
    .values({
      user_id: userId,
      secret_sealed: secretSealed,
      last_step: null,
      confirmed_at: null,
      created_at: now,
    })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret_sealed: secretSealed, last_step: null, created_at: now })
        .where('user_second_factor.confirmed_at', 'is', null),
    )
    .execute();
}

/**
 * Takes a 30-second step: true once per step, only for steps after the last one taken (one statement, so
 * two requests with the same code cannot both pass). `confirm` also ends a waiting enrolment.
 */
export async function takeStep(db: DbOrTx, userId: number, step: number, now: Date, confirm = false) {
  const row = await db
    .updateTable('user_second_factor')
    .set(confirm ? { last_step: step, confirmed_at: now } : { last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .where('confirmed_at', confirm ? 'is' : 'is not', null)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteFactor(db: DbOrTx, userId: number) {
  await db.deleteFrom('user_recovery_code').where('user_id', '=', userId).execute();
  await db.deleteFrom('second_factor_challenge').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_second_factor').where('user_id', '=', userId).execute();
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: number, hashes: readonly string[]) {
  await db.deleteFrom('user_recovery_code').where('user_id', '=', userId).execute();
  await db
    .insertInto('user_recovery_code')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

/** Uses a recovery code: true once, then the row is gone. */
export async function takeRecoveryCode(db: DbOrTx, userId: number, hash: string) {
  const row = await db
    .deleteFrom('user_recovery_code')
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function countRecoveryCodes(db: DbOrTx, userId: number) {
  const row = await db
    .selectFrom('user_recovery_code')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface ChallengeRow {
  userId: number;
  account: string;
  companyId: number | null;
  enrol: boolean;
}

export async function insertChallenge(db: DbOrTx, hash: string, row: ChallengeRow, expiresAt: Date) {
  await db
    .deleteFrom('second_factor_challenge')
    .where('expires_at', '<', new Date(expiresAt.getTime() - 3600e3))
    .execute();
  await db
    .insertInto('second_factor_challenge')
    .values({
      challenge_hash: hash,
      user_id: row.userId,
      account: row.account,
      company_id: row.companyId,
      enrol: row.enrol,
      expires_at: expiresAt,
    })
    .execute();
}

export async function findChallenge(db: DbOrTx, hash: string, now: Date): Promise<ChallengeRow | null> {
  const row = await db
    .selectFrom('second_factor_challenge')
    .selectAll()
    .where('challenge_hash', '=', hash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  return {
    userId: Number(row.user_id),
    account: row.account,
    companyId: row.company_id === null ? null : Number(row.company_id),
    enrol: row.enrol,
  };
}

/** Ends a challenge still running at `now`: true for the one request that used it. */
export async function takeChallenge(db: DbOrTx, hash: string, now: Date) {
  const row = await db
    .deleteFrom('second_factor_challenge')
    .where('challenge_hash', '=', hash)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The policy of one company, read at sign-in before any session (and so any scope) exists. */
export async function findPolicyOfCompany(db: DbOrTx, companyId: number): Promise<TwoFactorPolicy> {
  const row = await db
    .selectFrom('company_two_factor_policy')
    .select('policy')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return (row?.policy as TwoFactorPolicy | undefined) ?? 'off';
}

export async function findPolicy(db: DbOrTx, scope: CompanyScope): Promise<TwoFactorPolicy> {
  return findPolicyOfCompany(db, owningCompany(scope));
}

export async function savePolicy(db: DbOrTx, scope: CompanyScope, policy: TwoFactorPolicy, now: Date) {
  await db
    .insertInto('company_two_factor_policy')
    .values({ company_id: owningCompany(scope), policy, updated_at: now })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ policy, updated_at: now }))
    .execute();
}

/** Whether the person also belongs to a company the scope does not reach (their factor is theirs there too). */
export async function belongsOutside(db: DbOrTx, scope: CompanyScope, userId: number) {
  const row = await db
    .selectFrom('company_user')
    .select('company_id')
    .where('user_id', '=', userId)
    .where('company_id', 'not in', scopedCompanyIds(scope))
    .executeTakeFirst();
  return row !== undefined;
}
