import { defineModule } from '../../platform/module.ts';
import { alertRoutes } from './alerts.routes.ts';

export const alertsModule = defineModule({
  area: 'alerts',
  uses: ['db', 'clock', 'hub'],
  routes: alertRoutes,
  tables: [
    'alert_rule',
    'alert',
    'alert_read',
    'alert_flap',
    'alert_batch',
    'alert_silence',
    'event_cursor',
    'event_log',
  ],
});
