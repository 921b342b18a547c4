import { defineFeature, lazyPage } from '../../app/feature.ts';

export const companyAccountFeature = defineFeature({
  area: 'company-account',
  pages: {
    'operation/companyAccount': lazyPage(
      () => import('./company-account-page.tsx'),
      (m) => m.CompanyAccountPage,
    ),
  },
  menus: ['companyAccount'],
  i18n: ['operation'],
});
