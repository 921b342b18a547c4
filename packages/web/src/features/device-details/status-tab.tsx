import { getStatusByModuleCall, recentTelemetryCall } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { CellularCard } from './cellular-card.tsx';
import { InterfacesCard, LinksCard, LocationCard, SystemCard } from './status-cards.tsx';
import { panelStatus, STATUS_MODULES } from './status-values.ts';

/** How many telemetry samples the sparklines draw (half an hour at the default one-minute period). */
const HISTORY = 30;
/** The panel follows the device while it is open: telemetry comes about once a minute. */
const REFRESH_MS = 30_000;

/**
 * The device's state as a panel (issue 12): cellular per SIM with signal bars and history, links,
 * interfaces, system and location, from the last reported status modules and telemetry samples.
 */
export function StatusTab({ sn }: { sn: string }) {
  const { t } = useTranslation('deviceDetails');
  const status = useQuery({
    queryKey: ['deviceStatus', sn],
    queryFn: () => apiCall(getStatusByModuleCall, { sn, modules: [...STATUS_MODULES] }),
    refetchInterval: REFRESH_MS,
  });
  const telemetry = useQuery({
    queryKey: ['deviceStatus', sn, 'telemetry'],
    queryFn: () => apiCall(recentTelemetryCall, { sn, limit: HISTORY }),
    refetchInterval: REFRESH_MS,
  });
  const parsed = panelStatus(status.data);
  const samples = telemetry.data ?? [];
  const latest = samples.at(-1);
  return (
    <Flex vertical gap={12} data-testid="status-tab">
      <Button
        onClick={() => {
          void status.refetch();
          void telemetry.refetch();
        }}
        loading={status.isFetching || telemetry.isFetching}
        style={{ alignSelf: 'flex-end' }}
        data-testid="status-refresh"
      >
        {t('refresh')}
      </Button>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={12}>
          <CellularCard status={parsed} samples={samples} />
        </Col>
        <Col xs={24} xl={12}>
          <Flex vertical gap={12}>
            <SystemCard status={parsed} latest={latest} />
            <LinksCard status={parsed} latest={latest} />
          </Flex>
        </Col>
        <Col xs={24} xl={12}>
          <InterfacesCard status={parsed} />
        </Col>
        <Col xs={24} xl={12}>
          <LocationCard status={parsed} />
        </Col>
      </Row>
    </Flex>
  );
}
