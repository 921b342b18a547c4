import { logoutCall } from '@fleetport/contract';
import { apiCall } from '../../api/client.ts';
import { forgetSession, hasTicket } from './session-store.ts';

/**
 * Core §4 "Session": logout clears the ticket, app, group and user ids, user name, tabs, menus and
 * the reset-password flag, then goes to /index with a reload. When the server has already ended the
 * session (codes 3, 20, 14019 ...) there is nothing to tell it.
 */
export async function signOut({ tellServer = true }: { tellServer?: boolean } = {}): Promise<void> {
  if (tellServer && hasTicket()) {
    try {
      await apiCall(logoutCall, {}, { silent: true });
    } catch {
      // The session may already be gone; signing out here must not depend on the server.
    }
  }
  // Nothing in memory is reset: the reload below starts the console afresh, and resetting the
  // mounted shell first would let it refetch or re-save tabs on its way out.
  forgetSession();
  window.location.assign(`${import.meta.env.BASE_URL}index`);
}
