import { defineFeature } from '../../app/feature.ts';

/**
 * Remote configuration (issue 15): the editor is the configuration tab of a device's details
 * (features/device-details/config-tab.tsx); the per-series pages of core §2 come with the next slice.
 */
export const deviceConfigFeature = defineFeature({
  area: 'device-config',
  menus: ['devices'],
  i18n: ['deviceConfig'],
});
