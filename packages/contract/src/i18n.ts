/** The console's two languages. The `language` header carries one of these. */
export const LANGUAGES = ['en', 'cn'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'en';

/** A text in both languages. */
export interface Localized {
  en: string;
  cn: string;
}

export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'cn';
}

/** Reads the `language` header; anything unknown falls back to English. */
export function langFromHeader(value: unknown): Lang {
  return isLang(value) ? value : DEFAULT_LANG;
}

/** Fills `{name}` placeholders; unknown placeholders stay visible so a missing value is noticed. */
export function interpolate(text: string, vars: Record<string, string | number | undefined> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = vars[name];
    return value === undefined ? whole : String(value);
  });
}
