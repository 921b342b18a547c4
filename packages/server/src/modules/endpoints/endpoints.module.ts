import { defineModule } from '../../platform/module.ts';
import { endpointRoutes } from './endpoints.routes.ts';

export const endpointsModule = defineModule({
  area: 'endpoints',
  uses: ['clock', 'db'],
  routes: endpointRoutes,
  tables: ['endpoint'],
});
