import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../language-switch.tsx';

/** /index: the public start page. */
export function LandingPage() {
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" justify="center" gap={16} style={{ minHeight: '100vh', padding: 24 }}>
      <LanguageSwitch />
      <Typography.Title data-testid="app-title">{t('appName')}</Typography.Title>
      <Typography.Paragraph data-testid="tagline">{t('tagline')}</Typography.Paragraph>
    </Flex>
  );
}
