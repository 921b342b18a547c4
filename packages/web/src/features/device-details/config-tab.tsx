import { formatDateTime, getDeviceConfigJsonCall, getLatestDeviceConfigCall } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Collapse, Flex } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiCall } from '../../api/client.ts';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { seriesConfigPath } from '../device-config/series-config-path.ts';

const pre = { margin: 0, maxHeight: 480, overflow: 'auto', fontSize: 12 } as const;

// The editor (forms of every section) loads when the tab opens, not with the device's page.
const ConfigEditor = lazy(() =>
  import('../device-config/config-editor.tsx').then((m) => ({ default: m.ConfigEditor })),
);

/**
 * The configuration tab: the editor of remote configuration (features/device-config), and below it, folded,
 * the configuration XML as the device sent it (with lastUpdatedTime) and its capability JSON.
 */
export function ConfigTab({ sn, series }: { sn: string; series: string }) {
  const ownPage = seriesConfigPath(series, sn);
  const { t } = useTranslation('deviceDetails');
  const xml = useQuery({
    queryKey: ['deviceConfig', sn],
    queryFn: () => apiCall(getLatestDeviceConfigCall, { sn }),
  });
  const json = useQuery({
    queryKey: ['deviceConfigJson', sn],
    queryFn: () => apiCall(getDeviceConfigJsonCall, { sn }),
  });
  return (
    <Flex vertical gap={12} data-testid="config-tab">
      {ownPage ? (
        <Flex justify="end">
          <Link to={ownPage} data-testid="config-own-page">
            {t('config.ownPage')}
          </Link>
        </Flex>
      ) : null}
      <Suspense fallback={<Card loading size="small" />}>
        <ConfigEditor sn={sn} />
      </Suspense>
      <Collapse
        size="small"
        items={[
          {
            key: 'xml',
            label: t('config.xml'),
            extra: xml.data?.lastUpdatedTime
              ? t('config.lastUpdated', { at: formatDateTime(xml.data.lastUpdatedTime) })
              : null,
            children: xml.data?.xml ? (
              <pre style={pre} data-testid="config-xml">
                {xml.data.xml}
              </pre>
            ) : (
              <EmptyState description={t('config.noXml')} />
            ),
          },
          {
            key: 'capabilities',
            label: t('config.capabilities'),
            children: json.data ? (
              <pre style={pre}>{JSON.stringify(json.data.devcfg, null, 2)}</pre>
            ) : (
              <EmptyState />
            ),
          },
        ]}
      />
    </Flex>
  );
}
