import { defineModule } from '../../platform/module.ts';
import { pointTableRoutes } from './point-tables.routes.ts';

export const pointTablesModule = defineModule({
  area: 'point-tables',
  uses: ['clock', 'db', 'gateway'],
  routes: pointTableRoutes,
  tables: ['point_table', 'endpoint_sample', 'endpoint_state'],
});
