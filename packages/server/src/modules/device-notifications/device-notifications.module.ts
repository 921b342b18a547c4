import { defineModule } from '../../platform/module.ts';
import { deviceNotificationRoutes } from './device-notifications.routes.ts';

export const deviceNotificationsModule = defineModule({
  area: 'device-notifications',
  uses: ['clock', 'config', 'db', 'gateway', 'hub'],
  routes: deviceNotificationRoutes,
  tables: ['device_notification', 'device_notification_cursor', 'device_notification_read'],
});
