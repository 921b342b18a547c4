import { defineModule } from '../../platform/module.ts';
import { roleRoutes } from './roles.routes.ts';

export const rolesModule = defineModule({
  area: 'roles',
  uses: ['clock', 'db'],
  routes: roleRoutes,
  tables: ['role'],
});
