import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { i18n } from './index.ts';

/*
 * dayjs in the console's language: the pages that format or pick dates import it from here, so the
 * locale follows the language switch. Pages without dates (the sign-in page, the dashboard) load
 * no dayjs.
 */
const dayjsLocale = (lang: string) => (lang === 'cn' ? 'zh-cn' : 'en');
dayjs.locale(dayjsLocale(i18n.language));
i18n.on('languageChanged', (lang) => dayjs.locale(dayjsLocale(lang)));

export type { Dayjs } from 'dayjs';
export { dayjs };
