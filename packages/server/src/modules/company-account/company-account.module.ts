import { defineModule } from '../../platform/module.ts';
import { companyAccountRoutes } from './company-account.routes.ts';

export const companyAccountModule = defineModule({
  area: 'company-account',
  uses: ['clock', 'db'],
  routes: companyAccountRoutes,
  tables: [],
});
