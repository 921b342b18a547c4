import { defineFeature, lazyPage } from '../../app/feature.ts';

/** One loader per console: each page of it loads the same chunk, and the first load names it once. */
const supportPages = () => import('./support-pages.ts');
const manageSupportPages = () => import('./manage-support-pages.ts');

/**
 * Support content (issue 18): resources, FAQ and certificates under Support for every signed-in user,
 * and the Super Admin's pages that write them. Every page loads on first visit.
 */
export const supportFeature = defineFeature({
  area: 'support',
  pages: {
    'support/resource': lazyPage(supportPages, (m) => m.ResourcesPage),
    'support/FAQ': lazyPage(supportPages, (m) => m.FaqPage),
    'support/certificate': lazyPage(supportPages, (m) => m.CertificatesPage),
    'superAdmin/resources': lazyPage(manageSupportPages, (m) => m.ManageResourcesPage),
    'superAdmin/FAQ': lazyPage(manageSupportPages, (m) => m.ManageFaqPage),
    'superAdmin/certificates': lazyPage(manageSupportPages, (m) => m.ManageCertificatesPage),
  },
  menus: ['resources', 'faq', 'certificates'],
  i18n: ['support'],
});
