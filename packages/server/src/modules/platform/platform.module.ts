import { defineModule } from '../../platform/module.ts';
import { platformRoutes } from './platform.routes.ts';

export const platformModule = defineModule({
  area: 'platform',
  uses: ['config', 'db', 'dialect', 'startedAt', 'version', 'gateway'],
  routes: platformRoutes,
  tables: [],
});
