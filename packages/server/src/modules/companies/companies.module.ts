import { defineModule } from '../../platform/module.ts';
import { companyRoutes } from './companies.routes.ts';

export const companiesModule = defineModule({
  area: 'companies',
  uses: ['clock', 'db'],
  routes: companyRoutes,
  tables: ['company', 'company_group', 'company_relation', 'company_user'],
});
