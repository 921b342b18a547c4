import { InfoCircleOutlined } from '@ant-design/icons';
import { Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The number of matches under a list. A capped count (the list stopped counting at `total`) reads
 * "1000+" and says why beside it, so nobody takes the cap for the real number.
 */
export function ListTotal({ total, capped }: { total: number; capped: boolean }) {
  const { t } = useTranslation('widgets');
  if (!capped)
    return (
      <span data-testid="list-total" data-capped="false">
        {t('list.total', { total })}
      </span>
    );
  const explained = t('list.cappedExplained', { cap: total });
  return (
    <Tooltip title={explained}>
      <Space size={4} data-testid="list-total" data-capped="true" aria-label={explained}>
        {t('list.totalCapped', { cap: total })}
        <InfoCircleOutlined />
      </Space>
    </Tooltip>
  );
}
