import { defineFeature, lazyPage } from '../../app/feature.ts';

export const usersFeature = defineFeature({
  area: 'users',
  pages: {
    'operation/userManager/user': lazyPage(
      () => import('./users-page.tsx'),
      (m) => m.UsersPage,
    ),
  },
  menus: ['user'],
  i18n: ['operation'],
});
