import { clearTicket, loadTicket } from '../../api/ticket-store.ts';
import { TABS_STORAGE_KEY } from '../shell/tabs-state.ts';

/**
 * What the console remembers about the signed-in user besides the ticket (core §4 "Session").
 * Local storage, so a reload or a new browser tab finds it.
 */
export const SESSION_KEYS = {
  appId: 'appId',
  groupId: 'groupId',
  userId: 'userId',
  userName: 'userName',
  menus: 'menus',
  /** Set once the initial-password prompt was shown (core §4 "Initial password"). */
  resetPasswordPrompted: 'resetPwdPrompted',
  /** Core §4 "Single-company user". */
  onlyOneCompany: 'onlyOneCompany',
} as const;

export function hasTicket(): boolean {
  return loadTicket() !== null;
}

export function storedUserName(): string | null {
  return localStorage.getItem(SESSION_KEYS.userName);
}

export interface RememberedUser {
  userId: string | number;
  userName: string;
  rootGroupId?: string | number | null;
}

export function rememberUser(user: RememberedUser): void {
  localStorage.setItem(SESSION_KEYS.userId, String(user.userId));
  localStorage.setItem(SESSION_KEYS.userName, user.userName);
  if (user.rootGroupId !== undefined && user.rootGroupId !== null) {
    localStorage.setItem(SESSION_KEYS.groupId, String(user.rootGroupId));
  } else {
    localStorage.removeItem(SESSION_KEYS.groupId);
  }
}

export function rememberApp(appId: string): void {
  localStorage.setItem(SESSION_KEYS.appId, appId);
}

export function setOnlyOneCompany(only: boolean): void {
  if (only) localStorage.setItem(SESSION_KEYS.onlyOneCompany, '1');
  else localStorage.removeItem(SESSION_KEYS.onlyOneCompany);
}

export function isOnlyOneCompany(): boolean {
  return localStorage.getItem(SESSION_KEYS.onlyOneCompany) === '1';
}

export function resetPasswordPrompted(): boolean {
  return localStorage.getItem(SESSION_KEYS.resetPasswordPrompted) === '1';
}

export function markResetPasswordPrompted(): void {
  localStorage.setItem(SESSION_KEYS.resetPasswordPrompted, '1');
}

/**
 * Forgets the session on this browser: ticket, app, group and user ids, user name, tabs, menus and
 * the reset-password flag (core §4). The caller decides where to go next.
 */
export function forgetSession(): void {
  clearTicket();
  for (const key of [
    SESSION_KEYS.appId,
    SESSION_KEYS.groupId,
    SESSION_KEYS.userId,
    SESSION_KEYS.userName,
    SESSION_KEYS.menus,
    SESSION_KEYS.resetPasswordPrompted,
    SESSION_KEYS.onlyOneCompany,
    TABS_STORAGE_KEY,
  ]) {
    localStorage.removeItem(key);
  }
}
