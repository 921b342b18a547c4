import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { PublicNotice } from '../features/auth/public-notice-page.tsx';
import { CONSOLE_AREAS } from '../features/shell/console-areas.ts';
import { RouteGuard, RouteRoot } from './route-guard.tsx';

/** A page loaded on first visit; `pick` names the export. */
function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: pick(await load()) }));
}

const LandingPage = lazyPage(
  () => import('./pages/landing-page.tsx'),
  (m) => m.LandingPage,
);
const UnknownPathPage = lazyPage(
  () => import('./pages/unknown-path-page.tsx'),
  (m) => m.UnknownPathPage,
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
  () => import('../features/company/company-select-page.tsx'),
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
  () => import('../features/account/my-account-page.tsx'),
  (m) => m.MyAccountPage,
);

const CompanyAccountPage = lazyPage(
  () => import('../features/company-account/company-account-page.tsx'),
  (m) => m.CompanyAccountPage,
);
const UsersPage = lazyPage(
  () => import('../features/users/users-page.tsx'),
  (m) => m.UsersPage,
);
const RolesPage = lazyPage(
  () => import('../features/roles/roles-page.tsx'),
  (m) => m.RolesPage,
);
const RoleEditorPage = lazyPage(
  () => import('../features/roles/role-editor-page.tsx'),
  (m) => m.RoleEditorPage,
);
const ActivityLogPage = lazyPage(
  () => import('../features/activity-log/activity-log-page.tsx'),
  (m) => m.ActivityLogPage,
);
const InvitationPage = lazyPage(
  () => import('../features/users/invitation-page.tsx'),
  (m) => m.InvitationPage,
);

/**
 * Console pages that exist, by `<area>/<page path>` of the console table; every other page of the
 * table shows "coming soon". A feature adds its page here with one line.
 */
const BUILT_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  'robustlink/dashboard': lazyPage(
    () => import('../features/devices/dashboard-page.tsx'),
    (m) => m.DashboardPage,
  ),
  'robustlink/devices/allDevices': lazyPage(
    () => import('../features/devices/all-devices-page.tsx'),
    (m) => m.AllDevicesPage,
  ),
  'robustlink/devices/import': lazyPage(
    () => import('../features/devices/import-page.tsx'),
    (m) => m.ImportPage,
  ),
  'robustlink/devices/deviceGroup': lazyPage(
    () => import('../features/devices/device-groups-page.tsx'),
    (m) => m.DeviceGroupsPage,
  ),
  'robustlink/devices/deviceGroup/:id': lazyPage(
    () => import('../features/devices/device-group-detail-page.tsx'),
    (m) => m.DeviceGroupDetailPage,
  ),
  'robustlink/device/deviceDetails/:sn': lazyPage(
    () => import('../features/device-details/device-details-page.tsx'),
    (m) => m.DeviceDetailsPage,
  ),
  'robustlink/tags': lazyPage(
    () => import('../features/devices/tags-page.tsx'),
    (m) => m.TagsPage,
  ),
  'robustlink/location': lazyPage(
    () => import('../features/devices/locations-page.tsx'),
    (m) => m.LocationsPage,
  ),
  'operation/myAccount': MyAccountPage,
  'superAdmin/myAccount': MyAccountPage,
  'operation/companyAccount': CompanyAccountPage,
  'operation/userManager/user': UsersPage,
  'operation/userManager/role': RolesPage,
  'operation/userManager/role/jurisdiction/:id': RoleEditorPage,
  'robustlink/activity': ActivityLogPage,
  'robustlink/noti': lazyPage(
    () => import('../features/device-notifications/notifications-page.tsx'),
    (m) => m.NotificationsPage,
  ),
};

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
      // Public routes of core §2 (azure* is matched by UnknownPathPage: a route path cannot end in a partial segment).
      { path: '/index', element: <LandingPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/resetPassword', element: <ResetPasswordPage /> },
      { path: '/companyList', element: <CompanySelectPage /> },
      notice('/ssoLogin', 'ssoLogin'),
      notice('/companyTips', 'companyTips'),
      notice('/authorize', 'authorize'),
      { path: '/emailToLogin', element: <InvitationPage /> },
      notice('/client', 'client'),
      notice('/unsubscribe', 'unsubscribe'),
      notice('/seeShareFile/:id', 'sharedFile'),
      {
        element: <RouteGuard />,
        children: [
          { path: '/selectCompany', element: <CompanySelectPage /> },
          {
            element: <ShellLayout />,
            children: [
              { path: '/', element: <ShellHome /> },
              { path: '/myAccount', element: <MyAccountPage /> },
              ...consoleRoutes,
            ],
          },
        ],
      },
      { path: '*', element: <UnknownPathPage /> },
    ],
  },
];

export const BASENAME = '/rcms';

export function createRouter() {
  return createBrowserRouter(ROUTES, { basename: BASENAME });
}

/** `<area>/<page path>` of every page that exists (the script-injection journey visits each). */
export const BUILT_PAGE_PATHS: readonly string[] = Object.keys(BUILT_PAGES);
