import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A path that names no page; `inShell` when it is shown inside the console (its way back is the console's home). */
export function NotFoundPage({ inShell = false }: { inShell?: boolean }) {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('notFound')}
      data-testid={inShell ? 'shell-not-found' : 'not-found'}
      extra={
        <Link to={inShell ? '/' : '/index'}>
          <Button type="primary">{t('backHome')}</Button>
        </Link>
      }
    />
  );
}

/** An unknown path inside a console: the page is not found, the shell around it stays. */
export function ShellNotFoundPage() {
  return <NotFoundPage inShell />;
}
