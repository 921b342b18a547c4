import { CompanyNameSchema, type Customer } from '@fleetport/contract';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../app/form-rules.ts';
import { useLang } from '../../app/use-lang.ts';
import { DraggableDialog } from '../../widgets/draggable-dialog.tsx';
import { useUpdateCustomer } from './customer-queries.ts';

/** A customer's name and country; its type is fixed while it is a customer (core §6, 15002). */
export function EditCustomerDialog({
  customer,
  open,
  onClose,
}: {
  customer: Customer;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('customers');
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string; country: string }>();
  const update = useUpdateCustomer(() => {
    void message.success(t('saved'));
    onClose();
  });
  return (
    <DraggableDialog
      title={t('editTitle')}
      open={open}
      saving={update.isPending}
      onCancel={onClose}
      destroyOnHidden
      onSave={async () => {
        const v = await form.validateFields();
        update.mutate({
          companyId: customer.companyId,
          name: v.name.trim(),
          country: v.country?.trim() ?? '',
        });
      }}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ name: customer.name, country: customer.country ?? '' }}
      >
        <Form.Item name="name" label={t('name')} rules={[schemaRule(CompanyNameSchema, lang, t('name'))]}>
          <Input maxLength={50} data-testid="edit-customer-name" />
        </Form.Item>
        <Form.Item name="country" label={t('country')}>
          <Input maxLength={64} data-testid="edit-customer-country" />
        </Form.Item>
      </Form>
    </DraggableDialog>
  );
}
