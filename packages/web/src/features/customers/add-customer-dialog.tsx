import { COMPANY_TYPE_LABELS, CompanyNameSchema, type CompanyType, EmailSchema } from '@fleetport/contract';
import { App, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../app/form-rules.ts';
import { useLang } from '../../app/use-lang.ts';
import { DraggableDialog } from '../../widgets/draggable-dialog.tsx';
import { useAddCustomer } from './customer-queries.ts';

interface AddValues {
  name: string;
  type: CompanyType;
  country?: string;
  ownerEmail: string;
}

/** A new customer company and the invitation of its owner (15014, 15015, 10 are shown by the client). */
export function AddCustomerDialog({
  open,
  types,
  onClose,
}: {
  open: boolean;
  /** What this console's partner may add. */
  types: CompanyType[];
  onClose: () => void;
}) {
  const { t } = useTranslation('customers');
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<AddValues>();
  const add = useAddCustomer(() => {
    const { name, ownerEmail } = form.getFieldsValue();
    void message.success(t('added', { name, email: ownerEmail }));
    onClose();
  });

  return (
    <DraggableDialog
      title={t('addTitle')}
      open={open}
      saving={add.isPending}
      onCancel={onClose}
      destroyOnHidden
      onSave={async () => {
        const v = await form.validateFields();
        add.mutate({
          name: v.name.trim(),
          type: v.type,
          ownerEmail: v.ownerEmail.trim(),
          ...(v.country?.trim() ? { country: v.country.trim() } : {}),
        });
      }}
    >
      <Form<AddValues> form={form} layout="vertical" preserve={false} initialValues={{ type: types[0] }}>
        <Form.Item name="name" label={t('name')} rules={[schemaRule(CompanyNameSchema, lang, t('name'))]}>
          <Input maxLength={50} data-testid="customer-name" />
        </Form.Item>
        <Form.Item name="type" label={t('type')} rules={[{ required: true }]}>
          <Select
            data-testid="customer-type"
            options={types.map((type) => ({ value: type, label: COMPANY_TYPE_LABELS[type][lang] }))}
          />
        </Form.Item>
        <Form.Item name="country" label={t('country')}>
          <Input maxLength={64} data-testid="customer-country" />
        </Form.Item>
        <Form.Item
          name="ownerEmail"
          label={t('ownerEmail')}
          extra={t('ownerEmailHint')}
          rules={[schemaRule(EmailSchema, lang, t('ownerEmail'))]}
        >
          <Input maxLength={254} data-testid="customer-owner-email" />
        </Form.Item>
      </Form>
    </DraggableDialog>
  );
}
