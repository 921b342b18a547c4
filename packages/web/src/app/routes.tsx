import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { PublicNotice } from '../features/auth/public-notice-page.tsx';
import { CONSOLE_AREAS } from '../features/shell/console-areas.ts';
import { lazyPage } from './feature.ts';
import { CONSOLE_FEATURES } from './features.ts';
import { RouteGuard, RouteRoot } from './route-guard.tsx';

/** Ant Design's providers and the console's text: every route but the sign-in page sits under it. */
const AntdFrame = lazyPage(
  () => import('./antd-frame.tsx'),
  (m) => m.AntdFrame,
);
const LandingPage = lazyPage(
  () => import('./pages/landing-page.tsx'),
  (m) => m.LandingPage,
);
const UnknownPathPage = lazyPage(
  () => import('./pages/unknown-path-page.tsx'),
  (m) => m.UnknownPathPage,
);
const ShellNotFoundPage = lazyPage(
  () => import('./pages/not-found-page.tsx'),
  (m) => m.ShellNotFoundPage,
);
const LoginPage = lazyPage(
  () => import('../features/auth/login-page.tsx'),
  (m) => m.LoginPage,
);
const RegisterPage = lazyPage(
  () => import('../features/auth/register-page.tsx'),
  (m) => m.RegisterPage,
);
const ResetPasswordPage = lazyPage(
  () => import('../features/auth/reset-password-page.tsx'),
  (m) => m.ResetPasswordPage,
);
const NoticePage = lazy(() =>
  import('../features/auth/public-notice-page.tsx').then((m) => ({ default: m.PublicNoticePage })),
);
const CompanySelectPage = lazyPage(
  () => import('../features/companies/company-select-page.tsx'),
  (m) => m.CompanySelectPage,
);
const ShellLayout = lazyPage(
  () => import('../features/shell/shell-layout.tsx'),
  (m) => m.ShellLayout,
);
const ShellHome = lazyPage(
  () => import('../features/shell/shell-home.tsx'),
  (m) => m.ShellHome,
);
const ComingSoonPage = lazyPage(
  () => import('../features/shell/coming-soon-page.tsx'),
  (m) => m.ComingSoonPage,
);
const MyAccountPage = lazyPage(
  () => import('../features/accounts/my-account-page.tsx'),
  (m) => m.MyAccountPage,
);

const ExportRecordsPage = lazyPage(
  () => import('../features/exports/export-records-page.tsx'),
  (m) => m.ExportRecordsPage,
);
const ShareFilePage = lazyPage(
  () => import('../features/exports/share-file-page.tsx'),
  (m) => m.ShareFilePage,
);
const InvitationPage = lazyPage(
  () => import('../features/users/invitation-page.tsx'),
  (m) => m.InvitationPage,
);

/**
 * Console pages that exist, by `<area>/<page path>` of the console table, from the features'
 * manifests (app/features.ts); every other page of the table shows "coming soon".
 */
const BUILT_PAGES: Record<string, LazyExoticComponent<ComponentType>> = Object.assign(
  {},
  ...CONSOLE_FEATURES.map((feature) => feature.pages),
);

const notice = (path: string, kind: PublicNotice): RouteObject => ({
  path,
  element: <NoticePage notice={kind} />,
});

/** Every page of every console area (core §2 "Child routes by area", features §2). */
const consoleRoutes: RouteObject[] = CONSOLE_AREAS.flatMap((area) =>
  area.pages.map((page) => {
    const Page = BUILT_PAGES[`${area.segment}/${page.path}`] ?? ComingSoonPage;
    return { path: `${area.segment}/${page.path}`, element: <Page /> };
  }),
);

/** The one route table: tab titles and the active menu are derived from the console table beside it. */
export const ROUTES: RouteObject[] = [
  {
    element: <RouteRoot />,
    children: [
      // The sign-in page draws without Ant Design, so a first visit loads none of it (issue 12).
      { path: '/login', element: <LoginPage /> },
      {
        element: <AntdFrame />,
        children: [
          // Public routes of core §2 (azure* is matched by UnknownPathPage: a route path cannot end in a partial segment).
          { path: '/index', element: <LandingPage /> },
          { path: '/register', element: <RegisterPage /> },
          { path: '/resetPassword', element: <ResetPasswordPage /> },
          { path: '/companyList', element: <CompanySelectPage /> },
          notice('/ssoLogin', 'ssoLogin'),
          notice('/companyTips', 'companyTips'),
          notice('/authorize', 'authorize'),
          { path: '/emailToLogin', element: <InvitationPage /> },
          notice('/client', 'client'),
          notice('/unsubscribe', 'unsubscribe'),
          { path: '/seeShareFile/:id', element: <ShareFilePage /> },
          {
            element: <RouteGuard />,
            children: [
              { path: '/selectCompany', element: <CompanySelectPage /> },
              {
                element: <ShellLayout />,
                children: [
                  { path: '/', element: <ShellHome /> },
                  { path: '/myAccount', element: <MyAccountPage /> },
                  // Every console's exports, one page (docs/decisions.md "Export records page").
                  { path: '/exportRecords', element: <ExportRecordsPage /> },
                  ...consoleRoutes,
                  // An unknown path inside a console is "not found" inside the shell: menu and tabs stay.
                  ...CONSOLE_AREAS.map((area) => ({
                    path: `${area.segment}/*`,
                    element: <ShellNotFoundPage />,
                  })),
                ],
              },
            ],
          },
          { path: '*', element: <UnknownPathPage /> },
        ],
      },
    ],
  },
];

export const BASENAME = '/rcms';

export function createRouter() {
  return createBrowserRouter(ROUTES, { basename: BASENAME });
}

/** `<area>/<page path>` of every page that exists (the script-injection journey visits each). */
export const BUILT_PAGE_PATHS: readonly string[] = Object.keys(BUILT_PAGES);
