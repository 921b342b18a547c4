import { defineModule } from '../../platform/module.ts';
import { partnerNotificationRoutes } from './partner-notifications.routes.ts';

export const partnerNotificationsModule = defineModule({
  area: 'partner-notifications',
  uses: ['db', 'clock', 'config', 'files', 'mailer'],
  routes: partnerNotificationRoutes,
  tables: [
    'partner_notice',
    'partner_notice_target',
    'partner_notice_read',
    'partner_alert_email',
    'partner_smtp',
    'partner_alert_episode',
  ],
});
