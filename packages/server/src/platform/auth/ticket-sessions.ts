import { ErrorCode } from '@fleetport/contract';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/open.ts';
import { AppError } from '../errors.ts';
import type { Session, SessionResolver } from './session.ts';
import { sessionCache } from './session-cache.ts';
import { parseTicketHeader, signatureMatches, ticketTimeAccepted } from './ticket.ts';

const sessionExpired = (reason: string) => new AppError(ErrorCode.SESSION_EXPIRED, { reason });

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
      if (row.endedAt) {
        throw row.endReason === 'elsewhere'
          ? new AppError(ErrorCode.LOGGED_IN_ELSEWHERE)
          : sessionExpired(row.endReason ?? 'ended');
      }
      if (now >= row.expiresAt) throw new AppError(ErrorCode.SESSION_TOO_LONG);
      if (!actor) throw sessionExpired('user');
      const { user, member } = actor;
      if (row.companyId !== null && !member) throw sessionExpired('membership');
      if (member && member.status !== 1) throw new AppError(ErrorCode.USER_DISABLED);
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
      };
    },
  };
}
