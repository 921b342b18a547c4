import { defineFeature, lazyPage } from '../../app/feature.ts';

const manualPages = () => import('./api-manual-pages.ts');

/**
 * The open API (issue 18): its clients and usage (`/rcms/operation/openApi`, administrators only),
 * the API manual read from the served document (`operation/apiManual`, `support/apiManual`) and the
 * getting-started guide (`support/openApi`). Every page loads on first visit.
 */
export const openApiFeature = defineFeature({
  area: 'open-api',
  pages: {
    'operation/openApi': lazyPage(
      () => import('./open-api-page.tsx'),
      (m) => m.OpenApiPage,
    ),
    'operation/apiManual': lazyPage(manualPages, (m) => m.ApiManualPage),
    'support/apiManual': lazyPage(manualPages, (m) => m.ApiManualPage),
    'support/openApi': lazyPage(manualPages, (m) => m.GettingStartedPage),
  },
  menus: ['openApi', 'apiManual', 'supportOpenApi'],
  i18n: ['openApi', 'apiManual'],
});
