import { defineModule } from '../../platform/module.ts';
import { reportRoutes } from './reports.routes.ts';

/** Reports and custom reports: runs written as .xlsx through the exports layer, on a schedule or at once. */
export const reportsModule = defineModule({
  area: 'reports',
  uses: ['db', 'clock', 'files', 'jobs'],
  routes: reportRoutes,
  tables: ['custom_report', 'report', 'report_run'],
});
