import { defineModule } from '../../platform/module.ts';
import { deviceGroupRoutes } from './device-groups.routes.ts';
import { groupAdminRoutes } from './group-admins.routes.ts';

export const deviceGroupsModule = defineModule({
  area: 'device-groups',
  uses: ['clock', 'db', 'gateway', 'hub'],
  routes: (deps) => [...deviceGroupRoutes(deps), ...groupAdminRoutes(deps)],
  tables: ['group_admin'],
});
