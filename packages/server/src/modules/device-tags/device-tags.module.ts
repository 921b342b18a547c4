import { defineModule } from '../../platform/module.ts';
import { deviceTagRoutes } from './device-tags.routes.ts';

export const deviceTagsModule = defineModule({
  area: 'device-tags',
  uses: ['db'],
  routes: deviceTagRoutes,
  tables: ['device_tag', 'device_tag_link'],
});
