import { type Lang, TRANSPORT_ERRORS } from '@fleetport/contract';

type CatalogueModule = typeof import('./catalogue-text.ts');

let catalogue: CatalogueModule | null = null;

/**
 * The messages of every code (about 10 KB gzip in both languages) are fetched just after the
 * console's first load rather than in it (issue 12's budget). A call that fails before they arrive
 * shows the server's own message, which the server wrote from the same catalogue in the language
 * the call sent; tests wait for this promise in their setup.
 */
export const errorTextReady: Promise<void> = import('./catalogue-text.ts').then((module) => {
  catalogue = module;
});

/**
 * The catalogue's text for a code with its placeholders filled, or undefined for a code the catalogue
 * does not know (then the server's message is shown).
 */
export function catalogueText(code: number, data: unknown, lang: Lang): string | undefined {
  if (catalogue) return catalogue.errorEntry(code) ? catalogue.errorMessage(code, lang, data) : undefined;
  return TRANSPORT_ERRORS.find((e) => e.code === code)?.[lang];
}
