import { defineFeature, lazyPage } from '../../app/feature.ts';

/**
 * The installer console (issue 20): its dashboard, provisioning (SOW templates) and its settings with the
 * licence; the other pages
 * of /installerconsole come with the next slices and show "coming soon" until then.
 */
export const installerConsoleFeature = defineFeature({
  area: 'installer-console',
  pages: {
    'installerconsole/dashboard': lazyPage(
      () => import('./installer-dashboard-page.tsx'),
      (m) => m.InstallerDashboardPage,
    ),
    'installerconsole/provisioning': lazyPage(
      () => import('./provisioning-page.tsx'),
      (m) => m.ProvisioningPage,
    ),
    'installerconsole/settings': lazyPage(
      () => import('./installer-settings-page.tsx'),
      (m) => m.InstallerSettingsPage,
    ),
  },
  menus: ['installerDashboard', 'provisioning', 'installerSettings'],
  i18n: ['installerConsole'],
});
