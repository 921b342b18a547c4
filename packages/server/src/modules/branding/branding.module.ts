import { defineModule } from '../../platform/module.ts';
import { brandingRoutes } from './branding.routes.ts';

export const brandingModule = defineModule({
  area: 'branding',
  uses: ['db', 'clock', 'config', 'files'],
  routes: brandingRoutes,
  tables: ['partner_branding'],
});
