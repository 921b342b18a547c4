import { defineModule } from '../../platform/module.ts';
import { accessRestrictionRoutes } from './access-restriction.routes.ts';

export const accessRestrictionModule = defineModule({
  area: 'access-restriction',
  uses: ['clock', 'db'],
  routes: accessRestrictionRoutes,
  tables: ['company_access_restriction'],
});
