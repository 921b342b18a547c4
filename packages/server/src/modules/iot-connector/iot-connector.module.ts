import { defineModule } from '../../platform/module.ts';
import { iotConnectorRoutes } from './iot-connector.routes.ts';

export const iotConnectorModule = defineModule({
  area: 'iot-connector',
  uses: ['db', 'clock', 'config'],
  routes: iotConnectorRoutes,
  tables: ['iot_connector', 'iot_connector_router'],
});
