import { defineFeature } from '../../app/feature.ts';

export const authFeature = defineFeature({
  area: 'auth',
  menus: [],
  i18n: ['auth'],
});
