import { defineModule } from '../../platform/module.ts';
import { deviceSoftwareRoutes } from './device-software.routes.ts';

export const deviceSoftwareModule = defineModule({
  area: 'device-software',
  uses: ['clock', 'db', 'gateway', 'files'],
  routes: deviceSoftwareRoutes,
  tables: [],
});
