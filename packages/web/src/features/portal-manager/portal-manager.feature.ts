import { defineFeature, lazyPage } from '../../app/feature.ts';

/** The portal manager (issue 21): captive portal templates and their routers. */
export const portalManagerFeature = defineFeature({
  area: 'portal-manager',
  pages: {
    'robustlink/portalManager': lazyPage(
      () => import('./portal-templates-page.tsx'),
      (m) => m.PortalTemplatesPage,
    ),
    'robustlink/portalManager/portalDetail/:id': lazyPage(
      () => import('./portal-detail-page.tsx'),
      (m) => m.PortalDetailPage,
    ),
  },
  menus: ['portalManager'],
  i18n: ['portalManager'],
});
