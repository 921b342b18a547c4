import { defineModule } from '../../platform/module.ts';
import { customerRoutes } from './customers.routes.ts';

export const customersModule = defineModule({
  area: 'customers',
  uses: ['clock', 'config', 'db', 'hub', 'mailer'],
  routes: customerRoutes,
  // Partner links are the companies area's `company_relation`; this area keeps no table of its own.
  tables: [],
});
