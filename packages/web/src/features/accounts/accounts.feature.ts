import { defineFeature, lazyPage } from '../../app/feature.ts';

const MyAccountPage = lazyPage(
  () => import('./my-account-page.tsx'),
  (m) => m.MyAccountPage,
);

export const accountsFeature = defineFeature({
  area: 'accounts',
  pages: {
    'operation/myAccount': MyAccountPage,
    'superAdmin/myAccount': MyAccountPage,
  },
  menus: ['myAccount'],
  i18n: ['account'],
});
