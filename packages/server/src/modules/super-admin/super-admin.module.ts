import { defineModule } from '../../platform/module.ts';
import { superAdminRoutes } from './super-admin.routes.ts';

export const superAdminModule = defineModule({
  area: 'super-admin',
  uses: ['clock', 'config', 'db', 'mailer', 'gateway', 'responses', 'startedAt'],
  routes: superAdminRoutes,
  tables: ['feature_retirement', 'platform_node'],
});
