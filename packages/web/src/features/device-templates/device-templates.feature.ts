import { defineFeature, lazyPage } from '../../app/feature.ts';

/**
 * Zero-touch templates (issue 14): the device console's Templates page (core §2 devices/deviceTemplate)
 * and the same page in the operation console (operation/deviceTemplate), each with its provisioning tab.
 */
const templatesPage = lazyPage(
  () => import('./templates-page.tsx'),
  (m) => m.TemplatesPage,
);

export const deviceTemplatesFeature = defineFeature({
  area: 'device-templates',
  pages: {
    'robustlink/devices/deviceTemplate': templatesPage,
    'operation/deviceTemplate': templatesPage,
  },
  menus: ['templates'],
  i18n: ['deviceTemplates'],
});
