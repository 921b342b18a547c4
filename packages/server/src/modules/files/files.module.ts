import { defineModule } from '../../platform/module.ts';
import { fileRoutes } from './files.routes.ts';

/** Uploads and signed links (platform/files owns the store and its table). */
export const filesModule = defineModule({
  area: 'files',
  uses: ['db', 'files'],
  routes: fileRoutes,
});
