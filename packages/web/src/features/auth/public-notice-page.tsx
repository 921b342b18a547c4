import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlainCard as Card } from '../../widgets/plain-card.tsx';
import { PublicLayout } from './public-layout.tsx';

export type PublicNotice =
  | 'ssoLogin'
  | 'companyTips'
  | 'authorize'
  | 'emailToLogin'
  | 'client'
  | 'unsubscribe'
  | 'azure';

/**
 * The public routes of core §2 whose features come later (single sign-on, Azure ...):
 * each explains itself in both languages and leads back to sign-in, never a blank page.
 */
export function PublicNoticePage({ notice }: { notice: PublicNotice }) {
  const { t } = useTranslation('auth');
  return (
    <PublicLayout>
      <Card style={{ width: 520, maxWidth: '100%' }} data-testid="public-notice" data-notice={notice}>
        <Result
          status="info"
          title={t(`notice.${notice}.title`)}
          subTitle={t(`notice.${notice}.text`)}
          extra={
            <Flex gap={8} justify="center">
              <Link to="/login">
                <Button type="primary">{t('notice.backToLogin')}</Button>
              </Link>
              <Link to="/index">
                <Button>{t('notice.backHome')}</Button>
              </Link>
            </Flex>
          }
        />
      </Card>
    </PublicLayout>
  );
}
