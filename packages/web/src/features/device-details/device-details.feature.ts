import { defineFeature, lazyPage } from '../../app/feature.ts';

export const deviceDetailsFeature = defineFeature({
  area: 'device-details',
  pages: {
    'robustlink/device/deviceDetails/:sn': lazyPage(
      () => import('./device-details-page.tsx'),
      (m) => m.DeviceDetailsPage,
    ),
  },
  menus: ['devices'],
  i18n: ['deviceDetails', 'deviceSoftware', 'deviceStatus'],
});
