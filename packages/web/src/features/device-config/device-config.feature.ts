import { CONFIG_MENU_SERIES } from '@fleetport/contract';
import { defineFeature, lazyPage } from '../../app/feature.ts';

const seriesConfigPage = lazyPage(
  () => import('./series-config-page.tsx'),
  (m) => m.SeriesConfigPage,
);

/**
 * Remote configuration (issue 15): the editor is the configuration tab of a device's details
 * (features/device-details/config-tab.tsx) and, with the whole width, the per-series page of core §2
 * (`robustlink/<series>/<sn>`), one route per series with a menu.
 */
export const deviceConfigFeature = defineFeature({
  area: 'device-config',
  pages: Object.fromEntries(
    CONFIG_MENU_SERIES.map((series) => [`robustlink/${series}/:sn`, seriesConfigPage]),
  ),
  menus: ['devices'],
  i18n: ['deviceConfig'],
});
