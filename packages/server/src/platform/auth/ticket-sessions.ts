import { ErrorCode } from '@fleetport/contract';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/open.ts';
import { AppError } from '../errors.ts';
import type { SessionStanding } from './session.store.ts';
import type { Session, SessionResolver } from './session.ts';
import { sessionCache } from './session-cache.ts';
import { parseTicketHeader, signatureMatches, ticketTimeAccepted } from './ticket.ts';

const sessionExpired = (reason: string) => new AppError(ErrorCode.SESSION_EXPIRED, { reason });

/**
 * Why a session no longer holds, or null: ended (14019 when by a newer sign-in, else 3), older than
 * 4 hours (20), its user or membership gone (3), its member disabled (14020). Calls and the live
 * sockets (which re-check theirs when sessions change) answer by the same rules.
 */
export function sessionRefusal(standing: Omit<SessionStanding, 'id'>, now: Date): AppError | null {
  if (standing.endedAt) {
    return standing.endReason === 'elsewhere'
      ? new AppError(ErrorCode.LOGGED_IN_ELSEWHERE)
      : sessionExpired(standing.endReason ?? 'ended');
  }
  if (now >= standing.expiresAt) return new AppError(ErrorCode.SESSION_TOO_LONG);
  if (!standing.userFound) return sessionExpired('user');
  if (standing.companyId !== null && standing.memberStatus === null) return sessionExpired('membership');
  if (standing.memberStatus !== null && standing.memberStatus !== 1)
    return new AppError(ErrorCode.USER_DISABLED);
  return null;
}

/**
 * Resolves the signed `ticket` header (docs/api.md). Every refusal says "log in again" except a
 * missing header (101), a session older than 4 hours (20) and one ended by a newer sign-in (14019).
 * The signature is checked before the session's state is revealed.
 */
export function ticketSessions(db: Db, clock: Clock): SessionResolver {
  const findSession = sessionCache(db);
  return {
    async resolve(request: FastifyRequest): Promise<Session> {
      const raw = request.headers.ticket;
      if (typeof raw !== 'string' || raw.trim() === '') throw new AppError(ErrorCode.NO_CREDENTIALS);
      const header = parseTicketHeader(raw);
      if (!header) throw sessionExpired('malformed');
      const now = clock.now();
      if (!ticketTimeAccepted(header.atMs, now.getTime())) throw sessionExpired('stale');
      const found = await findSession(header.ticket);
      if (!found) throw sessionExpired('unknown');
      const { session: row, actor } = found;
      if (!signatureMatches(header, row.signKey)) throw sessionExpired('signature');
      const refusal = sessionRefusal(
        {
          ...row,
          userFound: actor !== null,
          memberStatus: actor?.member ? actor.member.status : null,
        },
        now,
      );
      if (refusal || !actor) throw refusal ?? sessionExpired('user');
      const { user, member } = actor;
      return {
        sessionId: row.id,
        userId: user.id,
        userName: user.userName,
        loginAccount: user.loginAccount,
        companyId: row.companyId,
        companyType: member ? member.companyType : null,
        roleId: member ? member.roleId : null,
        roleType: member ? member.roleType : null,
        superAdmin: user.superAdmin,
        funCodes: new Set(member?.funCodes ?? []),
        accessRestriction: row.companyId === null ? undefined : actor.restriction,
        expiresAt: row.expiresAt,
      };
    },
  };
}
