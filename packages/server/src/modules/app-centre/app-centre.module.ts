import { defineModule } from '../../platform/module.ts';
import { appCentreRoutes } from './app-centre.routes.ts';

export const appCentreModule = defineModule({
  area: 'app-centre',
  uses: ['db', 'clock', 'files'],
  routes: appCentreRoutes,
  tables: ['app_package', 'app_package_version', 'app_package_target'],
});
