import { defineModule } from '../../platform/module.ts';
import { supportRoutes } from './support.routes.ts';

/** Support content (issue 18): resources, FAQ and certificates; their share links are the exports'. */
export const supportModule = defineModule({
  area: 'support',
  uses: ['db', 'clock', 'files'],
  routes: supportRoutes,
  tables: ['support_resource', 'support_faq', 'support_certificate'],
});
