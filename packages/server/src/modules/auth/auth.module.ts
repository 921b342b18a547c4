import { defineModule } from '../../platform/module.ts';
import { authRoutes } from './auth.routes.ts';

export const authModule = defineModule({
  area: 'auth',
  uses: ['clock', 'config', 'db'],
  routes: authRoutes,
  tables: ['captcha', 'login_attempt'],
});
