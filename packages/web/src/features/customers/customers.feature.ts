import { defineFeature, lazyPage } from '../../app/feature.ts';

const list = lazyPage(
  () => import('./customers-page.tsx'),
  (m) => m.CustomersPage,
);
const customer = lazyPage(
  () => import('./customer-page.tsx'),
  (m) => m.CustomerPage,
);

/**
 * My customers in both partner consoles: the same pages (a re-seller adds end customers only). The
 * purchase orders and a customer's prices (…/myCustomers/orders, …/:companyId/prices) are the checkout
 * area's pages; these pages only link to them.
 */
export const customersFeature = defineFeature({
  area: 'customers',
  pages: {
    'distributorconsole/myCustomers': list,
    'resellerconsole/myCustomers': list,
    'distributorconsole/myCustomers/:companyId': customer,
    'resellerconsole/myCustomers/:companyId': customer,
  },
  menus: ['customers'],
  i18n: ['customers'],
});
