import { LANGUAGES, type Lang } from '@fleetport/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/index.ts';

/** The English / 中文 switch shown on public pages and in the header. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Select<Lang>
      aria-label={t('language')}
      data-testid="language-switch"
      size="small"
      value={i18n.language === 'cn' ? 'cn' : 'en'}
      onChange={(lang) => void changeLanguage(lang)}
      options={LANGUAGES.map((lang) => ({ value: lang, label: t(`languages.${lang}`) }))}
      style={{ width: 110 }}
    />
  );
}
