import { defineFeature, lazyPage } from '../../app/feature.ts';

/** The distributor console's rebate amounts (core §2 rebateAmount); re-sellers have none. */
export const rebatesFeature = defineFeature({
  area: 'rebates',
  pages: {
    'distributorconsole/rebateAmount': lazyPage(
      () => import('./rebates-page.tsx'),
      (m) => m.RebatesPage,
    ),
  },
  menus: ['distributorRebates'],
  i18n: ['rebates'],
});
