import {
  ALERT_EXPORT_COLUMNS,
  ALERT_SEVERITIES,
  ALERT_SEVERITY_LABELS,
  ALERT_STATE_LABELS,
  ALERT_STATES,
  type Alert,
  type AlertState,
  acknowledgeAlertCall,
  exportAlertsCall,
  formatDateTime,
  type Lang,
  listAlertsCall,
  markAlertsReadCall,
  markAllAlertsReadCall,
} from '@fleetport/contract';
import { App, Badge, Button, Form, Input, Modal, Select, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LIVE_KEYS } from '../../api/live.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { Can } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { LabelledChoices } from '../../widgets/list/labelled-choices.tsx';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';
import { SEVERITY_COLOR } from '../device-notifications/notification-columns.tsx';
import { deviceDetailsPath } from '../devices/device-paths.ts';
import { ExportButton } from '../exports/export-button.tsx';
import { alertKeys, useUnreadAlerts } from './alert-queries.ts';
import { conditionText } from './condition-text.ts';

const STATE_COLOR: Record<AlertState, string> = { pending: 'gold', firing: 'red', resolved: 'green' };
const when = (ms: number | null) => (ms === null ? '' : formatDateTime(ms));

function alertColumns(t: TFunction, lang: Lang, acknowledge: (a: Alert) => void): ColumnsType<Alert> {
  return [
    {
      key: 'level',
      dataIndex: 'level',
      title: t('field.level'),
      render: (level: Alert['level']) => (
        <Tag color={SEVERITY_COLOR[level]}>{ALERT_SEVERITY_LABELS[level][lang]}</Tag>
      ),
      width: 100,
    },
    { key: 'ruleName', dataIndex: 'ruleName', title: t('field.rule') },
    {
      key: 'sn',
      dataIndex: 'sn',
      title: t('field.device'),
      render: (sn: string, row) => (
        <Space direction="vertical" size={0}>
          <Link to={deviceDetailsPath(sn)} data-testid={`alert-sn-${sn}`}>
            {sn}
          </Link>
          {row.deviceName && row.deviceName !== sn ? <span>{row.deviceName}</span> : null}
        </Space>
      ),
    },
    {
      key: 'state',
      dataIndex: 'state',
      title: t('field.state'),
      render: (state: AlertState, row) => (
        <Space size={4} wrap>
          <Tag color={STATE_COLOR[state]}>{ALERT_STATE_LABELS[state][lang]}</Tag>
          {row.acknowledged ? (
            <Tooltip
              title={`${t('acknowledgedBy', { by: row.acknowledged.by, at: when(row.acknowledged.at) })}${
                row.acknowledged.note ? `: ${row.acknowledged.note}` : ''
              }`}
            >
              <Tag data-testid={`alert-acked-${row.alertId}`}>{t('field.acknowledged')}</Tag>
            </Tooltip>
          ) : null}
          {row.flapping ? (
            <Tooltip title={t('flappingHint')}>
              <Tag color="purple" data-testid={`alert-flapping-${row.alertId}`}>
                {t('flapping')}
              </Tag>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    {
      key: 'read',
      dataIndex: 'read',
      title: t('field.read'),
      render: (read: boolean) => (read ? t('read') : <Badge status="processing" text={t('unreadState')} />),
    },
    {
      key: 'startedAt',
      dataIndex: 'startedAt',
      title: t('field.startedAt'),
      render: (ms: number | null, row) => when(ms ?? row.pendingSince),
      width: 170,
    },
    { key: 'lastSeenAt', dataIndex: 'lastSeenAt', title: t('field.lastSeenAt'), render: when, width: 170 },
    { key: 'count', dataIndex: 'count', title: t('field.count'), width: 80 },
    {
      key: 'description',
      title: t('field.description'),
      render: (_v, row) => (
        <Space direction="vertical" size={0}>
          <span>{conditionText(t, lang, row.condition)}</span>
          {row.description ? <span style={{ opacity: 0.7 }}>{row.description}</span> : null}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: '',
      render: (_v, row) =>
        row.state === 'firing' && !row.acknowledged ? (
          <Can funCode="alerts.edit">
            <Button size="small" onClick={() => acknowledge(row)} data-testid={`alert-ack-${row.alertId}`}>
              {t('acknowledge')}
            </Button>
          </Can>
        ) : null,
    },
  ];
}

type AlertFilter = {
  levels?: Alert['level'][] | undefined;
  states?: AlertState[] | undefined;
  read?: 'read' | 'unread' | undefined;
  flapping?: boolean | undefined;
  sn?: string | undefined;
};

function AlertFilters(props: { lang: Lang; value: AlertFilter; onApply: (f: AlertFilter) => void }) {
  const { t } = useTranslation('alerts');
  const [form] = Form.useForm<AlertFilter>();
  const shown = JSON.stringify(props.value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` is `value` compared by content.
  useEffect(() => form.setFieldsValue(props.value), [form, shown]);
  const apply = (v: AlertFilter) =>
    props.onApply({
      levels: v.levels?.length ? v.levels : undefined,
      states: v.states?.length ? v.states : undefined,
      read: v.read || undefined,
      flapping: v.flapping,
      sn: v.sn?.trim() || undefined,
    });
  return (
    <Form<AlertFilter> form={form} layout="inline" onFinish={apply} style={{ rowGap: 8 }}>
      <Form.Item name="sn">
        <Input.Search
          allowClear
          placeholder={t('searchSn')}
          style={{ width: 180 }}
          onSearch={() => form.submit()}
        />
      </Form.Item>
      <LabelledChoices
        name="levels"
        values={ALERT_SEVERITIES}
        labels={ALERT_SEVERITY_LABELS}
        lang={props.lang}
        placeholder={t('allLevels')}
        width={160}
        testId="alert-levels"
      />
      <LabelledChoices
        name="states"
        values={ALERT_STATES}
        labels={ALERT_STATE_LABELS}
        lang={props.lang}
        placeholder={t('allStates')}
        width={160}
        testId="alert-states"
      />
      <Form.Item name="read">
        <Select
          allowClear
          placeholder={t('readState')}
          style={{ width: 120 }}
          options={[
            { value: 'unread', label: t('unreadState') },
            { value: 'read', label: t('read') },
          ]}
          data-testid="alert-read"
        />
      </Form.Item>
      <Form.Item
        name="flapping"
        getValueProps={(v?: boolean) => ({ value: v === undefined ? undefined : String(v) })}
        normalize={(v?: string) => (v === undefined ? undefined : v === 'true')}
      >
        <Select
          allowClear
          placeholder={t('flappingState')}
          style={{ width: 130 }}
          options={[
            { value: 'true', label: t('flapping') },
            { value: 'false', label: t('steady') },
          ]}
          data-testid="alert-flapping-filter"
        />
      </Form.Item>
      <Form.Item style={{ marginInlineEnd: 0 }}>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="alert-search">
            {t('search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              props.onApply({});
            }}
          >
            {t('reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/**
 * The alerts of the company's rules: open ones first, then by last seen; the caller's unread ones
 * highlighted. Acknowledging needs `alerts.edit`; read marks are the caller's own.
 */
export function AlertsTab() {
  const { t } = useTranslation('alerts');
  const lang = useLang();
  const { message } = App.useApp();
  const list = useListQuery(listAlertsCall, { queryKey: alertKeys.list, defaults: { pageSize: 20 } });
  const unread = useUnreadAlerts().data?.total ?? 0;
  const [acking, setAcking] = useState<{ alert: Alert; note: string } | null>(null);
  const settle = [LIVE_KEYS.alerts, LIVE_KEYS.dashboard];
  const ack = useCallMutation(acknowledgeAlertCall, {
    invalidates: settle,
    onSuccess: () => {
      setAcking(null);
      void message.success(t('acknowledgedDone'));
    },
  });
  const markSome = useCallMutation(markAlertsReadCall, { invalidates: settle });
  const markAll = useCallMutation(markAllAlertsReadCall, {
    invalidates: settle,
    onSuccess: () => void message.success(t('markedAll')),
  });
  const columns = alertColumns(t, lang, (alert) => setAcking({ alert, note: '' }));

  return (
    <>
      <ListPage<Alert>
        testId="alerts-tab"
        tableTestId="alerts-table"
        rowKey="alertId"
        title={
          <Space>
            {t('tabs.alerts')}
            <Badge count={unread} overflowCount={999} data-testid="alerts-unread" />
          </Space>
        }
        list={list}
        columns={columns}
        empty={{ description: t('empty') }}
        exportAction={({ total }) => {
          // The file is the company's: read or unread is one person's, so it is not part of it.
          const { read: _read, ...filter } = list.filters as AlertFilter;
          return (
            <ExportButton
              call={exportAlertsCall}
              filter={filter}
              total={total}
              columns={ALERT_EXPORT_COLUMNS}
              fileNamePrefix={t('exportPrefix')}
              module="robustlink/alertCenter"
              funCode="alerts.export"
            />
          );
        }}
        selectable={(row) => !row.read}
        bulkActions={({ keys, clear }) => (
          <Button
            disabled={keys.length === 0}
            loading={markSome.isPending}
            onClick={() =>
              markSome.mutate(
                { alertIds: keys.map(Number) },
                {
                  onSuccess: (r) => {
                    clear();
                    void message.success(t('marked', { count: r.marked }));
                  },
                },
              )
            }
            data-testid="alerts-mark-selected"
          >
            {t('markSelectedRead', { count: keys.length })}
          </Button>
        )}
        actions={
          <Button
            type="primary"
            loading={markAll.isPending}
            onClick={() => markAll.mutate({})}
            data-testid="alerts-mark-all"
          >
            {t('markAllRead')}
          </Button>
        }
        onRow={(row) => ({
          'data-testid': `alert-row-${row.alertId}`,
          'data-unread': !row.read,
          style: row.read ? undefined : { fontWeight: 600, background: 'rgba(22, 119, 255, 0.06)' },
        })}
        filters={<AlertFilters lang={lang} value={list.filters as AlertFilter} onApply={list.setFilters} />}
      />
      <Modal
        open={acking !== null}
        title={acking ? t('acknowledgeTitle', { sn: acking.alert.sn }) : ''}
        onCancel={() => setAcking(null)}
        onOk={() => acking && ack.mutate({ alertId: acking.alert.alertId, note: acking.note })}
        confirmLoading={ack.isPending}
        okButtonProps={{ 'data-testid': 'alert-ack-confirm' } as never}
      >
        <Input.TextArea
          value={acking?.note ?? ''}
          maxLength={200}
          showCount
          placeholder={t('acknowledgeNote')}
          onChange={(e) => setAcking((a) => a && { ...a, note: e.target.value })}
          data-testid="alert-ack-note"
        />
      </Modal>
    </>
  );
}
