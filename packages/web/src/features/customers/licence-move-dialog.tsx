import {
  AmountSchema,
  type Customer,
  LICENCE_PRODUCT_LABELS,
  type LicenceProduct,
  type ProductBalance,
} from '@fleetport/contract';
import { App, Form, Select, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaMessage } from '../../app/form-rules.ts';
import { useLang } from '../../app/use-lang.ts';
import { DraggableDialog } from '../../widgets/draggable-dialog.tsx';
import { NumberInput } from '../../widgets/number-input.tsx';
import { useAssignToCustomer, useReduceCustomer } from './customer-queries.ts';

interface MoveValues {
  product: LicenceProduct;
  quantity: number;
  unitPrice?: number | null;
}

/**
 * Assigns licences to the customer or takes unused ones back. A reduction asks first: licences taken
 * back leave the customer's pool at once. One key per dialog, so a retry posts once.
 */
export function LicenceMoveDialog({
  kind,
  customer,
  balances,
  onClose,
}: {
  kind: 'assign' | 'reduce';
  customer: Customer;
  /** The customer's balances: a reduction says how many are unused. */
  balances: ProductBalance[];
  onClose: () => void;
}) {
  const { t } = useTranslation('customers');
  const lang = useLang();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<MoveValues>();
  const key = useRef(crypto.randomUUID());
  const done = (text: string) => {
    void message.success(text);
    onClose();
  };
  const assign = useAssignToCustomer((transactionNo) => done(t('assigned_done', { transactionNo })));
  const reduce = useReduceCustomer((transactionNo) => done(t('reduced_done', { transactionNo })));
  const product = Form.useWatch('product', form);
  const unused = balances.find((b) => b.product === product)?.available ?? 0;

  async function save() {
    const v = await form.validateFields();
    const movement = {
      companyId: customer.companyId,
      product: v.product,
      quantity: v.quantity,
      idempotencyKey: key.current,
    };
    if (kind === 'assign') {
      assign.mutate({ ...movement, ...(v.unitPrice ? { unitPrice: v.unitPrice } : {}) });
      return;
    }
    modal.confirm({
      title: t('reduceConfirm', {
        quantity: v.quantity,
        product: LICENCE_PRODUCT_LABELS[v.product][lang],
        name: customer.name,
      }),
      okButtonProps: { danger: true, 'data-testid': 'reduce-confirm' } as never,
      onOk: () => reduce.mutate(movement),
    });
  }

  return (
    <DraggableDialog
      title={t(kind === 'assign' ? 'assignTitle' : 'reduceTitle', { name: customer.name })}
      open
      onSave={save}
      onCancel={onClose}
      saving={assign.isPending || reduce.isPending}
    >
      <Form<MoveValues>
        form={form}
        layout="vertical"
        initialValues={{ product: balances[0]?.product ?? 'ESSENTIAL', quantity: 1 }}
      >
        <Form.Item name="product" label={t('product')} rules={[{ required: true }]}>
          <Select
            data-testid="move-product"
            options={balances.map((b) => ({
              value: b.product,
              label: LICENCE_PRODUCT_LABELS[b.product][lang],
            }))}
          />
        </Form.Item>
        <Form.Item name="quantity" label={t('quantity')} rules={[{ required: true }]}>
          <NumberInput
            min={1}
            max={1_000_000}
            precision={0}
            style={{ width: '100%' }}
            data-testid="move-quantity"
          />
        </Form.Item>
        {kind === 'assign' ? (
          <Form.Item
            name="unitPrice"
            label={t('unitPrice')}
            rules={[
              {
                // Optional: only a price given is checked (at most 2 decimals, as the server says).
                validator: async (_rule, value: number | null | undefined) => {
                  const problem =
                    value == null ? null : schemaMessage(AmountSchema, lang, t('unitPrice'), value);
                  if (problem) throw new Error(problem);
                },
              },
            ]}
          >
            <NumberInput min={0} precision={2} style={{ width: '100%' }} data-testid="move-price" />
          </Form.Item>
        ) : (
          <Typography.Text type="secondary">{t('reduceExplain', { unused })}</Typography.Text>
        )}
      </Form>
    </DraggableDialog>
  );
}
