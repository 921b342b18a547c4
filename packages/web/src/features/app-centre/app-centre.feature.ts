import { defineFeature, lazyPage } from '../../app/feature.ts';

/**
 * The app centre's catalogue (issue 14): a company's "Firmware and apps" page in the device console,
 * and the Super Admin's page for the platform's packages. The Super Admin works only under /superAdmin
 * (core §2 navigation guard), so its page is superAdmin/appCenter (docs/decisions.md "App centre").
 */
export const appCentreFeature = defineFeature({
  area: 'app-centre',
  pages: {
    'robustlink/devices/appCentre': lazyPage(
      () => import('./catalogue-page.tsx'),
      (m) => m.CompanyCataloguePage,
    ),
    'superAdmin/appCenter': lazyPage(
      () => import('./catalogue-page.tsx'),
      (m) => m.PlatformCataloguePage,
    ),
  },
  menus: ['firmware'],
  i18n: ['appCentre'],
});
