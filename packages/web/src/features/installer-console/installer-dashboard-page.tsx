import { formatBytes, formatDateTime, installerDashboardCall } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { PageGate } from '../../app/permissions.tsx';
import { INSTALLER_KEYS, useInstallerLicence } from './installer-licence.ts';
import { InstallerLicenceFrame } from './licence-frame.tsx';

/** The figures follow the fleet without a reload. */
const REFRESH_MS = 30_000;

/** The installer console's dashboard (issue 20; features §2): the estate's figures and the licence. */
export function InstallerDashboardPage() {
  return (
    <PageGate funCode="installerDashboard.view">
      <InstallerLicenceFrame>
        <DashboardFigures />
      </InstallerLicenceFrame>
    </PageGate>
  );
}

function uptimeText(seconds: number, t: TFunction<'installerConsole'>): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d > 0) return t('dashboard.uptimeDays', { d, h });
  if (h > 0) return t('dashboard.uptimeHours', { h, m });
  return t('dashboard.uptimeMinutes', { m });
}

function DashboardFigures() {
  const { t } = useTranslation('installerConsole');
  const licence = useInstallerLicence().data;
  const board = useQuery({
    queryKey: INSTALLER_KEYS.dashboard,
    queryFn: () => apiCall(installerDashboardCall, {}),
    refetchInterval: REFRESH_MS,
  });
  const d = board.data;
  const figure = (title: string, value: string, testId: string) => (
    <Col xs={24} sm={12} lg={6}>
      <Card size="small">
        <Statistic title={title} value={value} valueRender={(v) => <span data-testid={testId}>{v}</span>} />
      </Card>
    </Col>
  );
  return (
    <>
      <Row gutter={[16, 16]}>
        {figure(t('dashboard.devices'), d ? String(d.devices) : '–', 'installer-devices')}
        {figure(t('dashboard.online'), d ? String(d.online) : '–', 'installer-online')}
        {figure(t('dashboard.dataUsed'), d ? formatBytes(d.dataUsedBytes) : '–', 'installer-data')}
        {figure(
          t('dashboard.uptime'),
          d?.averageUptimeSeconds != null ? uptimeText(d.averageUptimeSeconds, t) : t('dashboard.noUptime'),
          'installer-uptime',
        )}
      </Row>
      {licence ? (
        <Card size="small" title={t('dashboard.licence')}>
          <Tag
            color={licence.consoleState === 'active' ? 'green' : 'blue'}
            data-testid="installer-licence-state"
          >
            {t(`state.${licence.consoleState}`)}
          </Tag>
          {licence.endsAt !== null ? t('dashboard.endsAt', { date: formatDateTime(licence.endsAt) }) : null}
        </Card>
      ) : null}
    </>
  );
}
