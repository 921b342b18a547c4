import { Flex, Layout, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../app/language-switch.tsx';

/** The frame of the pages reached without signing in: brand, language switch, centred content. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Layout style={{ minHeight: '100vh', background: 'linear-gradient(135deg, #0b1f3a 0%, #1668dc 100%)' }}>
      <Flex align="center" justify="space-between" style={{ height: 55, padding: '0 24px' }}>
        <Link to="/index" style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" style={{ height: 28 }} />
          <Typography.Text strong style={{ color: '#fff', fontSize: 18 }}>
            {t('appName')}
          </Typography.Text>
        </Link>
        <LanguageSwitch />
      </Flex>
      <Flex flex={1} align="center" justify="center" style={{ padding: 24 }}>
        {children}
      </Flex>
      <Flex
        align="center"
        justify="center"
        style={{ height: 40, color: 'rgba(255,255,255,0.65)', fontSize: 12 }}
      >
        © {new Date().getFullYear()} {t('appName')}
      </Flex>
    </Layout>
  );
}
