import { defineModule } from '../../platform/module.ts';
import { shellRoutes } from './shell.routes.ts';

export const shellModule = defineModule({
  area: 'shell',
  uses: ['clock', 'config', 'db'],
  routes: shellRoutes,
  tables: ['maintenance_notice', 'show_note'],
});
