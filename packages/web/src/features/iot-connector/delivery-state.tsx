import type { IotConnector } from '@fleetport/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS = { idle: 'green', delivering: 'blue', failing: 'red' } as const;

/** A connector's delivery state as a tag (its words apart from the state enum). */
export function DeliveryStateTag({ delivery }: { delivery: IotConnector['delivery'] }) {
  const { t } = useTranslation('iotConnector');
  return (
    <Tag color={COLOURS[delivery.state]} data-testid="connector-state">
      {t(`state.${delivery.state}`)}
    </Tag>
  );
}
