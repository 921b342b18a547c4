import {
  type CustomReport,
  createCustomReportCall,
  createReportCall,
  deleteCustomReportCall,
  deleteReportCall,
  downloadReportRunCall,
  ErrorCode,
  errorMessage,
  formatBytes,
  formatDateTime,
  generateReportCall,
  listCustomReportsCall,
  listReportRunsCall,
  listReportsCall,
  REPORT_DEFAULT_SCHEDULE_TIME,
  REPORT_FIELD_LABELS,
  REPORT_FIELDS_BY_KIND,
  REPORT_FREQUENCIES,
  REPORT_FREQUENCY_LABELS,
  REPORT_GENERATION_LABELS,
  REPORT_GENERATIONS,
  REPORT_KIND_LABELS,
  REPORT_KINDS,
  REPORT_MAX_TARGETS,
  type Report,
  type ReportField,
  type ReportFrequency,
  type ReportGeneration,
  type ReportInput,
  type ReportKind,
  type ReportRun,
  type ReportRunState,
  removeReportShareCall,
  shareReportRunCall,
  updateReportCall,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Drawer,
  Form,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { Can, PageGate, usePermission } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useDeviceGroups } from '../devices/device-queries.ts';
import { shareUrlOf } from '../exports/share-url.ts';
import { reports } from './reports.i18n.ts';

addNamespaces({ reports });

const KEYS = {
  reports: ['reports', 'list'] as const,
  custom: ['reports', 'custom'] as const,
  runs: (id: number) => ['reports', 'runs', id] as const,
};

