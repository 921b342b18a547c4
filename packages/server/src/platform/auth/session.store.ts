import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../db/open.ts';
import { hashTicket, newTicket, SESSION_MS } from './ticket.ts';

/** Why a session ended; 'elsewhere' answers 14019, the others 3. */
export type SessionEndReason = 'logout' | 'elsewhere' | 'passwordChanged';

export interface SessionRow {
  id: string;
  signKey: string;
  userId: number;
  companyId: number | null;
  expiresAt: Date;
  endedAt: Date | null;
  endReason: string | null;
}

/** Starts a session for a user, ending the user's other sessions (one place signed in at a time). */
export async function openSession(db: DbOrTx, userId: number, companyId: number | null, now: Date) {
  await endUserSessions(db, userId, 'elsewhere', now);
  // The person's long-over sessions are dropped here, so the table stays small without a job.
  await db
    .deleteFrom('user_session')
    .where('user_id', '=', userId)
    .where('expires_at', '<', new Date(now.getTime() - 24 * 60 * 60 * 1000))
    .execute();
  const { ticket, key } = newTicket();
  const expiresAt = new Date(now.getTime() + SESSION_MS);
  await db
    .insertInto('user_session')
    .values({
      id: randomUUID(),
      ticket_hash: hashTicket(ticket),
      sign_key: key,
      user_id: userId,
      company_id: companyId,
      created_at: now,
      expires_at: expiresAt,
    })
    .execute();
  return { ticket, key, expiresAt };
}

export async function findSessionByTicket(db: DbOrTx, ticket: string): Promise<SessionRow | null> {
  const row = await db
    .selectFrom('user_session')
    .select(['id', 'sign_key', 'user_id', 'company_id', 'expires_at', 'ended_at', 'end_reason'])
    .where('ticket_hash', '=', hashTicket(ticket))
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    signKey: row.sign_key,
    userId: Number(row.user_id),
    companyId: row.company_id === null ? null : Number(row.company_id),
    expiresAt: new Date(row.expires_at),
    endedAt: row.ended_at ? new Date(row.ended_at) : null,
    endReason: row.end_reason,
  };
}

export async function endSession(db: DbOrTx, sessionId: string, reason: SessionEndReason, now: Date) {
  await db
    .updateTable('user_session')
    .set({ ended_at: now, end_reason: reason })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
}

/** Ends every open session of a user, optionally sparing one (the caller's own). */
export async function endUserSessions(
  db: DbOrTx,
  userId: number,
  reason: SessionEndReason,
  now: Date,
  except?: string,
) {
  let query = db
    .updateTable('user_session')
    .set({ ended_at: now, end_reason: reason })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now);
  if (except) query = query.where('id', '!=', except);
  await query.execute();
}

export async function bindSessionToCompany(db: DbOrTx, sessionId: string, companyId: number) {
  await db.updateTable('user_session').set({ company_id: companyId }).where('id', '=', sessionId).execute();
}

/** The user and, when bound, the membership and role a session acts with. */
export async function loadSessionActor(db: DbOrTx, userId: number, companyId: number | null) {
  const user = await db
    .selectFrom('app_user')
    .select(['id', 'user_name', 'login_account', 'super_admin'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;
  if (companyId === null) return { user, member: null };
  const member = await db
    .selectFrom('company_user')
    .innerJoin('role', 'role.id', 'company_user.role_id')
    .innerJoin('company', 'company.id', 'company_user.company_id')
    .select([
      'company_user.status',
      'role.id as role_id',
      'role.role_type',
      'role.fun_codes',
      'company.type as company_type',
    ])
    .where('company_user.user_id', '=', userId)
    .where('company_user.company_id', '=', companyId)
    .executeTakeFirst();
  return { user, member: member ?? null };
}
