import { type Customer, MAX_DEVICES_PER_ASSIGN } from '@fleetport/contract';
import { App, Button, Form, Popconfirm, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/permissions.tsx';
import { useTransferDevices, useTransferPicker } from './customer-queries.ts';

type Direction = 'toCustomer' | 'fromCustomer';

/**
 * Devices move between the partner and the customer, all or none (at most 100). The licence stays with
 * the company that paid for it (docs/decisions.md "Licences"), which the tab says before asking.
 */
export function DeviceTransferTab({ customer }: { customer: Customer }) {
  const { t } = useTranslation('customers');
  const { message } = App.useApp();
  const mayEdit = usePermission('customers.edit');
  const [direction, setDirection] = useState<Direction>('toCustomer');
  const [search, setSearch] = useState('');
  const [sns, setSns] = useState<string[]>([]);
  const picker = useTransferPicker(
    customer.companyId,
    direction === 'toCustomer' ? 'partner' : 'customer',
    search,
  );
  const transfer = useTransferDevices((count) => {
    void message.success(t('transferred', { count }));
    setSns([]);
  });

  return (
    <Space
      direction="vertical"
      size="middle"
      style={{ width: '100%', maxWidth: 640 }}
      data-testid="device-transfer"
    >
      <Typography.Paragraph type="secondary">{t('transferExplain')}</Typography.Paragraph>
      <Radio.Group
        value={direction}
        onChange={(e) => {
          setDirection(e.target.value as Direction);
          setSns([]);
        }}
        optionType="button"
        options={[
          { value: 'toCustomer', label: t('transferTo', { name: customer.name }) },
          { value: 'fromCustomer', label: t('transferFrom', { name: customer.name }) },
        ]}
      />
      <Form layout="vertical">
        <Form.Item label={t('transferDevices')} extra={t('transferHint', { max: MAX_DEVICES_PER_ASSIGN })}>
          <Select
            mode="multiple"
            showSearch
            filterOption={false}
            value={sns}
            onChange={setSns}
            onSearch={setSearch}
            loading={picker.isFetching}
            data-testid="transfer-devices"
            options={(picker.data?.list ?? []).map((d) => ({
              value: d.sn,
              label: d.name && d.name !== d.sn ? `${d.sn} (${d.name})` : d.sn,
            }))}
          />
        </Form.Item>
      </Form>
      {mayEdit && (
        <Popconfirm
          title={t('transferConfirm', { count: sns.length })}
          disabled={sns.length === 0}
          onConfirm={() => transfer.mutate({ companyId: customer.companyId, direction, sns })}
          okButtonProps={{ 'data-testid': 'transfer-confirm' } as never}
        >
          <Button
            type="primary"
            disabled={sns.length === 0}
            loading={transfer.isPending}
            data-testid="transfer-submit"
          >
            {t('transfer')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
