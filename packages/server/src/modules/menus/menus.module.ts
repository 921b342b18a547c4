import { defineModule } from '../../platform/module.ts';
import { menuRoutes } from './menus.routes.ts';

export const menusModule = defineModule({
  area: 'menus',
  uses: ['db', 'sessions'],
  routes: menuRoutes,
  tables: [],
});
