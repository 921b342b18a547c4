/**
 * The navigation guard of core §2 as a pure decision: where a path may not be shown, the path to
 * go to instead. The component in guard.tsx feeds it the stored ticket and user name.
 */

/** Routes that need no ticket (core §2 "Routing rules"). */
const PUBLIC_PATHS = new Set([
  '/login',
  '/index',
  '/ssoLogin',
  '/companyTips',
  '/authorize',
  '/emailToLogin',
  '/resetPassword',
  '/client',
  '/register',
  '/unsubscribe',
  '/companyList',
]);

export const SUPER_ADMIN_NAME = 'Super Admin';

export function isPublicPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (PUBLIC_PATHS.has(path)) return true;
  if (/^\/azure/.test(path)) return true;
  return /^\/seeShareFile\/[^/]+$/.test(path);
}

/** Development and test machines: a signed-out user lands on the login form, not the start page. */
export function isLocalHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1';
}

export function signedOutHome(hostname: string): '/login' | '/index' {
  return isLocalHost(hostname) ? '/login' : '/index';
}

export interface GuardInput {
  pathname: string;
  hasTicket: boolean;
  /** The signed-in user's name as stored at login; null when unknown. */
  userName: string | null;
  hostname: string;
}

/** Null when the path may be shown; otherwise the path to redirect to. */
export function guardRedirect({ pathname, hasTicket, userName, hostname }: GuardInput): string | null {
  if (isPublicPath(pathname)) return null;
  if (!hasTicket) return signedOutHome(hostname);
  const superAdmin = userName === SUPER_ADMIN_NAME;
  if (pathname === '/superAdmin' || pathname.startsWith('/superAdmin/')) return superAdmin ? null : '/login';
  // The Super Admin works only in the super-admin console.
  if (superAdmin) return signedOutHome(hostname);
  return null;
}
