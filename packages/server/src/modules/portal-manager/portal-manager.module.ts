import { defineModule } from '../../platform/module.ts';
import { portalManagerRoutes } from './portal-manager.routes.ts';

export const portalManagerModule = defineModule({
  area: 'portal-manager',
  uses: ['db', 'clock', 'files', 'config', 'gateway'],
  routes: portalManagerRoutes,
  tables: [
    'portal_template',
    'portal_device',
    'portal_blocked_client',
    'portal_session',
    'portal_splash_token',
    'portal_push',
    'portal_client',
  ],
});
