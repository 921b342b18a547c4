import { defineFeature, lazyPage } from '../../app/feature.ts';

const importPage = lazyPage(
  () => import('./import-page.tsx'),
  (m) => m.ImportPage,
);

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
    'robustlink/devices/import': importPage,
    // The same page and rules as the device console's import, reached from the operation console.
    'operation/import': importPage,
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
