import { defineModule } from '../../platform/module.ts';
import { rebateRoutes } from './rebates.routes.ts';

export const rebatesModule = defineModule({
  area: 'rebates',
  uses: ['db', 'clock'],
  routes: rebateRoutes,
  tables: ['rebate_rate', 'rebate_rule'],
});
