import { defineFeature, lazyPage } from '../../app/feature.ts';

/** Products of the endpoint manager (issue 19): the list and a product's details, built from a point table. */
export const productsFeature = defineFeature({
  area: 'products',
  pages: {
    'endpointManager/productManagement': lazyPage(
      () => import('./products-page.tsx'),
      (m) => m.ProductsPage,
    ),
    'endpointManager/productManagement/productManagementDetails/:id': lazyPage(
      () => import('./product-details-page.tsx'),
      (m) => m.ProductDetailsPage,
    ),
  },
  menus: ['products'],
  i18n: ['products'],
});
