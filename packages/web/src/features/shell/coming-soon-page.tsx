import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useLang } from '../../app/use-lang.ts';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { pageTitle } from './page-title.ts';

/** Every console page that is not built yet: a clear notice in the workspace, never a blank screen. */
export function ComingSoonPage() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const lang = useLang();
  return (
    <div data-testid="coming-soon" style={{ paddingTop: 64 }}>
      <EmptyState
        description={
          <>
            <Typography.Title level={4}>
              {t('comingSoon.title', { page: pageTitle(pathname, t, lang) })}
            </Typography.Title>
            <Typography.Text type="secondary">{t('comingSoon.description')}</Typography.Text>
          </>
        }
      />
    </div>
  );
}
