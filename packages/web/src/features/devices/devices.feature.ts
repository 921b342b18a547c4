import { defineFeature, lazyPage } from '../../app/feature.ts';

export const devicesFeature = defineFeature({
  area: 'devices',
  pages: {
    'robustlink/dashboard': lazyPage(
      () => import('./dashboard-page.tsx'),
      (m) => m.DashboardPage,
    ),
    'robustlink/devices/allDevices': lazyPage(
      () => import('./all-devices-page.tsx'),
      (m) => m.AllDevicesPage,
    ),
    'robustlink/devices/import': lazyPage(
      () => import('./import-page.tsx'),
      (m) => m.ImportPage,
    ),
    'robustlink/devices/deviceGroup': lazyPage(
      () => import('./device-groups-page.tsx'),
      (m) => m.DeviceGroupsPage,
    ),
    'robustlink/devices/deviceGroup/:id': lazyPage(
      () => import('./device-group-detail-page.tsx'),
      (m) => m.DeviceGroupDetailPage,
    ),
    'robustlink/location': lazyPage(
      () => import('./locations-page.tsx'),
      (m) => m.LocationsPage,
    ),
  },
  menus: ['devices', 'deviceGroup', 'import', 'dashboard', 'locations'],
  i18n: ['devices'],
});
