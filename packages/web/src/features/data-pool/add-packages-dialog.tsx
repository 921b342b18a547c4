import {
  DATA_PACKAGE_BYTES,
  DATA_PACKAGE_VALID_DAYS,
  formatBytes,
  MAX_DATA_PACKAGES_PER_ADD,
} from '@fleetport/contract';
import { App, Form, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DraggableDialog } from '../../widgets/draggable-dialog.tsx';
import { NumberInput } from '../../widgets/number-input.tsx';
import { useAddDataPackages } from './data-pool-queries.ts';

/** A fresh key per dialog: a second click or a retry after a time-out adds once (docs/api.md "Data pool"). */
const newOperationKey = () => crypto.randomUUID();

/** Moves unused data packages of the licence balance into the pool. */
export function AddPackagesDialog({
  open,
  onClose,
  available,
}: {
  open: boolean;
  onClose: () => void;
  available: number;
}) {
  const { t } = useTranslation('dataPool');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ quantity: number }>();
  const key = useRef(newOperationKey());
  const add = useAddDataPackages((count) => {
    void message.success(t('added', { count }));
    close();
  });

  function close() {
    form.resetFields();
    key.current = newOperationKey();
    onClose();
  }

  async function save() {
    const { quantity } = await form.validateFields();
    // 190302 (too few packages) is shown by the client; the dialog stays with its number.
    await add.mutateAsync({ quantity, idempotencyKey: key.current }).catch(() => {});
  }

  return (
    <DraggableDialog title={t('addTitle')} open={open} onSave={save} onCancel={close} saving={add.isPending}>
      <Typography.Paragraph type="secondary">
        {t('addExplain', { size: formatBytes(DATA_PACKAGE_BYTES), days: DATA_PACKAGE_VALID_DAYS })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ quantity: 1 }}>
        <Form.Item
          name="quantity"
          label={`${t('quantity')} (${t('packagesAvailable')}: ${available})`}
          rules={[{ required: true, type: 'integer', min: 1, max: MAX_DATA_PACKAGES_PER_ADD }]}
        >
          <NumberInput min={1} max={MAX_DATA_PACKAGES_PER_ADD} data-testid="data-pool-quantity" />
        </Form.Item>
      </Form>
    </DraggableDialog>
  );
}
