import { defineFeature, lazyPage } from '../../app/feature.ts';

/** Reports and custom reports (issue 16): the device console's customReports page. */
export const reportsFeature = defineFeature({
  area: 'reports',
  pages: {
    'robustlink/customReports': lazyPage(
      () => import('./reports-page.tsx'),
      (m) => m.ReportsPage,
    ),
  },
  menus: ['customReports'],
  i18n: ['reports'],
});
