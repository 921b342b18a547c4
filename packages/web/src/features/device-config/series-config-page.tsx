import { Card, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { PageGate } from '../../app/permissions.tsx';
import { addNamespaces } from '../../i18n/index.ts';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { OnlineBadge } from '../devices/device-columns.tsx';
import { deviceDetailsPath } from '../devices/device-paths.ts';
import { useDevice } from '../devices/device-query.ts';
import { ConfigEditor } from './config-editor.tsx';
import { deviceConfig } from './device-config.i18n.ts';
import { seriesConfigPath } from './series-config-path.ts';

addNamespaces({ deviceConfig });

/**
 * A router's configuration on a page of its own, at its series' route (`/robustlink/r3000/{sn}`):
 * the same editor as the device's configuration tab, with the whole width. A link made for another
 * series (a router replaced by another model under the same SN) moves to the router's own series.
 */
export function SeriesConfigPage() {
  return (
    <PageGate funCode="devices.view">
      <SeriesConfig />
    </PageGate>
  );
}

function SeriesConfig() {
  const { t } = useTranslation('deviceConfig');
  const sn = decodeURIComponent(useParams().sn ?? '');
  const { pathname } = useLocation();
  const device = useDevice(sn);
  const row = device.data;

  if (device.isError) return <EmptyState description={t('seriesPage.notFound', { sn })} />;
  if (!row) return <Card loading />;

  const own = seriesConfigPath(row.series, sn);
  if (!own) return <EmptyState description={t('seriesPage.noMenu', { series: row.series })} />;
  if (own !== pathname) return <Navigate to={own} replace />;

  return (
    <Flex vertical gap={12} data-testid="series-config-page">
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Space size="middle" wrap>
            <Typography.Title level={4} style={{ margin: 0 }} translate="no">
              {row.name || row.sn}
            </Typography.Title>
            <Typography.Text type="secondary" translate="no">
              {row.sn} · {row.model}
            </Typography.Text>
            <OnlineBadge online={row.online} t={t} />
          </Space>
          <Link to={deviceDetailsPath(sn)} data-testid="series-config-details">
            {t('seriesPage.details')}
          </Link>
        </Flex>
      </Card>
      <ConfigEditor sn={sn} />
    </Flex>
  );
}
