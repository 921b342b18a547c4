import { formatDateTime, getEndpointCall } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { apiCall } from '../../api/client.ts';
import { PageGate } from '../../app/permissions.tsx';
import { addNamespaces } from '../../i18n/index.ts';
import { endpoints } from './endpoints.i18n.ts';
import { EndpointStateBadge } from './endpoints-page.tsx';
import { ENDPOINT_KEYS, ENDPOINTS_PATH } from './endpoints-queries.ts';

addNamespaces({ endpoints });

/** One endpoint's page (features §2 endDeviceDetail/{thingId}): what it is, where it sits, its state. */
export function EndpointDetailPage() {
  return (
    <PageGate funCode="endpoints.view">
      <EndpointDetail />
    </PageGate>
  );
}

function EndpointDetail() {
  const { t } = useTranslation('endpoints');
  const thingId = Number(useParams().thingId);
  const endpoint = useQuery({
    queryKey: ENDPOINT_KEYS.one(thingId),
    queryFn: () => apiCall(getEndpointCall, { thingId }),
    enabled: Number.isInteger(thingId) && thingId > 0,
  });
  const e = endpoint.data;
  return (
    <Flex vertical gap="middle" data-testid="endpoint-detail">
      <Space>
        <Link to={ENDPOINTS_PATH}>{t('back')}</Link>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {e?.name}
        </Typography.Title>
      </Space>
      {e && (
        <Card>
          <Descriptions column={2} bordered size="small">
            <Descriptions.Item label={t('columns.endpointId')}>
              <span translate="no">{e.endpointId}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.state')}>
              <span data-testid="endpoint-detail-state">
                <EndpointStateBadge state={e.state} />
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.product')}>{e.productName}</Descriptions.Item>
            <Descriptions.Item label={t('columns.gateway')}>
              <span translate="no">{e.gatewayName ? `${e.gatewayName} (${e.gatewaySn})` : e.gatewaySn}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.connection')}>
              {t(`connection.${e.connectionMethod}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.targetVersion')}>
              <span translate="no">{e.targetVersion || '- -'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.lastReport')}>
              {e.lastReportAt ? formatDateTime(e.lastReportAt) : '- -'}
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.description')}>{e.description || '- -'}</Descriptions.Item>
          </Descriptions>
        </Card>
      )}
    </Flex>
  );
}
