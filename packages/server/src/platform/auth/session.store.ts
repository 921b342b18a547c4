import { randomUUID } from 'node:crypto';
import type { AccessRestriction } from '@fleetport/contract';
import { sql } from 'kysely';
import { toAccessRestriction } from '../../modules/access-restriction/access-restriction.store.ts';
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

/** Moved by every committed change of what a session is checked against (migration 0060). */
const GENERATION = sql<string>`(select generation from session_generation)`;

export async function currentSessionGeneration(db: DbOrTx): Promise<number> {
  const { rows } = await sql<{ generation: string }>`select ${GENERATION} as generation`.execute(db);
  return Number(rows[0]?.generation ?? -1);
}

/** A session as read, with the generation it was read at. */
export interface FoundSession {
  session: SessionRow;
  actor: SessionActor | null;
  generation: number;
}

/** The user and, when the session is bound to a company, the membership, role and company it acts with. */
export interface SessionActor {
  user: { id: number; userName: string; loginAccount: string; superAdmin: boolean };
  member: {
    status: number;
    roleId: number;
    roleType: number;
    funCodes: string[];
    companyType: number;
  } | null;
  /** The company's access restriction; null when it has none or the session is not bound. */
  restriction: AccessRestriction | null;
}

/** Sessions with their user, their membership in the session's company, its role and the company. */
function sessionsWithMembership(db: DbOrTx) {
  return db
    .selectFrom('user_session as s')
    .leftJoin('app_user as u', 'u.id', 's.user_id')
    .leftJoin('company_user as cu', (join) =>
      join.onRef('cu.user_id', '=', 's.user_id').onRef('cu.company_id', '=', 's.company_id'),
    )
    .leftJoin('role', 'role.id', 'cu.role_id')
    .leftJoin('company', 'company.id', 'cu.company_id');
}

/**
 * A session with everything a request is checked against, read in ONE statement (on PGlite's single
 * connection every statement waits its turn; four look-ups were most of a fast call's time), with the
 * session generation of the same snapshot, so a cached copy is known to be current (session-cache.ts).
 */
export async function findSessionWithActor(db: DbOrTx, ticket: string): Promise<FoundSession | null> {
  const row = await sessionsWithMembership(db)
    .leftJoin('company_access_restriction as r', 'r.company_id', 's.company_id')
    .select([
      's.id',
      's.sign_key',
      's.user_id',
      's.company_id',
      's.expires_at',
      's.ended_at',
      's.end_reason',
      'u.id as found_user_id',
      'u.user_name',
      'u.login_account',
      'u.super_admin',
      'cu.status as member_status',
      'role.id as role_id',
      'role.role_type',
      'role.fun_codes',
      'company.id as member_company_id',
      'company.type as company_type',
      'r.company_id as restricted_company_id',
      'r.enabled as r_enabled',
      'r.start_date as r_start_date',
      'r.end_date as r_end_date',
      'r.days as r_days',
      'r.role_types as r_role_types',
      'r.holidays as r_holidays',
      GENERATION.as('generation'),
    ])
    .where('s.ticket_hash', '=', hashTicket(ticket))
    .executeTakeFirst();
  if (!row) return null;
  const session: SessionRow = {
    id: row.id,
    signKey: row.sign_key,
    userId: Number(row.user_id),
    companyId: row.company_id === null ? null : Number(row.company_id),
    expiresAt: new Date(row.expires_at),
    endedAt: row.ended_at ? new Date(row.ended_at) : null,
    endReason: row.end_reason,
  };
  const generation = Number(row.generation);
  if (row.found_user_id === null) return { session, actor: null, generation };
  // A membership counts only with its role and company, as the inner joins of a separate look-up would.
  const member =
    row.member_status !== null && row.role_id !== null && row.member_company_id !== null
      ? {
          status: Number(row.member_status),
          roleId: Number(row.role_id),
          roleType: Number(row.role_type),
          funCodes: row.fun_codes ?? [],
          companyType: Number(row.company_type),
        }
      : null;
  const restriction =
    row.restricted_company_id === null
      ? null
      : toAccessRestriction({
          enabled: row.r_enabled!,
          start_date: row.r_start_date!,
          end_date: row.r_end_date!,
          days: row.r_days,
          role_types: row.r_role_types!,
          holidays: row.r_holidays!,
        });
  return {
    session,
    generation,
    actor: {
      user: {
        id: Number(row.found_user_id),
        userName: row.user_name!,
        loginAccount: row.login_account!,
        superAdmin: row.super_admin!,
      },
      member,
      restriction,
    },
  };
}

/** What decides whether a session still holds, without the parts only a call needs (role, restriction). */
export interface SessionStanding {
  id: string;
  companyId: number | null;
  expiresAt: Date;
  endedAt: Date | null;
  endReason: string | null;
  userFound: boolean;
  /** The membership's status in the session's company; null when there is no such membership. */
  memberStatus: number | null;
}

/**
 * The standing of many sessions in one statement: the live sockets of a node re-check theirs this
 * way whenever the session generation moves, instead of one look-up per socket.
 */
export async function findSessionStandings(db: DbOrTx, sessionIds: string[]): Promise<SessionStanding[]> {
  if (sessionIds.length === 0) return [];
  const rows = await sessionsWithMembership(db)
    .select([
      's.id',
      's.company_id',
      's.expires_at',
      's.ended_at',
      's.end_reason',
      'u.id as found_user_id',
      'cu.status as member_status',
      'role.id as role_id',
      'company.id as member_company_id',
    ])
    .where('s.id', 'in', sessionIds)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    companyId: row.company_id === null ? null : Number(row.company_id),
    expiresAt: new Date(row.expires_at),
    endedAt: row.ended_at ? new Date(row.ended_at) : null,
    endReason: row.end_reason,
    userFound: row.found_user_id !== null,
    memberStatus:
      row.member_status !== null && row.role_id !== null && row.member_company_id !== null
        ? Number(row.member_status)
        : null,
  }));
}
