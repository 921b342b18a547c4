import { defineModule } from '../../platform/module.ts';
import { activityLogRoutes } from './activity-log.routes.ts';

export const activityLogModule = defineModule({
  area: 'activity-log',
  uses: ['clock', 'db'],
  routes: activityLogRoutes,
  tables: ['activity_log'],
});
