import { defineFeature } from '../../app/feature.ts';

/**
 * Exports: the export dialog every list page shows, and the export records page. The records page
 * (`/exportRecords`, from the header's user menu) and the public share page (`/seeShareFile/:id`) are
 * shell routes, not pages of a console's menu, so they are in app/routes.tsx rather than `pages`.
 */
export const exportsFeature = defineFeature({
  area: 'exports',
  i18n: ['exports'],
});
