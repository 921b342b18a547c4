import { defineFeature, lazyPage } from '../../app/feature.ts';

export const alertsFeature = defineFeature({
  area: 'alerts',
  pages: {
    'robustlink/alertCenter': lazyPage(
      () => import('./alert-center-page.tsx'),
      (m) => m.AlertCenterPage,
    ),
  },
  menus: ['alerts'],
  i18n: ['alerts'],
});
