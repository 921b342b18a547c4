import { SUPPORT_LANGUAGES, type SupportLanguage } from '@fleetport/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** The Super Admin's language filter of resources and FAQ: every language, or one. */
export function LanguageFilter({
  value,
  onChange,
}: {
  value: SupportLanguage | 'all';
  onChange: (value: SupportLanguage | 'all') => void;
}) {
  const { t } = useTranslation('support');
  return (
    <Select
      style={{ width: 140 }}
      value={value}
      onChange={onChange}
      options={[
        { value: 'all', label: t('manage.allLanguages') },
        ...SUPPORT_LANGUAGES.map((lang) => ({ value: lang, label: t(`language.${lang}`) })),
      ]}
      data-testid="support-language-filter"
    />
  );
}
