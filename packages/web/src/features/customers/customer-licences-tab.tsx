import { type Customer, LICENCE_PRODUCT_LABELS, type ProductBalance } from '@fleetport/contract';
import { Button, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { Spinner } from '../../widgets/spinner.tsx';
import { useCustomerLicences } from './customer-queries.ts';
import { LicenceMoveDialog } from './licence-move-dialog.tsx';

/**
 * The customer's balances as its own licences page shows them, with the partner's two movements
 * (the licences area's assignCustomer and reduceCustomer calls).
 */
export function CustomerLicencesTab({ customer }: { customer: Customer }) {
  const { t } = useTranslation('customers');
  const lang = useLang();
  const balances = useCustomerLicences(customer.companyId);
  const [moving, setMoving] = useState<'assign' | 'reduce' | null>(null);
  if (!balances.data) return <Spinner />;
  const products = balances.data.products;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="customer-licences">
      {/* Licences move only between a partner and its own customer: a re-seller's customer is read here. */}
      {customer.direct && (
        <Can funCode="customers.edit">
          <Space>
            <Button type="primary" onClick={() => setMoving('assign')} data-testid="customer-assign">
              {t('assign')}
            </Button>
            <Button onClick={() => setMoving('reduce')} data-testid="customer-reduce">
              {t('reduce')}
            </Button>
          </Space>
        </Can>
      )}
      <Table<ProductBalance>
        rowKey="product"
        size="small"
        pagination={false}
        dataSource={products}
        columns={[
          {
            key: 'product',
            dataIndex: 'product',
            title: t('product'),
            render: (p: ProductBalance['product']) => LICENCE_PRODUCT_LABELS[p][lang],
          },
          { key: 'available', dataIndex: 'available', title: t('unused') },
          { key: 'assigned', dataIndex: 'assigned', title: t('assigned') },
          { key: 'owned', dataIndex: 'owned', title: t('owned') },
        ]}
      />
      {moving && (
        <LicenceMoveDialog
          kind={moving}
          customer={customer}
          balances={products}
          onClose={() => setMoving(null)}
        />
      )}
    </Space>
  );
}
