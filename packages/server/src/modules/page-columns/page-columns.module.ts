import { defineModule } from '../../platform/module.ts';
import { pageColumnRoutes } from './page-columns.routes.ts';

export const pageColumnsModule = defineModule({
  area: 'page-columns',
  uses: ['clock', 'db'],
  routes: pageColumnRoutes,
  tables: ['page_column'],
});
