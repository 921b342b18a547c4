import { defineFeature, lazyPage } from '../../app/feature.ts';

export const rolesFeature = defineFeature({
  area: 'roles',
  pages: {
    'operation/userManager/role': lazyPage(
      () => import('./roles-page.tsx'),
      (m) => m.RolesPage,
    ),
    'operation/userManager/role/jurisdiction/:id': lazyPage(
      () => import('./role-editor-page.tsx'),
      (m) => m.RoleEditorPage,
    ),
  },
  menus: ['role'],
  i18n: ['operation'],
});
