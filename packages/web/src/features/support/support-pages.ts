/**
 * The Support pages, loaded together on first visit of any of them: one import in the console's
 * manifest instead of three keeps the first load's table of lazy chunks small.
 */
export { CertificatesPage } from './certificates-page.tsx';
export { FaqPage } from './faq-page.tsx';
export { ResourcesPage } from './resources-page.tsx';
