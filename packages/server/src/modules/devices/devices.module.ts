import { defineModule } from '../../platform/module.ts';
import { deviceRoutes } from './devices.routes.ts';

export const devicesModule = defineModule({
  area: 'devices',
  uses: ['clock', 'config', 'db', 'gateway', 'hub'],
  routes: deviceRoutes,
  tables: [
    'device',
    'device_claim_log',
    'device_config',
    'device_count',
    'device_event',
    'device_import',
    'device_status',
    'device_syslog',
    'device_telemetry',
  ],
});
