import {
  type AutoRenewMode,
  AutoRenewPeriodSchema,
  LICENCE_DAYS,
  LICENCE_LEVEL_LABELS,
  type LicenceLevel,
  MAX_DEVICES_PER_ASSIGN,
} from '@fleetport/contract';
import { App, Form, Select, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../app/form-rules.ts';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { DraggableDialog } from '../../widgets/draggable-dialog.tsx';
import { NumberInput } from '../../widgets/number-input.tsx';
import { useAssignLicences, useDeviceSearch, useLicenceBalances } from './licence-queries.ts';
import { licences } from './licences.i18n.ts';

// The device list opens this dialog too, without the licences page having loaded the text.
addNamespaces({ licences });

interface AssignValues {
  sns: string[];
  level: LicenceLevel;
  /** `keep` sends nothing: the devices' auto-renew stays as it is. */
  autoRenew: AutoRenewMode | 'keep';
  period?: number;
}

const AUTO_RENEW_CHOICES = ['keep', 'company', 'on', 'off'] as const;

/** A fresh key per dialog: a second click or a retry after a time-out posts once (docs/api.md "Licences"). */
function newOperationKey(): string {
  return crypto.randomUUID();
}

/**
 * Pick devices and a level; each device takes one licence from the pool (issue 13). Opened from the
 * licences page, or from the device list with its selected devices (`sns`, at most 100).
 */
export function AssignDialog({
  open,
  onClose,
  levels,
  sns,
}: {
  open: boolean;
  onClose: () => void;
  /** The levels the environment offers; the balances call says which when absent. */
  levels?: readonly LicenceLevel[];
  /** Devices chosen before the dialog opened. */
  sns?: readonly string[];
}) {
  const { t } = useTranslation('licences');
  const balances = useLicenceBalances(open && !levels);
  const offered = levels ?? balances.data?.offeredLevels ?? [];
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

  useEffect(() => {
    if (open && sns) form.setFieldValue('sns', [...sns]);
  }, [open, sns, form]);
  const autoRenew = Form.useWatch('autoRenew', form);
  const periodLabel = t('autoRenew.period', { days: LICENCE_DAYS });

  async function save() {
    const { autoRenew: mode, period, ...values } = await form.validateFields();
    const setting =
      mode === 'keep' ? {} : { autoRenew: mode === 'on' ? { mode, period: period ?? 1 } : { mode } };
    // 17000 (more than 100), 190302 (too few licences), 120002 are shown by the client; the dialog stays.
    await assign.mutateAsync({ ...values, ...setting, idempotencyKey: key.current }).catch(() => {});
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
      <Form<AssignValues>
        form={form}
        layout="vertical"
        initialValues={{ sns: [], level: 'ESSENTIALS', autoRenew: 'keep', period: 1 }}
      >
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
            options={offered.map((level) => ({
              value: level,
              label: LICENCE_LEVEL_LABELS[level][lang],
            }))}
            data-testid="assign-level"
          />
        </Form.Item>
        <Form.Item name="autoRenew" label={t('autoRenew.field')}>
          <Select
            options={AUTO_RENEW_CHOICES.map((choice) => ({ value: choice, label: t(`autoRenew.${choice}`) }))}
            data-testid="assign-auto-renew"
          />
        </Form.Item>
        {autoRenew === 'on' && (
          <Form.Item
            name="period"
            label={periodLabel}
            rules={[schemaRule(AutoRenewPeriodSchema, lang, periodLabel)]}
          >
            <NumberInput data-testid="assign-auto-renew-period" />
          </Form.Item>
        )}
      </Form>
    </DraggableDialog>
  );
}
