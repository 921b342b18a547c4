import { defineFeature, lazyPage } from '../../app/feature.ts';

/** Endpoints of the endpoint manager (issue 19): the list with add, edit and import, and an endpoint's page. */
export const endpointsFeature = defineFeature({
  area: 'endpoints',
  pages: {
    'endpointManager/endDeviceManagement': lazyPage(
      () => import('./endpoints-page.tsx'),
      (m) => m.EndpointsPage,
    ),
    'endpointManager/endDeviceManagement/endDeviceDetail/:thingId': lazyPage(
      () => import('./endpoint-detail-page.tsx'),
      (m) => m.EndpointDetailPage,
    ),
  },
  menus: ['endpoints'],
  i18n: ['endpoints'],
});
