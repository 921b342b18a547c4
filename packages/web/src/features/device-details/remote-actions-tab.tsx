import { ruleText } from '@fleetport/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { ButtonProps } from 'antd';
import { App, Button, Card, Col, Form, Input, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/permissions.tsx';
import { currentLanguage } from '../../i18n/index.ts';
import { NumberInput as InputNumber } from '../../widgets/number-input.tsx';
import { ActionResult } from './action-result.tsx';
import { CaptureDownload } from './capture-download.tsx';
import { type ActionField, type ActionSpec, REMOTE_ACTIONS } from './remote-action-specs.ts';
import { rememberAction, useRemoteAction } from './remote-action-state.ts';
import { SerialPortCard } from './serial-port-card.tsx';
import { TimersCard } from './timers-card.tsx';

/** Remote actions of one device, each with its parameters, progress and result state. */
export function RemoteActionsTab({
  sn,
  capabilities,
  liveOpen,
}: {
  sn: string;
  capabilities: Record<string, unknown>;
  liveOpen: boolean;
}) {
  const shown = REMOTE_ACTIONS.filter((a) => !a.capability || capabilities[a.capability] === true);
  // Core §2: serial port access is off for a device without COM ports.
  const comPorts = Number(capabilities.comPorts ?? 0);
  return (
    <Row gutter={[16, 16]} data-testid="remote-actions">
      {shown.map((spec) => (
        <Col key={spec.key} xs={24} md={12} xl={8}>
          <ActionCard spec={spec} sn={sn} liveOpen={liveOpen} />
        </Col>
      ))}
      {comPorts > 0 && (
        <Col xs={24} md={12} xl={8}>
          <SerialPortCard sn={sn} comPorts={comPorts} />
        </Col>
      )}
      <Col span={24}>
        <TimersCard sn={sn} liveOpen={liveOpen} />
      </Col>
    </Row>
  );
}

/** The control of one parameter; Form.Item hands it `value` and `onChange`, passed on to the input. */
function FieldInput({
  field,
  label,
  ...control
}: {
  field: ActionField;
  label: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}) {
  const testId = `field-${field.name}`;
  const { t } = useTranslation('deviceDetails');
  const props = control as Record<string, never>;
  if (field.kind === 'number')
    return (
      <InputNumber
        {...props}
        min={field.min}
        max={field.max}
        style={{ width: '100%' }}
        data-testid={testId}
      />
    );
  if (field.kind === 'select')
    return (
      <Select
        {...props}
        options={(field.options ?? []).map((o) => ({
          value: o,
          label: t(`choices.${o}`, { defaultValue: o }),
        }))}
        data-testid={testId}
        aria-label={label}
      />
    );
  if (field.kind === 'password')
    return <Input.Password {...props} data-testid={testId} autoComplete="new-password" />;
  return <Input {...props} data-testid={testId} />;
}

function ActionCard({ spec, sn, liveOpen }: { spec: ActionSpec; sn: string; liveOpen: boolean }) {
  const { modal } = App.useApp();
  const { t } = useTranslation('deviceDetails');
  const queryClient = useQueryClient();
  const mayApply = usePermission('devices.apply');
  const [form] = Form.useForm();
  const [rpcId, setRpcId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const action = useRemoteAction(rpcId, liveOpen);

  async function start() {
    // A field that breaks its rule shows the message under it; nothing is sent.
    const values = (await form.validateFields().catch(() => null)) as Record<string, unknown> | null;
    if (!values) return;
    setStarting(true);
    try {
      const started = await spec.start(sn, values);
      if (typeof started === 'string') setRpcId(started);
      else {
        rememberAction(queryClient, started);
        setRpcId(started.rpcId);
      }
    } catch {
      // Offline (120052), Basic licence (120095, the upgrade dialog): shown by the client.
    } finally {
      setStarting(false);
    }
  }

  const run = () =>
    spec.confirm
      ? modal.confirm({
          title: t('actions.confirm', { action: t(`actions.${spec.key}.title`), sn }),
          okButtonProps: { danger: true, 'data-testid': `confirm-${spec.key}` } as ButtonProps,
          cancelText: t('common:cancel'),
          onOk: start,
        })
      : void start();

  const running = action.data?.state === 'inExecution';
  return (
    <Card size="small" title={t(`actions.${spec.key}.title`)} data-testid={`action-${spec.key}`}>
      <Form
        form={form}
        layout="vertical"
        size="small"
        initialValues={Object.fromEntries(spec.fields.map((f) => [f.name, f.initial]))}
      >
        {spec.fields.map((field) => (
          <Form.Item
            key={field.name}
            name={field.name}
            label={t(`fields.${field.name}`)}
            dependencies={field.check ? spec.fields.map((f) => f.name) : undefined}
            rules={[
              { required: field.kind !== 'number' || field.min !== undefined, message: t('fields.required') },
              ({ getFieldsValue }) => ({
                validator: async () => {
                  const key = field.check?.(getFieldsValue());
                  if (key) throw new Error(ruleText(key, currentLanguage()));
                },
              }),
            ]}
          >
            <FieldInput field={field} label={t(`fields.${field.name}`)} />
          </Form.Item>
        ))}
      </Form>
      <Button
        type="primary"
        onClick={run}
        loading={starting || running}
        disabled={!mayApply}
        data-testid={`run-${spec.key}`}
      >
        {running ? t('actions.running') : t('actions.run')}
      </Button>
      {action.data && <ActionResult action={action.data} />}
      {action.data && <CaptureDownload action={action.data} />}
    </Card>
  );
}
