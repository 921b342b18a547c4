import { defineModule } from '../../platform/module.ts';
import { notificationRoutes } from './notifications.routes.ts';

export const notificationsModule = defineModule({
  area: 'notifications',
  uses: ['db', 'clock', 'config'],
  routes: notificationRoutes,
  tables: [
    'channel_cursor',
    'webhook',
    'webhook_delivery',
    'mail_hour',
    'mail_opt_out',
    'notification_choice',
  ],
});
