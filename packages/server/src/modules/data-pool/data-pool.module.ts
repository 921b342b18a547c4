import { defineModule } from '../../platform/module.ts';
import { dataPoolRoutes } from './data-pool.routes.ts';

export const dataPoolModule = defineModule({
  area: 'data-pool',
  uses: ['db', 'clock', 'hub'],
  routes: dataPoolRoutes,
  tables: ['data_pool_item', 'data_pool', 'data_pool_counter', 'data_pool_usage'],
});
