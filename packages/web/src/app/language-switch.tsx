import { LANGUAGES, type Lang } from '@fleetport/contract';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/index.ts';

/**
 * The English / 中文 switch shown on public pages and in the header: two segments, one click. A
 * Select here cost the sign-in page ~25 KB gzip (its virtual list and dropdown) for two choices.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Segmented<Lang>
      aria-label={t('language')}
      data-testid="language-switch"
      size="small"
      value={i18n.language === 'cn' ? 'cn' : 'en'}
      onChange={(lang) => void changeLanguage(lang)}
      options={LANGUAGES.map((lang) => ({ value: lang, label: t(`languages.${lang}`) }))}
    />
  );
}
