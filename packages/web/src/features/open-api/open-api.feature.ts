import { defineFeature, lazyPage } from '../../app/feature.ts';

/** The open API's clients and usage (issue 18): `/rcms/operation/openApi`, administrators only. */
export const openApiFeature = defineFeature({
  area: 'open-api',
  pages: {
    'operation/openApi': lazyPage(
      () => import('./open-api-page.tsx'),
      (m) => m.OpenApiPage,
    ),
  },
  menus: ['openApi'],
  i18n: ['openApi'],
});
