import { defineModule } from '../../platform/module.ts';
import { exportRoutes } from './exports.routes.ts';

/** Asynchronous .xlsx exports of the console's lists, their records and share links. */
export const exportsModule = defineModule({
  area: 'exports',
  uses: ['db', 'clock', 'files', 'jobs'],
  routes: exportRoutes,
  tables: ['export_record', 'export_share_link'],
});
