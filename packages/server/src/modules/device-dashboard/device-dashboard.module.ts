import { defineModule } from '../../platform/module.ts';
import { deviceDashboardRoutes } from './device-dashboard.routes.ts';

export const deviceDashboardModule = defineModule({
  area: 'device-dashboard',
  uses: ['clock', 'db'],
  routes: deviceDashboardRoutes,
  tables: [],
});
