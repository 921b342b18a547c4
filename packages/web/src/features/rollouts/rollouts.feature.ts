import { defineFeature, lazyPage } from '../../app/feature.ts';

/**
 * Rollouts (issue 14): a firmware or app version sent to many devices in batches. The list and a
 * rollout's own page sit under the device console's "Firmware and apps" menu, which opens them.
 */
export const rolloutsFeature = defineFeature({
  area: 'rollouts',
  pages: {
    'robustlink/devices/appCentre/rollouts': lazyPage(
      () => import('./rollouts-page.tsx'),
      (m) => m.RolloutsPage,
    ),
    'robustlink/devices/appCentre/rollouts/:id': lazyPage(
      () => import('./rollout-page.tsx'),
      (m) => m.RolloutPage,
    ),
  },
  menus: ['firmware'],
  i18n: ['rollouts'],
});
