import { defineFeature, lazyPage } from '../../app/feature.ts';

/**
 * The installer console (issue 20): its dashboard and its settings with the licence; the other pages
 * of /installerconsole come with the next slices and show "coming soon" until then.
 */
export const installerConsoleFeature = defineFeature({
  area: 'installer-console',
  pages: {
    'installerconsole/dashboard': lazyPage(
      () => import('./installer-dashboard-page.tsx'),
      (m) => m.InstallerDashboardPage,
    ),
    'installerconsole/settings': lazyPage(
      () => import('./installer-settings-page.tsx'),
      (m) => m.InstallerSettingsPage,
    ),
  },
  menus: ['installerDashboard', 'installerSettings'],
  i18n: ['installerConsole'],
});