const STATE_COLORS: Record<ReportRunState, string> = {
  generating: 'processing',
  ready: 'success',
  failed: 'error',
  expired: 'default',
};

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const utcTime = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/** Follows a signed URL as a download (the server sends the file as an attachment). */
function followDownload(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/** A run's state; a failed run says why (its catalogue code's message, the code beside it). */
function RunState({ state, errorCode = null }: { state: ReportRunState; errorCode?: number | null }) {
  const { t } = useTranslation('reports');
  const lang = useLang();
  const tag = (
    <Tag color={STATE_COLORS[state]} data-testid="report-run-state" data-state={state}>
      {t(`state.${state}`)}
    </Tag>
  );
  if (state !== 'failed' || errorCode === null) return tag;
  const data = errorCode === ErrorCode.REPORT_TOO_MANY_DEVICES ? REPORT_MAX_TARGETS : undefined;
  return (
    <Space size={4} wrap>
      {tag}
      <Typography.Text type="danger" data-testid="report-run-reason">
        {`${errorMessage(errorCode, lang, data)} (${errorCode})`}
      </Typography.Text>
    </Space>
  );
}

/** Reports and custom reports (core §2 robustlink customReports; issue 16 "Reports"). */
export function ReportsPage() {
  return (
    <PageGate funCode="reports.view">
      <ReportsView />
    </PageGate>
  );
}

function ReportsView() {
  const { t } = useTranslation('reports');
  return (
    <Tabs
      data-testid="reports-page"
      items={[
        { key: 'reports', label: t('tabs.reports'), children: <ReportList /> },
        { key: 'custom', label: t('tabs.custom'), children: <CustomReportList /> },
      ]}
    />
  );
}

function useCustomReports() {
  return useQuery({ queryKey: KEYS.custom, queryFn: () => apiCall(listCustomReportsCall, {}) });
}

function ReportList() {
  const { t } = useTranslation('reports');
  const lang = useLang();
  const { message } = App.useApp();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Report | null>(null);
  const [runsOf, setRunsOf] = useState<Report | null>(null);
  const list = useQuery({
    queryKey: KEYS.reports,
    queryFn: () => apiCall(listReportsCall, { pageNum: 1, pageSize: 200 }),
    // A run just started: ask again until it has left `generating`.
    refetchInterval: (q) =>
      q.state.data?.list.some((r) => r.lastRun?.state === 'generating') ? 3000 : false,
  });
  const generate = useCallMutation(generateReportCall, {
    invalidates: [KEYS.reports],
    onSuccess: () => void message.success(t('generated')),
  });
  const remove = useCallMutation(deleteReportCall, { invalidates: [KEYS.reports] });
  const canCreate = usePermission('reports.create');

  const createButton = canCreate ? (
    <Button type="primary" onClick={() => setCreating(true)} data-testid="report-create">
      {t('create')}
    </Button>
  ) : null;

  const columns: ColumnsType<Report> = [
    { key: 'name', dataIndex: 'name', title: t('columns.name') },
    {
      key: 'type',
      dataIndex: 'type',
      title: t('columns.type'),
      render: (type: ReportKind) => REPORT_KIND_LABELS[type][lang],
    },
    {
      key: 'generation',
      title: t('columns.generation'),
      render: (_: unknown, r) =>
        r.generation === 'single'
          ? REPORT_GENERATION_LABELS.single[lang]
          : REPORT_FREQUENCY_LABELS[r.frequency][lang],
    },
    {
      key: 'schedule',
      title: t('columns.schedule'),
      render: (_: unknown, r) =>
        r.generation === 'single'
          ? `${utcDay(r.startTime ?? 0)} – ${utcDay((r.endTime ?? 0) - 1)}`
          : r.nextRunAt
            ? utcTime(r.nextRunAt)
            : r.scheduleTime,
    },
    {
      key: 'lastRun',
      title: t('columns.lastRun'),
      render: (_: unknown, r) =>
        r.lastRun ? <RunState state={r.lastRun.state} errorCode={r.lastRun.errorCode} /> : t('never'),
    },
  ];
  const actions: ColumnsType<Report> = [
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_: unknown, r) => (
        <Space>
          <Can funCode="reports.export">
            <Button
              type="link"
              size="small"
              loading={generate.isPending && generate.variables?.reportId === r.reportId}
              onClick={() => generate.mutate({ reportId: r.reportId })}
              data-testid={`report-generate-${r.reportId}`}
            >
              {t('generate')}
            </Button>
          </Can>
          <Button
            type="link"
            size="small"
            onClick={() => setRunsOf(r)}
            data-testid={`report-runs-${r.reportId}`}
          >
            {t('runs')}
          </Button>
          <Can funCode="reports.edit">
            <Button
              type="link"
              size="small"
              onClick={() => setEditing(r)}
              data-testid={`report-edit-${r.reportId}`}
            >
              {t('edit')}
            </Button>
          </Can>
          <Can funCode="reports.remove">
            <Popconfirm
              title={t('deleteConfirm', { name: r.name })}
              okButtonProps={{ danger: true, 'data-testid': 'report-delete-ok' } as never}
              onConfirm={() => remove.mutateAsync({ reportId: r.reportId }).catch(() => {})}
            >
              <Button type="link" size="small" danger data-testid={`report-delete-${r.reportId}`}>
                {t('delete')}
              </Button>
            </Popconfirm>
          </Can>
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<Report>
        title={t('tabs.reports')}
        testId="report-list"
        tableTestId="reports-table"
        rowKey="reportId"
        loading={list.isLoading}
        rows={list.data?.list ?? []}
        columns={columns}
        trailingColumns={actions}
        empty={{ description: t('empty'), action: createButton }}
        actions={createButton}
      />
      {creating && <ReportDialog onClose={() => setCreating(false)} />}
      {editing && <ReportDialog report={editing} onClose={() => setEditing(null)} />}
      <RunsDrawer report={runsOf} onClose={() => setRunsOf(null)} />
    </>
  );
}

interface ReportForm {
  name: string;
  type: ReportKind;
  customReportId: number | null;
  generation: ReportGeneration;
  frequency: ReportFrequency;
  scheduleTime: string;
  startDay?: string;
  endDay?: string;
  targetMode: 'group' | 'devices';
  groupId?: number;
  sns?: string;
  fileName: string;
  enabled: boolean;
}

/** The dialog's values of a saved report (the last day of a single report is the one before its end). */
function formOf(r: Report): ReportForm {
  return {
    name: r.name,
    type: r.type,
    customReportId: r.customReportId,
    generation: r.generation,
    frequency: r.frequency,
    scheduleTime: r.scheduleTime,
    startDay: r.startTime === null ? undefined : utcDay(r.startTime),
    endDay: r.endTime === null ? undefined : utcDay(r.endTime - DAY_MS),
    targetMode: r.targets.mode,
    groupId: r.targets.mode === 'group' ? r.targets.groupId : undefined,
    sns: r.targets.mode === 'devices' ? r.targets.sns.join('\n') : undefined,
    fileName: r.fileName,
    enabled: r.enabled,
  };
}

/** Adds a report, or changes `report` when one is given (the same fields and rules). */
function ReportDialog({ report, onClose }: { report?: Report; onClose: () => void }) {
  const { t } = useTranslation('reports');
  const lang = useLang();
  const [form] = Form.useForm<ReportForm>();
  const type = Form.useWatch('type', form) ?? 'dataUsage';
  const generation = Form.useWatch('generation', form) ?? 'periodic';
  const targetMode = Form.useWatch('targetMode', form) ?? 'group';
  const groups = useDeviceGroups();
  const custom = useCustomReports();
  const create = useCallMutation(createReportCall, { invalidates: [KEYS.reports], onSuccess: onClose });
  const update = useCallMutation(updateReportCall, { invalidates: [KEYS.reports], onSuccess: onClose });

  function submit(v: ReportForm) {
    const day = (text?: string) => (text ? Date.parse(`${text}T00:00:00Z`) : null);
    const single = v.generation === 'single';
    const end = day(v.endDay);
    const input: ReportInput = {
      name: v.name,
      type: v.type,
      customReportId: v.customReportId ?? null,
      generation: v.generation,
      frequency: v.frequency,
      scheduleTime: v.scheduleTime,
      startTime: single ? day(v.startDay) : null,
      // The last day chosen is included.
      endTime: single && end !== null ? end + DAY_MS : null,
      targets:
        v.targetMode === 'group'
          ? { mode: 'group', groupId: v.groupId ?? 0 }
          : {
              mode: 'devices',
              sns: (v.sns ?? '')
                .split(/[\s,]+/)
                .map((s) => s.trim())
                .filter(Boolean),
            },
      fileName: v.fileName,
      enabled: v.enabled,
    };
    if (report) update.mutate({ reportId: report.reportId, report: input });
    else create.mutate(input);
  }

  return (
    <Modal
      open
      title={report ? t('editTitle', { name: report.name }) : t('create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={create.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'report-save' } as never}
      width={560}
    >
      <Form<ReportForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={
          report
            ? formOf(report)
            : {
                type: 'dataUsage',
                customReportId: null,
                generation: 'periodic',
                frequency: 'daily',
                scheduleTime: REPORT_DEFAULT_SCHEDULE_TIME,
                targetMode: 'group',
                enabled: true,
              }
        }
      >
        <Form.Item name="name" label={t('form.name')} rules={[{ required: true, max: 50 }]}>
          <Input data-testid="report-name" />
        </Form.Item>
        <Form.Item name="type" label={t('form.type')}>
          <Radio.Group
            options={REPORT_KINDS.map((k) => ({ value: k, label: REPORT_KIND_LABELS[k][lang] }))}
            onChange={() => form.setFieldValue('customReportId', null)}
          />
        </Form.Item>
        <Form.Item name="customReportId" label={t('form.custom')}>
          <Select
            options={[
              { value: null, label: t('form.allFields') },
              ...(custom.data ?? [])
                .filter((c) => c.type === type)
                .map((c) => ({ value: c.customReportId, label: c.name })),
            ]}
          />
        </Form.Item>
        <Form.Item name="generation" label={t('form.generation')}>
          <Radio.Group
            options={REPORT_GENERATIONS.map((g) => ({ value: g, label: REPORT_GENERATION_LABELS[g][lang] }))}
          />
        </Form.Item>
        {generation === 'periodic' ? (
          <Space align="start" wrap>
            <Form.Item name="frequency" label={t('form.frequency')} extra={t('form.periodHint')}>
              <Select
                style={{ width: 160 }}
                options={REPORT_FREQUENCIES.map((f) => ({
                  value: f,
                  label: REPORT_FREQUENCY_LABELS[f][lang],
                }))}
              />
            </Form.Item>
            <Form.Item
              name="scheduleTime"
              label={t('form.scheduleTime')}
              rules={[{ required: true, pattern: /^([01]\d|2[0-3]):[0-5]\d$/ }]}
            >
              <Input style={{ width: 120 }} data-testid="report-schedule-time" />
            </Form.Item>
          </Space>
        ) : (
          <Space align="start" wrap>
            <Form.Item
              name="startDay"
              label={t('form.start')}
              rules={[{ required: true }]}
              extra={t('form.singleHint')}
            >
              <Input type="date" data-testid="report-start" />
            </Form.Item>
            <Form.Item name="endDay" label={t('form.end')} rules={[{ required: true }]}>
              <Input type="date" data-testid="report-end" />
            </Form.Item>
          </Space>
        )}
        <Form.Item name="targetMode" label={t('form.targets')}>
          <Radio.Group
            options={[
              { value: 'group', label: t('form.group') },
              { value: 'devices', label: t('form.sns') },
            ]}
          />
        </Form.Item>
        {targetMode === 'group' ? (
          <Form.Item name="groupId" label={t('form.group')} rules={[{ required: true }]}>
            <Select
              data-testid="report-group"
              loading={groups.isLoading}
              options={[
                ...(groups.data
                  ? [{ value: groups.data.deviceRootGroup.rootGroupId, label: t('form.allDevices') }]
                  : []),
                ...(groups.data?.deviceOtherGroup ?? []).map((g) => ({
                  value: g.groupId,
                  label: g.groupName,
                })),
              ]}
            />
          </Form.Item>
        ) : (
          <Form.Item name="sns" label={t('form.sns')} rules={[{ required: true }]}>
            <Input.TextArea rows={4} translate="no" data-testid="report-sns" />
          </Form.Item>
        )}
        <Form.Item name="fileName" label={t('form.fileName')} rules={[{ required: true, max: 64 }]}>
          <Input data-testid="report-file-name" />
        </Form.Item>
        <Form.Item name="enabled" label={t('form.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function RunsDrawer({ report, onClose }: { report: Report | null; onClose: () => void }) {
  const { t } = useTranslation('reports');
  const { message } = App.useApp();
  const canShare = usePermission('reports.export');
  const [shared, setShared] = useState<{ shareId: string; until: number } | null>(null);
  const runs = useQuery({
    queryKey: KEYS.runs(report?.reportId ?? 0),
    enabled: report !== null,
    queryFn: () => apiCall(listReportRunsCall, { reportId: report!.reportId, pageNum: 1, pageSize: 50 }),
    refetchInterval: (q) => (q.state.data?.list.some((r) => r.state === 'generating') ? 3000 : false),
  });
  const download = useCallMutation(downloadReportRunCall, {
    onSuccess: (link) => followDownload(link.url, link.fileName),
  });
  const share = useCallMutation(shareReportRunCall, {
    onSuccess: (link) => setShared({ shareId: link.shareId, until: link.expiresAt }),
  });
  const unshare = useCallMutation(removeReportShareCall, {
    onSuccess: () => {
      setShared(null);
      void message.success(t('shareRemoved'));
    },
  });

  const columns: ColumnsType<ReportRun> = [
    {
      key: 'period',
      title: t('run.period'),
      render: (_: unknown, r) => `${utcTime(r.periodStart)} – ${utcTime(r.periodEnd)}`,
    },
    {
      key: 'state',
      title: t('run.state'),
      render: (_: unknown, r) => <RunState state={r.state} errorCode={r.errorCode} />,
    },
    {
      key: 'kind',
      title: '',
      render: (_: unknown, r) => (r.scheduled ? t('run.scheduled') : t('run.manual')),
    },
    { key: 'devices', dataIndex: 'devices', title: t('run.devices') },
    {
      key: 'size',
      dataIndex: 'size',
      title: t('run.size'),
      render: (size: number | null) => (size === null ? null : formatBytes(size)),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_: unknown, r) => (
        <Space>
          <Button
            type="link"
            size="small"
            disabled={r.state !== 'ready'}
            // The link is asked for first: the button says so until the file starts (as export records do).
            loading={download.isPending && download.variables?.runId === r.runId}
            onClick={() => download.mutate({ runId: r.runId })}
            data-testid={`report-run-download-${r.runId}`}
          >
            {t('run.download')}
          </Button>
          {canShare && (
            <Button
              type="link"
              size="small"
              disabled={r.state !== 'ready'}
              loading={share.isPending && share.variables?.runId === r.runId}
              onClick={() => share.mutate({ runId: r.runId })}
              data-testid={`report-run-share-${r.runId}`}
            >
              {t('run.share')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Drawer
      open={report !== null}
      onClose={onClose}
      width={760}
      title={report ? t('runsTitle', { name: report.name }) : ''}
      data-testid="report-runs"
    >
      <Table<ReportRun>
        rowKey="runId"
        size="small"
        loading={runs.isLoading}
        columns={columns}
        dataSource={runs.data?.list ?? []}
        pagination={false}
        locale={{ emptyText: <EmptyState description={t('runsEmpty')} /> }}
      />
      <Modal
        open={shared !== null}
        title={t('shareTitle')}
        onCancel={() => setShared(null)}
        footer={
          <Popconfirm
            title={t('removeShare')}
            onConfirm={() =>
              shared ? unshare.mutateAsync({ shareId: shared.shareId }).catch(() => {}) : undefined
            }
          >
            <Button danger data-testid="report-share-remove">
              {t('removeShare')}
            </Button>
          </Popconfirm>
        }
      >
        {shared && (
          <>
            <Typography.Paragraph>
              {t('shareText', { until: formatDateTime(shared.until) })}
            </Typography.Paragraph>
            <Typography.Paragraph
              copyable={{ onCopy: () => void message.success(t('copied')) }}
              data-testid="report-share-link"
            >
              {shareUrlOf(shared.shareId)}
            </Typography.Paragraph>
          </>
        )}
      </Modal>
    </Drawer>
  );
}

interface CustomForm {
  name: string;
  description: string;
  type: ReportKind;
  fields: ReportField[];
}

function CustomReportList() {
  const { t } = useTranslation('reports');
  const lang = useLang();
  const [form] = Form.useForm<CustomForm>();
  const [creating, setCreating] = useState(false);
  const type = Form.useWatch('type', form) ?? 'dataUsage';
  const list = useCustomReports();
  const create = useCallMutation(createCustomReportCall, {
    invalidates: [KEYS.custom],
    onSuccess: () => {
      setCreating(false);
      form.resetFields();
    },
  });
  const remove = useCallMutation(deleteCustomReportCall, { invalidates: [KEYS.custom] });
  const canCreate = usePermission('reports.create');
  const createButton = canCreate ? (
    <Button type="primary" onClick={() => setCreating(true)} data-testid="custom-report-create">
      {t('custom.create')}
    </Button>
  ) : null;

  const columns: ColumnsType<CustomReport> = [
    { key: 'name', dataIndex: 'name', title: t('custom.name') },
    { key: 'description', dataIndex: 'description', title: t('custom.description') },
    {
      key: 'type',
      dataIndex: 'type',
      title: t('custom.type'),
      render: (k: ReportKind) => REPORT_KIND_LABELS[k][lang],
    },
    {
      key: 'fields',
      dataIndex: 'fields',
      title: t('custom.fields'),
      render: (fields: ReportField[]) => fields.map((f) => REPORT_FIELD_LABELS[f][lang]).join(', '),
    },
  ];
  const actions: ColumnsType<CustomReport> = [
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_: unknown, c) => (
        <Can funCode="reports.remove">
          <Popconfirm
            title={t('custom.deleteConfirm', { name: c.name })}
            okButtonProps={{ danger: true, 'data-testid': 'custom-report-delete-ok' } as never}
            onConfirm={() => remove.mutateAsync({ customReportId: c.customReportId }).catch(() => {})}
          >
            <Button type="link" size="small" danger data-testid={`custom-report-delete-${c.customReportId}`}>
              {t('delete')}
            </Button>
          </Popconfirm>
        </Can>
      ),
    },
  ];

  return (
    <>
      <ListPage<CustomReport>
        title={t('tabs.custom')}
        testId="custom-report-list"
        tableTestId="custom-reports-table"
        rowKey="customReportId"
        loading={list.isLoading}
        rows={list.data ?? []}
        columns={columns}
        trailingColumns={actions}
        empty={{ description: t('custom.empty'), action: createButton }}
        actions={createButton}
      />
      <Modal
        open={creating}
        title={t('custom.create')}
        onCancel={() => setCreating(false)}
        onOk={() => form.submit()}
        confirmLoading={create.isPending}
        okButtonProps={{ 'data-testid': 'custom-report-save' } as never}
      >
        <Form<CustomForm>
          form={form}
          layout="vertical"
          initialValues={{ type: 'dataUsage', description: '', fields: [] }}
          onFinish={(v) => create.mutate(v)}
        >
          <Form.Item name="name" label={t('custom.name')} rules={[{ required: true, max: 50 }]}>
            <Input data-testid="custom-report-name" />
          </Form.Item>
          <Form.Item name="description" label={t('custom.description')} rules={[{ max: 200 }]}>
            <Input.TextArea rows={2} />
          </Form.Item>
          <Form.Item name="type" label={t('custom.type')}>
            <Radio.Group
              options={REPORT_KINDS.map((k) => ({ value: k, label: REPORT_KIND_LABELS[k][lang] }))}
              onChange={() => form.setFieldValue('fields', [])}
            />
          </Form.Item>
          <Form.Item
            name="fields"
            label={t('custom.fields')}
            extra={t('custom.fieldsHint')}
            rules={[{ required: true, type: 'array', min: 1, max: 30 }]}
          >
            <Select
              mode="multiple"
              data-testid="custom-report-fields"
              options={REPORT_FIELDS_BY_KIND[type].map((f) => ({
                value: f,
                label: REPORT_FIELD_LABELS[f][lang],
              }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
