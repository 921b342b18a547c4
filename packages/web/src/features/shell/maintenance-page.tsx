import {
  formatDateTime,
  listMaintenanceCall,
  type MaintenanceNotice,
  removeMaintenanceCall,
  saveMaintenanceCall,
  searchTargetCompaniesCall,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { App, DatePicker, Form, Input, Modal, Select, Switch, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { AdminList, adminListKey } from '../../widgets/admin-list.tsx';
import { maintenance } from './maintenance.i18n.ts';

addNamespaces({ maintenance });

const KEY = adminListKey(listMaintenanceCall);

function stateOf(n: MaintenanceNotice, now: number): 'announced' | 'inForce' | 'over' {
  if (now < n.startTime) return 'announced';
  return now < n.endTime ? 'inForce' : 'over';
}
const STATE_COLOR = { announced: 'blue', inForce: 'orange', over: 'default' } as const;

/** The Super Admin's maintenance notices (superAdmin/maintenance): announce, lock, whitelist, remove. */
export function MaintenancePage() {
  const { t } = useTranslation('maintenance');
  const lang = useLang();
  const { message } = App.useApp();
  const [adding, setAdding] = useState(false);
  const now = Date.now();
  return (
    <>
      <AdminList<typeof listMaintenanceCall, typeof removeMaintenanceCall, MaintenanceNotice>
        call={listMaintenanceCall}
        title={t('title')}
        testId="maintenance-page"
        add={{ label: t('add'), onClick: () => setAdding(true) }}
        addTestId="maintenance-add"
        removeTestId={(n) => `maintenance-remove-${n.id}`}
        emptyText={t('empty')}
        columns={[
          {
            key: 'message',
            title: t('columns.message'),
            render: (_: unknown, n) => (lang === 'cn' ? n.messageCn : n.messageEn),
          },
          {
            key: 'window',
            title: t('columns.window'),
            render: (_: unknown, n) => `${formatDateTime(n.startTime)} – ${formatDateTime(n.endTime)}`,
          },
          {
            key: 'state',
            title: t('columns.state'),
            render: (_: unknown, n) => {
              const state = stateOf(n, now);
              return <Tag color={STATE_COLOR[state]}>{t(`state.${state}`)}</Tag>;
            },
          },
          {
            key: 'lock',
            title: t('columns.lock'),
            render: (_: unknown, n) => (n.lock ? <Tag color="red">{t('locked')}</Tag> : null),
          },
          {
            key: 'whitelist',
            title: t('columns.whitelist'),
            render: (_: unknown, n) =>
              n.whitelist.length ? t('whitelisted', { count: n.whitelist.length }) : null,
          },
        ]}
        remove={{
          call: removeMaintenanceCall,
          question: () => t('removeTitle'),
          hint: t('removeHint'),
          done: t('removed'),
        }}
      />
      {adding ? (
        <NoticeDialog
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            message.success(t('saved'));
          }}
        />
      ) : null}
    </>
  );
}

/** Two hours from the next full hour, read from one instant. */
function defaultWindow(): [Dayjs, Dayjs] {
  const start = dayjs().add(1, 'hour').startOf('hour');
  return [start, start.add(2, 'hour')];
}

interface NoticeForm {
  messageEn: string;
  messageCn: string;
  window: [Dayjs, Dayjs];
  whitelist: number[];
  lock: boolean;
}

function NoticeDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('maintenance');
  const [form] = Form.useForm<NoticeForm>();
  const [search, setSearch] = useState('');
  const companies = useQuery({
    queryKey: [searchTargetCompaniesCall.id, search],
    queryFn: () => apiCall(searchTargetCompaniesCall, { search }),
  });
  const save = useCallMutation(saveMaintenanceCall, { invalidates: [KEY], onSuccess: onSaved });

  async function submit() {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    save.mutate({
      messageEn: values.messageEn,
      messageCn: values.messageCn,
      startTime: values.window[0].valueOf(),
      endTime: values.window[1].valueOf(),
      whitelist: values.whitelist ?? [],
      lock: values.lock ?? false,
    });
  }

  return (
    <Modal
      open
      width={640}
      title={t('dialog')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'maintenance-save' } as never}
    >
      <Form<NoticeForm>
        form={form}
        layout="vertical"
        initialValues={{
          window: defaultWindow(),
          whitelist: [],
          lock: false,
        }}
      >
        <Form.Item name="messageEn" label={t('fields.messageEn')} rules={[{ required: true, max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} data-testid="maintenance-message-en" />
        </Form.Item>
        <Form.Item name="messageCn" label={t('fields.messageCn')} rules={[{ required: true, max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} data-testid="maintenance-message-cn" />
        </Form.Item>
        <Form.Item name="window" label={t('fields.window')} rules={[{ required: true }]}>
          <DatePicker.RangePicker showTime />
        </Form.Item>
        <Form.Item name="whitelist" label={t('fields.whitelist')}>
          <Select
            mode="multiple"
            showSearch
            filterOption={false}
            onSearch={setSearch}
            placeholder={t('fields.whitelistPlaceholder')}
            options={(companies.data ?? []).map((c) => ({ value: c.companyId, label: c.name }))}
            data-testid="maintenance-whitelist"
          />
        </Form.Item>
        <Form.Item name="lock" label={t('fields.lock')} extra={t('fields.lockHint')} valuePropName="checked">
          <Switch data-testid="maintenance-lock" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
