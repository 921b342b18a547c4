import { defineModule } from '../../platform/module.ts';
import { deviceDetailRoutes } from './device-details.routes.ts';

export const deviceDetailsModule = defineModule({
  area: 'device-details',
  uses: ['clock', 'db', 'gateway'],
  routes: deviceDetailRoutes,
  tables: [],
});
