import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { setLogoutHandler, setNavigate } from '../api/session-hooks.ts';
import { signOut } from '../features/auth/logout.ts';
import { hasTicket, storedUserName } from '../features/auth/session-store.ts';
import { Spinner } from '../widgets/spinner.tsx';
import { guardRedirect } from './navigation-guard.ts';

function PageLoading() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '100vh' }}>
      <Spinner large />
    </div>
  );
}

/**
 * The root of every route: hands the HTTP client the router's navigate and the shell's logout, and
 * shows a spinner while a lazy page loads.
 */
export function RouteRoot() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigate((path) => void navigate(path));
    // A forced logout (codes 3, 20, 14019 ...) follows a session the server already ended.
    setLogoutHandler(() => signOut({ tellServer: false }));
  }, [navigate]);
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}

/**
 * Around every route that needs a ticket: the navigation guard of core §2, checked on each
 * navigation. Unknown paths stay outside it, so they show the not-found page, not the sign-in.
 */
export function RouteGuard() {
  const { pathname } = useLocation();
  const redirect = guardRedirect({
    pathname,
    hasTicket: hasTicket(),
    userName: storedUserName(),
    hostname: window.location.hostname,
  });
  if (redirect && redirect !== pathname) return <Navigate to={redirect} replace />;
  return <Outlet />;
}
