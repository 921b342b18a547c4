import { defineModule } from '../../platform/module.ts';
import { deviceTemplateRoutes } from './device-templates.routes.ts';

export const deviceTemplatesModule = defineModule({
  area: 'device-templates',
  uses: ['db', 'clock', 'files'],
  routes: deviceTemplateRoutes,
  tables: ['device_template', 'device_template_package', 'device_provisioning', 'device_provisioning_step'],
});
