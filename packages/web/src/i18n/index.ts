import type { Lang } from '@fleetport/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { common } from './common.ts';
import { storedLanguage, storeLanguage } from './language.ts';
import { request } from './request.ts';

/** One i18next instance for the console; `common` is the default namespace. */
export const i18n = i18next.createInstance();

type Namespaces = Record<string, { en: object; cn: object }>;

/**
 * The text every page needs is here; the rest comes with the code that shows it: the sign-in page
 * adds `auth`, the console's frame (app/antd-frame.tsx) every namespace of i18n/resources.ts,
 * before any page under it renders. Both languages always arrive together.
 */
const ENTRY_TEXT: Namespaces = { common, request };

void i18n.use(initReactI18next).init({
  lng: storedLanguage(),
  fallbackLng: 'en',
  supportedLngs: ['en', 'cn'],
  resources: {
    en: Object.fromEntries(Object.entries(ENTRY_TEXT).map(([ns, texts]) => [ns, texts.en])),
    cn: Object.fromEntries(Object.entries(ENTRY_TEXT).map(([ns, texts]) => [ns, texts.cn])),
  },
  defaultNS: 'common',
  ns: Object.keys(ENTRY_TEXT),
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Adds namespaces of console text (English and Chinese) not added yet. */
export function addNamespaces(namespaces: Namespaces): void {
  for (const [ns, texts] of Object.entries(namespaces))
    for (const lang of ['en', 'cn'] as const)
      if (!i18n.hasResourceBundle(lang, ns)) i18n.addResourceBundle(lang, ns, texts[lang], true, true);
}

export function currentLanguage(): Lang {
  return i18n.language === 'cn' ? 'cn' : 'en';
}

/** Switches the console's language and remembers it across reloads (dates follow: app/antd-frame.tsx). */
export async function changeLanguage(lang: Lang): Promise<void> {
  storeLanguage(lang);
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang === 'cn' ? 'zh-CN' : 'en';
}
