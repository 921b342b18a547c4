import type { AccessRestriction } from '@fleetport/contract';
import type { FastifyRequest } from 'fastify';

/** Who is calling: one user in one company (the Super Admin has no company). */
export interface Session {
  sessionId: string;
  userId: number;
  userName: string;
  loginAccount: string;
  /** Company the session is bound to; null only for the Super Admin. */
  companyId: number | null;
  /** 0 end customer, 1 distributor, 2 re-seller; null for the Super Admin. */
  companyType: number | null;
  roleId: number | null;
  roleType: number | null;
  superAdmin: boolean;
  /** funCodes the user's role holds in this company. */
  funCodes: ReadonlySet<string>;
  /**
   * The company's access restriction (null: none), read in the same statement as the session so the
   * access-window gate needs no query of its own; undefined when the resolver did not read it.
   */
  accessRestriction?: AccessRestriction | null | undefined;
  /** When the session runs out (4 hours after sign-in); live sockets close then. */
  expiresAt?: Date;
}

/**
 * Turns a request's `ticket` header into a session or throws the catalogue code that explains why
 * not (101 no header, 3 unknown or ended, 20 older than 4 hours, 14019 signed in elsewhere).
 */
export interface SessionResolver {
  resolve(request: FastifyRequest): Promise<Session>;
}
