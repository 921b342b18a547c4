import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LandingPage } from './pages/landing-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';

/** The one route table: menus, breadcrumbs and tab titles are derived from it. */
export const ROUTES: RouteObject[] = [
  { path: '/', element: <Navigate to="/index" replace /> },
  { path: '/index', element: <LandingPage /> },
  { path: '*', element: <NotFoundPage /> },
];

export const BASENAME = '/rcms';

export function createRouter() {
  return createBrowserRouter(ROUTES, { basename: BASENAME });
}
