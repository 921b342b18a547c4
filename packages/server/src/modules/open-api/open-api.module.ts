import { defineModule } from '../../platform/module.ts';
import { openApiRoutes } from './open-api.routes.ts';

export const openApiModule = defineModule({
  area: 'open-api',
  uses: ['clock', 'config', 'db'],
  routes: openApiRoutes,
  tables: [
    'open_api_client',
    'open_api_token',
    'open_api_rate_bucket',
    'open_api_idempotency',
    'open_api_call_log',
  ],
});
