import { defineModule } from '../../platform/module.ts';
import { jobRoutes } from './jobs.routes.ts';

/** The console's view of the job queue (platform/jobs owns the queue and its tables). */
export const jobsModule = defineModule({
  area: 'jobs',
  uses: ['db'],
  routes: jobRoutes,
});
