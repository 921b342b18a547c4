/** The Super Admin's support pages, loaded together on first visit of any of them (see support-pages.ts). */
export { ManageCertificatesPage } from './manage-certificates-page.tsx';
export { ManageFaqPage } from './manage-faq-page.tsx';
export { ManageResourcesPage } from './manage-resources-page.tsx';
