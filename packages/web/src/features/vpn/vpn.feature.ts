import { defineFeature, lazyPage } from '../../app/feature.ts';

/**
 * The VPN console (issue 17): the dashboard, groups, a group's devices, ungrouped devices, service
 * clients, and the VPN devices, activity and notifications pages.
 */
export const vpnFeature = defineFeature({
  area: 'vpn',
  pages: {
    'vpn/dashboard': lazyPage(
      () => import('./dashboard-page.tsx'),
      (m) => m.DashboardPage,
    ),
    'vpn/groups': lazyPage(
      () => import('./groups-page.tsx'),
      (m) => m.GroupsPage,
    ),
    'vpn/group/:id': lazyPage(
      () => import('./group-page.tsx'),
      (m) => m.GroupPage,
    ),
    'vpn/unGroup': lazyPage(
      () => import('./ungrouped-page.tsx'),
      (m) => m.UngroupedPage,
    ),
    'vpn/serviceClient': lazyPage(
      () => import('./service-clients-page.tsx'),
      (m) => m.ServiceClientsPage,
    ),
    'vpn/devices': lazyPage(
      () => import('./devices-page.tsx'),
      (m) => m.DevicesPage,
    ),
    'vpn/activity': lazyPage(
      () => import('./activity-page.tsx'),
      (m) => m.ActivityPage,
    ),
    'vpn/notifications': lazyPage(
      () => import('./notifications-page.tsx'),
      (m) => m.NotificationsPage,
    ),
  },
  menus: [
    'vpnDashboard',
    'vpnGroups',
    'vpnDevices',
    'vpnUngrouped',
    'serviceClients',
    'vpnActivity',
    'vpnNotifications',
  ],
  i18n: ['vpn', 'vpnConsole'],
});
