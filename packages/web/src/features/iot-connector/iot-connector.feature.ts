import { defineFeature, lazyPage } from '../../app/feature.ts';

/** Cloud IoT connectors (issue 18): the app centre's connector list and a connector's details. */
export const iotConnectorFeature = defineFeature({
  area: 'iot-connector',
  pages: {
    'appcenter/iotcenntor': lazyPage(
      () => import('./iot-connectors-page.tsx'),
      (m) => m.IotConnectorsPage,
    ),
    'appcenter/iotConnector/:id': lazyPage(
      () => import('./iot-connector-page.tsx'),
      (m) => m.IotConnectorPage,
    ),
  },
  menus: ['iotConnector'],
  i18n: ['iotConnector'],
});
