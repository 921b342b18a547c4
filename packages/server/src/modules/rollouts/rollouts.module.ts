import { defineModule } from '../../platform/module.ts';
import { rolloutRoutes } from './rollouts.routes.ts';

export const rolloutsModule = defineModule({
  area: 'rollouts',
  uses: ['clock', 'db', 'gateway', 'files', 'hub'],
  routes: rolloutRoutes,
  tables: ['rollout', 'rollout_device'],
});
