import type { Lang } from '@fleetport/contract';
import { useTranslation } from 'react-i18next';

/** The console's current language, re-rendering the caller when it changes. */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return i18n.language === 'cn' ? 'cn' : 'en';
}
