import { defineFeature, lazyPage } from '../../app/feature.ts';

export const licencesFeature = defineFeature({
  area: 'licences',
  pages: {
    'operation/licenses': lazyPage(
      () => import('./licences-page.tsx'),
      (m) => m.LicencesPage,
    ),
    'operation/billing': lazyPage(
      () => import('./billing-page.tsx'),
      (m) => m.BillingPage,
    ),
  },
  menus: ['licenses', 'billing'],
  i18n: ['licences'],
});
