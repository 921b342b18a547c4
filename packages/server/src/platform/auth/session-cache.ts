import type { Db } from '../db/open.ts';
import { currentSessionGeneration, type FoundSession, findSessionWithActor } from './session.store.ts';
import { hashTicket } from './ticket.ts';

/** Sessions remembered per node; beyond this the longest-remembered are forgotten first. */
const MAX_SESSIONS = 10_000;

/**
 * What each signed-in call is checked against (the session row, user, membership, role, company and
 * access restriction), remembered per ticket. A remembered copy is used only while the session
 * generation (migration 0060) is still the one it was read at: every committed change of those tables
 * moves the generation in the same commit, so a logout, a sign-in elsewhere, a role or permission
 * change, a disabled user or a new access restriction holds from the very next call, on every node,
 * whichever code or statement made it. A call then costs one tiny read instead of a six-table join.
 * The checks themselves (signature, clock, expiry, status, access window) still run on every call.
 */
export function sessionCache(db: Db) {
  const remembered = new Map<string, FoundSession>();
  return async (ticket: string): Promise<FoundSession | null> => {
    const key = hashTicket(ticket);
    const known = remembered.get(key);
    if (known && known.generation === (await currentSessionGeneration(db))) return known;
    const found = await findSessionWithActor(db, ticket);
    remembered.delete(key);
    // Unknown tickets are not remembered: made-up headers cannot fill the memory.
    if (!found) return null;
    if (remembered.size >= MAX_SESSIONS) remembered.delete(remembered.keys().next().value!);
    remembered.set(key, found);
    return found;
  };
}
