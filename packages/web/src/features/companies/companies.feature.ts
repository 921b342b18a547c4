import { defineFeature } from '../../app/feature.ts';

export const companiesFeature = defineFeature({
  area: 'companies',
  menus: [],
  i18n: ['company'],
});
