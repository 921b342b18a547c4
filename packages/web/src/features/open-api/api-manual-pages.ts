/**
 * The API manual and the getting-started guide, loaded together on the first visit of either: they
 * share the document's reader and its code table, and the console's manifest names one chunk.
 */
export { ApiManualPage } from './api-manual-page.tsx';
export { GettingStartedPage } from './getting-started-page.tsx';
