import { defineFeature, lazyPage } from '../../app/feature.ts';

/** Point tables (issue 19): the device console's point table list and a table's details with its test read. */
export const pointTablesFeature = defineFeature({
  area: 'point-tables',
  pages: {
    'robustlink/pointTable': lazyPage(
      () => import('./point-tables-page.tsx'),
      (m) => m.PointTablesPage,
    ),
    'robustlink/pointTable/pointTableDetails/:id': lazyPage(
      () => import('./point-table-details-page.tsx'),
      (m) => m.PointTableDetailsPage,
    ),
  },
  menus: ['pointTable'],
  i18n: ['pointTables'],
});
