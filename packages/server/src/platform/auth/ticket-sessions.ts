import { ErrorCode } from '@fleetport/contract';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/open.ts';
import { AppError } from '../errors.ts';
import { findSessionByTicket, loadSessionActor } from './session.store.ts';
import type { Session, SessionResolver } from './session.ts';
import { MAX_CLOCK_SKEW_MS, parseTicketHeader, signatureMatches } from './ticket.ts';

const sessionExpired = (reason: string) => new AppError(ErrorCode.SESSION_EXPIRED, { reason });

/**
 * Resolves the signed `ticket` header (docs/api.md). Every refusal says "log in again" except a
 * missing header (101), a session older than 4 hours (20) and one ended by a newer sign-in (14019).
 * The signature is checked before the session's state is revealed.
 */
export function ticketSessions(db: Db, clock: Clock): SessionResolver {
  return {
    async resolve(request: FastifyRequest): Promise<Session> {
      const raw = request.headers.ticket;
      if (typeof raw !== 'string' || raw.trim() === '') throw new AppError(ErrorCode.NO_CREDENTIALS);
      const header = parseTicketHeader(raw);
      if (!header) throw sessionExpired('malformed');
      const now = clock.now();
      if (Math.abs(now.getTime() - header.atMs) > MAX_CLOCK_SKEW_MS) throw sessionExpired('stale');
      const row = await findSessionByTicket(db, header.ticket);
      if (!row) throw sessionExpired('unknown');
      if (!signatureMatches(header, row.signKey)) throw sessionExpired('signature');
      if (row.endedAt) {
        throw row.endReason === 'elsewhere'
          ? new AppError(ErrorCode.LOGGED_IN_ELSEWHERE)
          : sessionExpired(row.endReason ?? 'ended');
      }
      if (now >= row.expiresAt) throw new AppError(ErrorCode.SESSION_TOO_LONG);
      const actor = await loadSessionActor(db, row.userId, row.companyId);
      if (!actor) throw sessionExpired('user');
      const { user, member } = actor;
      if (row.companyId !== null && !member) throw sessionExpired('membership');
      if (member && member.status !== 1) throw new AppError(ErrorCode.USER_DISABLED);
      return {
        sessionId: row.id,
        userId: Number(user.id),
        userName: user.user_name,
        loginAccount: user.login_account,
        companyId: row.companyId,
        companyType: member ? Number(member.company_type) : null,
        roleId: member ? Number(member.role_id) : null,
        roleType: member ? Number(member.role_type) : null,
        superAdmin: user.super_admin,
        funCodes: new Set(member?.fun_codes ?? []),
      };
    },
  };
}
