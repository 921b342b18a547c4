import { formatDateTime, getDeviceConfigJsonCall, getLatestDeviceConfigCall } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { EmptyState } from '../../widgets/empty-state.tsx';

const pre = { margin: 0, maxHeight: 480, overflow: 'auto', fontSize: 12 } as const;

/** The device's current configuration XML (with lastUpdatedTime) and its capability JSON. */
export function ConfigTab({ sn }: { sn: string }) {
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
      <Card
        size="small"
        title={t('config.xml')}
        loading={xml.isLoading}
        extra={
          xml.data?.lastUpdatedTime
            ? t('config.lastUpdated', { at: formatDateTime(xml.data.lastUpdatedTime) })
            : null
        }
      >
        {xml.data?.xml ? (
          <pre style={pre} data-testid="config-xml">
            {xml.data.xml}
          </pre>
        ) : (
          <EmptyState description={t('config.noXml')} />
        )}
      </Card>
      <Card size="small" title={t('config.capabilities')} loading={json.isLoading}>
        {json.data ? <pre style={pre}>{JSON.stringify(json.data.devcfg, null, 2)}</pre> : <EmptyState />}
      </Card>
    </Flex>
  );
}
