import { defineModule } from '../../platform/module.ts';
import { productRoutes } from './products.routes.ts';

export const productsModule = defineModule({
  area: 'products',
  uses: ['clock', 'db', 'files'],
  routes: productRoutes,
  tables: ['product'],
});
