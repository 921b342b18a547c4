import { defineModule } from '../../platform/module.ts';
import { remoteActionRoutes } from './remote-actions.routes.ts';

export const remoteActionsModule = defineModule({
  area: 'remote-actions',
  uses: ['clock', 'db', 'gateway'],
  routes: remoteActionRoutes,
  tables: ['serial_port_hold'],
});
