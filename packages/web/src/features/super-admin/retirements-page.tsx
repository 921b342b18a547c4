import {
  type FeatureRetirement,
  formatDateTime,
  listRetirementsCall,
  RETIRABLE_FEATURE_KEYS,
  type RetirableFeature,
  removeRetirementCall,
  saveRetirementCall,
  upcomingRetirementsCall,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { DraggableDialog } from '../../widgets/draggable-dialog.tsx';
import { superAdmin } from './super-admin.i18n.ts';

addNamespaces({ superAdmin });

const KEY = [listRetirementsCall.id] as const;
/** The banner's list changes with these too. */
const BANNER_KEY = [upcomingRetirementsCall.id] as const;

/** The Super Admin's feature retirements (superAdmin/retirements): a date per feature (core §9). */
export function RetirementsPage() {
  const { t } = useTranslation('superAdmin');
  const { message } = App.useApp();
  const [editing, setEditing] = useState<FeatureRetirement | 'new' | null>(null);
  const list = useQuery({ queryKey: KEY, queryFn: () => apiCall(listRetirementsCall, {}) });
  const remove = useCallMutation(removeRetirementCall, {
    invalidates: [KEY, BANNER_KEY],
    onSuccess: () => message.success(t('retirements.removed')),
  });
  const now = Date.now();
  return (
    <Card
      title={t('retirements.title')}
      data-testid="feature-retirements"
      extra={
        <Button type="primary" onClick={() => setEditing('new')} data-testid="retirement-add">
          {t('retirements.add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('retirements.intro')}</Typography.Paragraph>
      <Table<FeatureRetirement>
        rowKey="feature"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{ emptyText: t('retirements.empty') }}
        columns={[
          {
            key: 'feature',
            title: t('retirements.feature'),
            render: (_: unknown, r) => t(`features.${r.feature}`),
          },
          {
            key: 'date',
            title: t('retirements.date'),
            render: (_: unknown, r) => formatDateTime(r.retireAt),
          },
          {
            key: 'state',
            title: t('retirements.state'),
            render: (_: unknown, r) =>
              r.retireAt <= now ? (
                <Tag color="red">{t('retirements.retired')}</Tag>
              ) : (
                <Tag color="orange">{t('retirements.upcoming')}</Tag>
              ),
          },
          {
            key: 'actions',
            title: t('retirements.actions'),
            render: (_: unknown, r) => (
              <Space>
                <Button
                  size="small"
                  onClick={() => setEditing(r)}
                  data-testid={`retirement-edit-${r.feature}`}
                >
                  {t('retirements.edit')}
                </Button>
                <Popconfirm
                  title={t('retirements.removeTitle', { feature: t(`features.${r.feature}`) })}
                  onConfirm={() => remove.mutate({ feature: r.feature })}
                >
                  <Button size="small" danger data-testid={`retirement-remove-${r.feature}`}>
                    {t('retirements.remove')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing ? (
        <RetirementDialog retirement={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </Card>
  );
}

interface RetirementValues {
  feature: RetirableFeature;
  date: Dayjs;
}

function RetirementDialog({
  retirement,
  onClose,
}: {
  retirement: FeatureRetirement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('superAdmin');
  const { message } = App.useApp();
  const [form] = Form.useForm<RetirementValues>();
  const save = useCallMutation(saveRetirementCall, {
    invalidates: [KEY, BANNER_KEY],
    onSuccess: () => {
      void message.success(t('retirements.saved'));
      onClose();
    },
  });
  return (
    <DraggableDialog
      title={t('retirements.dialogTitle')}
      open
      saving={save.isPending}
      onCancel={onClose}
      destroyOnHidden
      onSave={async () => {
        // A refused field shows its message under it; nothing is sent.
        const v = await form.validateFields().catch(() => null);
        if (!v) return;
        save.mutate({ feature: v.feature, retireAt: v.date.valueOf() });
      }}
    >
      <Form<RetirementValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={
          retirement
            ? { feature: retirement.feature, date: dayjs(retirement.retireAt) }
            : { feature: RETIRABLE_FEATURE_KEYS[0], date: dayjs().startOf('day').add(30, 'day') }
        }
      >
        <Form.Item name="feature" label={t('retirements.feature')} rules={[{ required: true }]}>
          <Select
            disabled={retirement !== null}
            data-testid="retirement-feature"
            options={RETIRABLE_FEATURE_KEYS.map((key) => ({ value: key, label: t(`features.${key}`) }))}
          />
        </Form.Item>
        <Form.Item name="date" label={t('retirements.date')} rules={[{ required: true }]}>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            data-testid="retirement-date"
          />
        </Form.Item>
      </Form>
    </DraggableDialog>
  );
}
