import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('notFound')}
      extra={
        <Link to="/index">
          <Button type="primary">{t('backHome')}</Button>
        </Link>
      }
    />
  );
}
