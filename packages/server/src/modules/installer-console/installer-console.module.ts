import { defineModule } from '../../platform/module.ts';
import { installerConsoleRoutes } from './installer-console.routes.ts';

export const installerConsoleModule = defineModule({
  area: 'installer-console',
  uses: ['db', 'clock', 'hub'],
  routes: installerConsoleRoutes,
  tables: ['installer_console_licence'],
});
