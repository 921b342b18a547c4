import { defineFeature } from '../../app/feature.ts';

export const accessRestrictionFeature = defineFeature({
  area: 'access-restriction',
  menus: ['companyAccount'],
  i18n: ['operation'],
});
