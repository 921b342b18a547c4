import { isLang, type Lang } from '@fleetport/contract';

/** core §1: the language is kept in local storage and defaults to en. */
export const LANGUAGE_STORAGE_KEY = 'language';

export function storedLanguage(): Lang {
  const value = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return isLang(value) ? value : 'en';
}

export function storeLanguage(lang: Lang): void {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
}
