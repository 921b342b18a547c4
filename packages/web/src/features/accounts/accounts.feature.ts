import { defineFeature, lazyPage } from '../../app/feature.ts';

const MyAccountPage = lazyPage(
  () => import('./my-account-page.tsx'),
  (m) => m.MyAccountPage,
);

const UserAccountPage = lazyPage(
  () => import('./user-account-page.tsx'),
  (m) => m.UserAccountPage,
);

export const accountsFeature = defineFeature({
  area: 'accounts',
  pages: {
    'operation/myAccount': MyAccountPage,
    'superAdmin/myAccount': MyAccountPage,
    'operation/userAccount': UserAccountPage,
  },
  menus: ['myAccount'],
  i18n: ['account'],
});
