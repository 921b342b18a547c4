import { defineModule } from '../../platform/module.ts';
import { deviceGroupRoutes } from './device-groups.routes.ts';

export const deviceGroupsModule = defineModule({
  area: 'device-groups',
  uses: ['clock', 'db'],
  routes: (deps) => deviceGroupRoutes(deps),
  tables: ['group_admin'],
});
