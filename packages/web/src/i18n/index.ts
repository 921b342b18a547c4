import type { Lang } from '@fleetport/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storedLanguage, storeLanguage } from './language.ts';
import { resourcesFor } from './resources.ts';

/** One i18next instance for the console; `common` is the default namespace. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: storedLanguage(),
  fallbackLng: 'en',
  supportedLngs: ['en', 'cn'],
  resources: { en: resourcesFor('en'), cn: resourcesFor('cn') } as never,
  defaultNS: 'common',
  ns: Object.keys(resourcesFor('en')),
  interpolation: { escapeValue: false },
  initAsync: false,
});
dayjs.locale(storedLanguage() === 'cn' ? 'zh-cn' : 'en');

export function currentLanguage(): Lang {
  return i18n.language === 'cn' ? 'cn' : 'en';
}

/** Switches the console's language and remembers it across reloads. */
export async function changeLanguage(lang: Lang): Promise<void> {
  storeLanguage(lang);
  dayjs.locale(lang === 'cn' ? 'zh-cn' : 'en');
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang === 'cn' ? 'zh-CN' : 'en';
}
