import '../widgets/light/light.css';
import { LANGUAGES, type Lang } from '@fleetport/contract';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/index.ts';

/**
 * The English / 中文 switch shown on public pages and in the header: two segments, one click, drawn
 * like antd's small Segmented from two radio buttons (the sign-in page loads no antd).
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current: Lang = i18n.language === 'cn' ? 'cn' : 'en';
  return (
    <fieldset className="fp-segmented" aria-label={t('language')} data-testid="language-switch">
      {LANGUAGES.map((lang) => (
        <label key={lang}>
          <input
            type="radio"
            name="console-language"
            value={lang}
            checked={current === lang}
            onChange={() => void changeLanguage(lang)}
          />
          <span>{t(`languages.${lang}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
