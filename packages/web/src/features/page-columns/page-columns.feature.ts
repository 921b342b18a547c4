import { defineFeature } from '../../app/feature.ts';

export const pageColumnsFeature = defineFeature({
  area: 'page-columns',
  menus: [],
  i18n: ['operation'],
});
