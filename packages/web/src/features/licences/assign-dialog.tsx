import {
  LICENCE_DAYS,
  LICENCE_LEVEL_LABELS,
  type LicenceLevel,
  MAX_DEVICES_PER_ASSIGN,
} from '@fleetport/contract';
import { App, Form, Select, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/use-lang.ts';
import { DraggableDialog } from '../../widgets/draggable-dialog.tsx';
import { useAssignLicences, useDeviceSearch } from './licence-queries.ts';

interface AssignValues {
  sns: string[];
  level: LicenceLevel;
}

/** A fresh key per dialog: a second click or a retry after a time-out posts once (docs/api.md "Licences"). */
function newOperationKey(): string {
  return crypto.randomUUID();
}

/** Pick devices and a level; each device takes one licence from the pool (issue 13). */
export function AssignDialog({
  open,
  onClose,
  levels,
}: {
  open: boolean;
  onClose: () => void;
  /** The levels the environment offers (the balances call says which). */
  levels: readonly LicenceLevel[];
}) {
  const { t } = useTranslation('licences');
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<AssignValues>();
  const [search, setSearch] = useState('');
  const key = useRef(newOperationKey());
  const devices = useDeviceSearch(search, open);
  const assign = useAssignLicences((count) => {
    void message.success(t('done', { count }));
    close();
  });

  function close() {
    form.resetFields();
    key.current = newOperationKey();
    onClose();
  }

  async function save() {
    const values = await form.validateFields();
    // 17000 (more than 100), 190302 (too few licences), 120002 are shown by the client; the dialog stays.
    await assign.mutateAsync({ ...values, idempotencyKey: key.current }).catch(() => {});
  }

  return (
    <DraggableDialog
      title={t('assignTitle')}
      open={open}
      onSave={save}
      onCancel={close}
      saving={assign.isPending}
    >
      <Typography.Paragraph type="secondary">
        {t('assignExplain', { days: LICENCE_DAYS })}
      </Typography.Paragraph>
      <Form<AssignValues> form={form} layout="vertical" initialValues={{ sns: [], level: 'ESSENTIALS' }}>
        <Form.Item
          name="sns"
          label={t('assignDevices')}
          extra={t('assignDevicesHint', { max: MAX_DEVICES_PER_ASSIGN })}
          rules={[{ required: true, type: 'array', min: 1 }]}
        >
          <Select
            mode="multiple"
            showSearch
            filterOption={false}
            onSearch={setSearch}
            loading={devices.isFetching}
            options={(devices.data?.list ?? []).map((d) => ({
              value: d.sn,
              label: d.name && d.name !== d.sn ? `${d.sn} (${d.name})` : d.sn,
            }))}
            data-testid="assign-devices"
          />
        </Form.Item>
        <Form.Item name="level" label={t('assignLevel')} rules={[{ required: true }]}>
          <Select
            options={levels.map((level) => ({
              value: level,
              label: LICENCE_LEVEL_LABELS[level][lang],
            }))}
            data-testid="assign-level"
          />
        </Form.Item>
      </Form>
    </DraggableDialog>
  );
}
