import { formatDateTime, getStatusByModuleCall } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { EmptyState } from '../../widgets/empty-state.tsx';

const MODULES = ['uci', 'modem'];

/** The device's last reported status by module (`getStatusByModule {sn, modules: ["uci", "modem"]}`). */
export function StatusTab({ sn }: { sn: string }) {
  const { t } = useTranslation('deviceDetails');
  const status = useQuery({
    queryKey: ['deviceStatus', sn],
    queryFn: () => apiCall(getStatusByModuleCall, { sn, modules: MODULES }),
  });
  return (
    <Flex vertical gap={12} data-testid="status-tab">
      <Button
        onClick={() => void status.refetch()}
        loading={status.isFetching}
        style={{ alignSelf: 'flex-end' }}
      >
        {t('refresh')}
      </Button>
      {MODULES.map((module) => {
        const entry = status.data?.[module];
        return (
          <Card
            key={module}
            size="small"
            title={t(`status.${module}`)}
            extra={entry ? t('updatedAt', { at: formatDateTime(entry.updatedAt) }) : null}
          >
            {entry ? (
              <pre style={{ margin: 0, maxHeight: 320, overflow: 'auto' }}>
                {JSON.stringify(entry.data, null, 2)}
              </pre>
            ) : (
              <EmptyState description={t('status.none')} />
            )}
          </Card>
        );
      })}
    </Flex>
  );
}
