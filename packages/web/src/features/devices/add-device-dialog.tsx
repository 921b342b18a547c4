import { addDeviceCall, DeviceNameSchema, DeviceSerialNumberSchema } from '@fleetport/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { FormRule } from 'antd';
import { App, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { schemaRule } from '../../app/form-rules.ts';
import { useLang } from '../../app/use-lang.ts';
import { DraggableDialog } from '../../widgets/draggable-dialog.tsx';
import { deviceKeys } from './device-queries.ts';

/** A rule that only checks a value that was typed (the field may stay empty). */
function optional(rule: FormRule): FormRule {
  return (form) => {
    const inner = typeof rule === 'function' ? rule(form) : rule;
    return {
      validator: (r, value, cb) =>
        value ? (inner.validator?.(r, value, cb) ?? Promise.resolve()) : Promise.resolve(),
    };
  };
}

interface AddDeviceForm {
  sn: string;
  name?: string;
  model?: string;
  mac?: string;
  imei?: string;
}

/** Add one device by SN with its MAC or IMEI; it claims its secret when it first connects. */
export function AddDeviceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const { t } = useTranslation('devices');
  const lang = useLang();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AddDeviceForm>();
  const [saving, setSaving] = useState(false);

  async function save() {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const clean = Object.fromEntries(
        Object.entries(values).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
      );
      await apiCall(addDeviceCall, clean as unknown as AddDeviceForm);
      void message.success(t('add.done', { sn: values.sn }));
      void queryClient.invalidateQueries({ queryKey: deviceKeys.all });
      form.resetFields();
      onClose();
    } catch {
      // The client has shown the catalogue message.
    } finally {
      setSaving(false);
    }
  }

  return (
    <DraggableDialog
      open={open}
      title={t('add.title')}
      onSave={save}
      onCancel={onClose}
      saving={saving}
      data-testid="add-device-dialog"
    >
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item
          name="sn"
          label={t('field.sn')}
          required
          rules={[schemaRule(DeviceSerialNumberSchema, lang, t('field.sn'))]}
        >
          <Input data-testid="add-sn" maxLength={32} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('field.name')}
          rules={[optional(schemaRule(DeviceNameSchema, lang, t('field.name')))]}
        >
          <Input data-testid="add-name" maxLength={30} />
        </Form.Item>
        <Form.Item name="model" label={t('field.model')}>
          <Input data-testid="add-model" />
        </Form.Item>
        <Form.Item
          name="mac"
          label={t('field.mac')}
          dependencies={['imei']}
          rules={[
            {
              validator: async (_r, v) => {
                if (!v && !form.getFieldValue('imei')) throw new Error(t('add.macOrImei'));
              },
            },
          ]}
        >
          <Input data-testid="add-mac" placeholder="00:11:22:33:44:55" />
        </Form.Item>
        <Form.Item name="imei" label={t('field.imei')}>
          <Input data-testid="add-imei" />
        </Form.Item>
      </Form>
    </DraggableDialog>
  );
}
