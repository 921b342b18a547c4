import { defineModule } from '../../platform/module.ts';
import { checkoutRoutes } from './checkout.routes.ts';

export const checkoutModule = defineModule({
  area: 'checkout',
  uses: ['db', 'clock', 'config', 'hub'],
  routes: checkoutRoutes,
  tables: ['customer_price', 'customer_checkout', 'purchase_order'],
});
