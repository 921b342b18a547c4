import { defineModule } from '../../platform/module.ts';
import { quotaRoutes } from './quotas.routes.ts';

export const quotasModule = defineModule({
  area: 'quotas',
  uses: ['db', 'clock'],
  routes: quotaRoutes,
  tables: ['company_quota', 'company_licence_quota'],
});
