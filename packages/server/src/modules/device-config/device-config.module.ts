import { defineModule } from '../../platform/module.ts';
import { deviceConfigRoutes } from './device-config.routes.ts';

export const deviceConfigModule = defineModule({
  area: 'device-config',
  uses: ['db', 'clock', 'gateway', 'hub', 'files'],
  routes: deviceConfigRoutes,
  tables: ['device_change_set', 'device_config_drift', 'device_group_profile'],
});
