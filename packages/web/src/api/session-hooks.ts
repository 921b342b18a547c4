import { clearTicket } from './ticket-store.ts';

/**
 * Registries the shell fills at start-up, so the HTTP client can log out, navigate and ask about
 * menu permissions without importing the shell (which itself calls the client).
 */

/** Pages the client's reactions lead to or depend on (core §8 handling rules). */
export const SHELL_PATHS = {
  licences: '/operation/licenses',
  selectCompany: '/selectCompany',
} as const;

type LogoutHandler = () => void | Promise<void>;
type Navigate = (path: string) => void;

// Until the shell registers its own logout, at least forget the ticket.
let logoutHandler: LogoutHandler = clearTicket;
let navigate: Navigate = (path) => window.location.assign(import.meta.env.BASE_URL.replace(/\/$/, '') + path);
let canOpenLicencesCheck: () => boolean = () => false;
let pathReader: () => string = () => {
  const base = import.meta.env.BASE_URL.replace(/\/$/, '');
  const path = window.location.pathname;
  return base && path.startsWith(base) ? path.slice(base.length) || '/' : path;
};

export function setLogoutHandler(fn: LogoutHandler): void {
  logoutHandler = fn;
}
export function setNavigate(fn: Navigate): void {
  navigate = fn;
}
/** The shell answers whether the signed-in user has the licences menu. */
export function setCanOpenLicences(fn: () => boolean): void {
  canOpenLicencesCheck = fn;
}
/** The router's current path inside the basename (defaults to the window's location). */
export function setPathReader(fn: () => string): void {
  pathReader = fn;
}

export function logout(): Promise<void> {
  return Promise.resolve(logoutHandler());
}
export function navigateTo(path: string): void {
  navigate(path);
}
export function canOpenLicences(): boolean {
  return canOpenLicencesCheck();
}
export function currentPath(): string {
  return pathReader();
}
