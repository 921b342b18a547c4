import { useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLive } from '../../api/live.ts';
import { PageGate } from '../../app/permissions.tsx';
import { addNamespaces } from '../../i18n/index.ts';
import { alerts } from './alerts.i18n.ts';
import { AlertsTab } from './alerts-tab.tsx';
import { RulesTab } from './rules-tab.tsx';
import { SilencesTab } from './silences-tab.tsx';

// The page's own text comes with it, not with the console's frame (i18n/resources.ts PAGE_TEXT).
addNamespaces({ alerts });

/**
 * The alert centre (robustlink/alertCenter): the Alerts tab (the company's router alerts, live) and
 * the Rules tab. The tab is in the address (`?tab=rules`), so a reload or a shared link keeps it.
 */
export function AlertCenterPage() {
  return (
    <PageGate funCode="alerts.view">
      <AlertCenter />
    </PageGate>
  );
}

function AlertCenter() {
  const { t } = useTranslation('alerts');
  useLive(useQueryClient());
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = asked === 'rules' || asked === 'silences' ? asked : 'alerts';
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(key === 'alerts' ? {} : { tab: key }, { replace: true })}
      items={[
        { key: 'alerts', label: t('tabs.alerts'), children: <AlertsTab /> },
        { key: 'rules', label: t('tabs.rules'), children: <RulesTab /> },
        { key: 'silences', label: t('tabs.silences'), children: <SilencesTab /> },
      ]}
      data-testid="alert-center"
    />
  );
}
