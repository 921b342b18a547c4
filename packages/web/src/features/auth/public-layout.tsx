import '../../widgets/light/light.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../app/language-switch.tsx';

const row = { display: 'flex', alignItems: 'center' } as const;

/**
 * The frame of the pages reached without signing in: brand, language switch, centred content. Plain
 * elements in antd's font and colours (widgets/light), so the sign-in page draws without antd.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div
      className="fp-light"
      style={{
        display: 'flex',
        flexDirection: 'column',
        minHeight: '100vh',
        background: 'linear-gradient(135deg, #0b1f3a 0%, #1668dc 100%)',
      }}
    >
      <header style={{ ...row, justifyContent: 'space-between', height: 55, padding: '0 24px' }}>
        <Link to="/index" style={{ ...row, gap: 10 }}>
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" style={{ height: 28 }} />
          <strong style={{ color: '#fff', fontSize: 18, fontWeight: 600 }}>{t('appName')}</strong>
        </Link>
        <LanguageSwitch />
      </header>
      <main style={{ ...row, flex: 1, justifyContent: 'center', padding: 24 }}>{children}</main>
      <footer
        style={{
          ...row,
          justifyContent: 'center',
          height: 40,
          color: 'rgba(255,255,255,0.65)',
          fontSize: 12,
        }}
      >
        © {new Date().getFullYear()} {t('appName')}
      </footer>
    </div>
  );
}
