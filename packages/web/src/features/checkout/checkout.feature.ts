import { defineFeature, lazyPage } from '../../app/feature.ts';

const purchaseOrders = lazyPage(
  () => import('./purchase-orders-page.tsx'),
  (m) => m.PurchaseOrdersPage,
);
const customerPrices = lazyPage(
  () => import('./customer-prices-page.tsx'),
  (m) => m.CustomerPricesPage,
);

export const checkoutFeature = defineFeature({
  area: 'checkout',
  pages: {
    'operation/onlineCheckout': lazyPage(
      () => import('./checkout-page.tsx'),
      (m) => m.CheckoutPage,
    ),
    // The seller's side lives under "my customers" in both partner consoles.
    'distributorconsole/myCustomers/orders': purchaseOrders,
    'resellerconsole/myCustomers/orders': purchaseOrders,
    'distributorconsole/myCustomers/:companyId/prices': customerPrices,
    'resellerconsole/myCustomers/:companyId/prices': customerPrices,
  },
  menus: ['checkout', 'customers'],
  i18n: ['checkout'],
});
