import { defineFeature, lazyPage } from '../../app/feature.ts';

/**
 * The Super Admin console (issue 18): every company, feature retirements and the platform's health;
 * the retirement banner the shell loads after it is drawn (shell-layout.tsx).
 */
export const superAdminFeature = defineFeature({
  area: 'super-admin',
  pages: {
    'superAdmin/companies': lazyPage(
      () => import('./companies-page.tsx'),
      (m) => m.CompaniesPage,
    ),
    'superAdmin/retirements': lazyPage(
      () => import('./retirements-page.tsx'),
      (m) => m.RetirementsPage,
    ),
    'superAdmin/health': lazyPage(
      () => import('./health-page.tsx'),
      (m) => m.HealthPage,
    ),
  },
  menus: ['superAdmin'],
  i18n: ['superAdmin'],
});
