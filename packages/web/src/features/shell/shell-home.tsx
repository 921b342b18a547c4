import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { firstMenuPath } from './menu-model.ts';
import { useVisitMenus } from './shell-queries.ts';
import { useWorkspaceTabs } from './tabs-store.ts';

/** "/": back to the tab the user was on, else the first page of their first console. */
export function ShellHome() {
  const { t } = useTranslation('shell');
  const menus = useVisitMenus();
  const tabs = useWorkspaceTabs();
  if (tabs.active) return <Navigate to={tabs.active} replace />;
  if (menus.isLoading) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  }
  const first = firstMenuPath(menus.apps);
  if (first) return <Navigate to={first} replace />;
  return (
    <div data-testid="no-menus">
      <EmptyState description={t('noMenus')} />
    </div>
  );
}
