import { common } from './common.ts';

/**
 * Every namespace of console text, English and Chinese side by side. A feature adds its file here;
 * the i18n test checks both languages carry the same keys.
 */
export const RESOURCES = {
  common,
} as const;

type Namespaces = typeof RESOURCES;
export type NamespaceName = keyof Namespaces;

export function resourcesFor(lang: 'en' | 'cn') {
  const out: Record<string, unknown> = {};
  for (const [ns, texts] of Object.entries(RESOURCES)) out[ns] = texts[lang];
  return out;
}
