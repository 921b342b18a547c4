import { defineFeature } from '../../app/feature.ts';

export const shellFeature = defineFeature({
  area: 'shell',
  menus: [],
  i18n: ['shell', 'menus'],
});
