import { defineFeature, lazyPage } from '../../app/feature.ts';

export const shellFeature = defineFeature({
  area: 'shell',
  pages: {
    // The Super Admin's maintenance notices (issue 18): the shell shows them, the Super Admin writes them.
    'superAdmin/maintenance': lazyPage(
      () => import('./maintenance-page.tsx'),
      (m) => m.MaintenancePage,
    ),
  },
  menus: [],
  i18n: ['shell', 'menus', 'maintenance'],
});
