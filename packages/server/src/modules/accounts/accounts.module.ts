import { defineModule } from '../../platform/module.ts';
import { accountRoutes } from './accounts.routes.ts';

export const accountsModule = defineModule({
  area: 'accounts',
  uses: ['clock', 'config', 'db', 'mailer', 'sms'],
  routes: accountRoutes,
  tables: ['app_user', 'password_history', 'verification_code'],
});
