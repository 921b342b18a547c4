import {
  type AlertSilence,
  type AlertSilenceInput,
  createAlertSilenceCall,
  deleteAlertSilenceCall,
  listAlertSilencesCall,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, InputNumber, Modal, Popconfirm, Select, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { Can } from '../../app/permissions.tsx';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useDeviceGroups } from '../devices/device-queries.ts';
import { alertKeys } from './alert-queries.ts';
import { useAlertRules } from './alert-rule-queries.ts';

const silenceKey = [...alertKeys.all, 'silences'] as const;
const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

const hhmm = (minute: number | null) =>
  minute === null
    ? ''
    : `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const utc = (ms: number | null) =>
  ms === null ? '' : `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

interface FormValues {
  kind: 'rule' | 'group' | 'device';
  ruleId?: number;
  groupId?: number;
  sn?: string;
  repeat: 'once' | 'weekly';
  range?: [Dayjs, Dayjs];
  weekdays?: number[];
  startHour?: number;
  endHour?: number;
  note?: string;
}

/**
 * Silences of the alert centre (issue 16): a rule, group or device sends no message during a one-off
 * or weekly window (UTC); its alerts still change. docs/decisions.md "Alert flapping, grouping and
 * silences".
 */
export function SilencesTab() {
  const { t } = useTranslation('alerts');
  const { message } = App.useApp();
  const silences = useQuery({ queryKey: silenceKey, queryFn: () => apiCall(listAlertSilencesCall, {}) });
  const rules = useAlertRules();
  const groups = useDeviceGroups();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<FormValues>();
  const kind = Form.useWatch('kind', form) ?? 'rule';
  const repeat = Form.useWatch('repeat', form) ?? 'once';
  const create = useCallMutation(createAlertSilenceCall, {
    invalidates: [silenceKey],
    onSuccess: () => {
      setOpen(false);
      form.resetFields();
      void message.success(t('silences.saved'));
    },
  });
  const remove = useCallMutation(deleteAlertSilenceCall, { invalidates: [silenceKey] });

  const submit = (v: FormValues) => {
    const target: AlertSilenceInput['target'] =
      v.kind === 'rule'
        ? { kind: 'rule', ruleId: v.ruleId ?? 0 }
        : v.kind === 'group'
          ? { kind: 'group', groupId: v.groupId ?? 0 }
          : { kind: 'device', sn: v.sn ?? '' };
    create.mutate(
      v.repeat === 'once'
        ? {
            target,
            repeat: 'once',
            startsAt: v.range?.[0]?.valueOf(),
            endsAt: v.range?.[1]?.valueOf(),
            note: v.note ?? '',
          }
        : {
            target,
            repeat: 'weekly',
            weekdays: v.weekdays ?? [],
            startMinute: (v.startHour ?? 0) * 60,
            endMinute: (v.endHour ?? 24) * 60,
            note: v.note ?? '',
          },
    );
  };

  const windowText = (s: AlertSilence) =>
    s.repeat === 'once'
      ? `${utc(s.startsAt)} – ${utc(s.endsAt)}`
      : `${s.weekdays.map((d) => t(`silences.weekday.${d}`)).join(', ')} ${hhmm(s.startMinute)}–${hhmm(s.endMinute)} UTC`;

  return (
    <>
      <ListPage<AlertSilence>
        title={t('tabs.silences')}
        testId="silences-tab"
        tableTestId="silences-table"
        rowKey="silenceId"
        loading={silences.isLoading}
        rows={silences.data?.list ?? []}
        empty={{ description: t('silences.empty') }}
        actions={
          <Can funCode="alerts.edit">
            <Button type="primary" onClick={() => setOpen(true)} data-testid="silence-create">
              {t('silences.create')}
            </Button>
          </Can>
        }
        onRow={(s) => ({ 'data-testid': `silence-row-${s.silenceId}` }) as never}
        columns={[
          {
            key: 'target',
            title: t('silences.target'),
            render: (_v, s) =>
              `${t(`silences.kind.${s.target.kind}`)}: ${s.targetName || (s.target.kind === 'device' ? s.target.sn : '')}`,
          },
          { key: 'window', title: t('silences.window'), render: (_v, s) => windowText(s) },
          { key: 'note', dataIndex: 'note', title: t('silences.note') },
          {
            key: 'active',
            title: t('field.state'),
            render: (_v, s) =>
              s.active ? (
                <Tag color="orange">{t('silences.active')}</Tag>
              ) : (
                <Tag>{t('silences.inactive')}</Tag>
              ),
          },
          {
            key: 'actions',
            title: '',
            render: (_v, s) => (
              <Can funCode="alerts.edit">
                <Popconfirm
                  title={t('silences.removeConfirm')}
                  onConfirm={() => remove.mutate({ silenceId: s.silenceId })}
                >
                  <Button size="small" danger data-testid={`silence-remove-${s.silenceId}`}>
                    {t('silences.remove')}
                  </Button>
                </Popconfirm>
              </Can>
            ),
          },
        ]}
      />
      <Modal
        open={open}
        title={t('silences.create')}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okButtonProps={{ loading: create.isPending, ...({ 'data-testid': 'silence-save' } as object) }}
        destroyOnHidden
      >
        <Form<FormValues>
          form={form}
          layout="vertical"
          initialValues={{ kind: 'rule', repeat: 'once' }}
          onFinish={submit}
          data-testid="silence-form"
        >
          <Form.Item name="kind" label={t('silences.target')}>
            <Select
              options={(['rule', 'group', 'device'] as const).map((k) => ({
                value: k,
                label: t(`silences.kind.${k}`),
              }))}
              data-testid="silence-kind"
            />
          </Form.Item>
          {kind === 'rule' ? (
            <Form.Item
              name="ruleId"
              label={t('silences.kind.rule')}
              rules={[{ required: true, message: t('silences.required') }]}
            >
              <Select
                options={(rules.data?.list ?? []).map((r) => ({ value: r.ruleId, label: r.name }))}
                data-testid="silence-rule"
              />
            </Form.Item>
          ) : null}
          {kind === 'group' ? (
            <Form.Item
              name="groupId"
              label={t('silences.kind.group')}
              rules={[{ required: true, message: t('silences.required') }]}
            >
              <Select
                options={(groups.data?.deviceOtherGroup ?? []).map((g) => ({
                  value: g.groupId,
                  label: g.groupName,
                }))}
              />
            </Form.Item>
          ) : null}
          {kind === 'device' ? (
            <Form.Item name="sn" label="SN" rules={[{ required: true, message: t('silences.required') }]}>
              <Input maxLength={64} data-testid="silence-sn" />
            </Form.Item>
          ) : null}
          <Form.Item name="repeat" label={t('silences.repeat')}>
            <Select
              options={(['once', 'weekly'] as const).map((r) => ({
                value: r,
                label: t(`silences.repeatKind.${r}`),
              }))}
              data-testid="silence-repeat"
            />
          </Form.Item>
          {repeat === 'once' ? (
            <Form.Item
              name="range"
              label={t('silences.window')}
              rules={[{ required: true, message: t('silences.required') }]}
            >
              <DatePicker.RangePicker showTime />
            </Form.Item>
          ) : (
            <>
              <Form.Item
                name="weekdays"
                label={t('silences.weekdays')}
                rules={[{ required: true, message: t('silences.required') }]}
              >
                <Select
                  mode="multiple"
                  options={WEEKDAYS.map((d) => ({ value: d, label: t(`silences.weekday.${d}`) }))}
                  data-testid="silence-weekdays"
                />
              </Form.Item>
              <Form.Item name="startHour" label={t('silences.fromHour')} initialValue={0}>
                <InputNumber min={0} max={23} />
              </Form.Item>
              <Form.Item name="endHour" label={t('silences.toHour')} initialValue={24}>
                <InputNumber min={1} max={24} />
              </Form.Item>
            </>
          )}
          <Form.Item name="note" label={t('silences.note')}>
            <Input maxLength={200} data-testid="silence-note" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
