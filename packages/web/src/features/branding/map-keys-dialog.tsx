import { ErrorCode, MAP_KEY_FIELDS, type MapKeyField, setMapKeysCall } from '@fleetport/contract';
import { Alert, App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { brandingKeys, useMapKeys } from './branding-queries.ts';

type MapKeyForm = Partial<Record<MapKeyField, string>>;

/**
 * The OEM page's map key dialog (features §5 "Map keys"): the saved keys show masked as placeholders and
 * are never sent back; a key typed here replaces the saved one once the map provider accepts it. The
 * provider's refusal (5012) and its absence (5011) are silent codes: the dialog says them itself.
 */
export function MapKeysButton() {
  const { t } = useTranslation('branding');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="map-keys-open">
        {t('mapKeys.open')}
      </Button>
      {open ? <MapKeysDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function MapKeysDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('branding');
  const { message } = App.useApp();
  const keys = useMapKeys();
  const [form] = Form.useForm<MapKeyForm>();
  const save = useCallMutation(setMapKeysCall, {
    silent: true,
    invalidates: [brandingKeys.mapKeys],
    onSuccess: () => {
      message.success(t('mapKeys.saved'));
      onClose();
    },
  });
  const refusedField =
    save.error?.code === ErrorCode.MAP_KEY_INVALID
      ? (save.error.data as { field?: MapKeyField } | null)?.field
      : undefined;

  function submit() {
    const values = form.getFieldsValue();
    const input: MapKeyForm = {};
    for (const field of MAP_KEY_FIELDS) {
      const key = values[field]?.trim();
      if (key) input[field] = key;
    }
    save.mutate(input);
  }

  return (
    <Modal
      open
      title={t('mapKeys.title')}
      onCancel={onClose}
      onOk={submit}
      okText={t('save')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'map-keys-save' } as never}
      destroyOnHidden
    >
      {save.error ? (
        <Alert
          type="error"
          showIcon
          message={save.error.message}
          data-testid="map-keys-error"
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form<MapKeyForm> form={form} layout="vertical" disabled={keys.isLoading}>
        {MAP_KEY_FIELDS.map((field) => (
          <Form.Item
            key={field}
            name={field}
            label={t(`mapKeys.${field}`)}
            extra={keys.data?.[field] ? t('mapKeys.keep') : undefined}
            validateStatus={refusedField === field ? 'error' : undefined}
          >
            <Input
              autoComplete="off"
              translate="no"
              placeholder={keys.data?.[field] ?? t('mapKeys.notSet')}
              data-testid={`map-key-${field}`}
            />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
