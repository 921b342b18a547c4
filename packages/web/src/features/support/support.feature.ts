import { defineFeature, lazyPage } from '../../app/feature.ts';

/**
 * Support content (issue 18): resources, FAQ and certificates under Support for every signed-in user,
 * and the Super Admin's pages that write them. Every page loads on first visit.
 */
export const supportFeature = defineFeature({
  area: 'support',
  pages: {
    'support/resource': lazyPage(
      () => import('./resources-page.tsx'),
      (m) => m.ResourcesPage,
    ),
    'support/FAQ': lazyPage(
      () => import('./faq-page.tsx'),
      (m) => m.FaqPage,
    ),
    'support/certificate': lazyPage(
      () => import('./certificates-page.tsx'),
      (m) => m.CertificatesPage,
    ),
    'superAdmin/resources': lazyPage(
      () => import('./manage-resources-page.tsx'),
      (m) => m.ManageResourcesPage,
    ),
    'superAdmin/FAQ': lazyPage(
      () => import('./manage-faq-page.tsx'),
      (m) => m.ManageFaqPage,
    ),
    'superAdmin/certificates': lazyPage(
      () => import('./manage-certificates-page.tsx'),
      (m) => m.ManageCertificatesPage,
    ),
  },
  menus: ['resources', 'faq', 'certificates'],
  i18n: ['support'],
});
