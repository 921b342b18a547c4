import {
  cancelRolloutCall,
  exportRolloutDevicesCall,
  formatDateTime,
  listRolloutDevicesCall,
  pauseRolloutCall,
  ROLLOUT_DEVICE_EXPORT_COLUMNS,
  ROLLOUT_DEVICE_STATE_LABELS,
  ROLLOUT_DEVICE_STATES,
  type RolloutBatch,
  type RolloutDetail,
  type RolloutDevice,
  type RolloutDeviceState,
  resumeRolloutCall,
  retryRolloutCall,
} from '@fleetport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Result, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useLive } from '../../api/live.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { PageGate, usePermission } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { FilterSearch } from '../../widgets/list/filter-search.tsx';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';
import { Spinner } from '../../widgets/spinner.tsx';
import { deviceDetailsPath } from '../devices/device-paths.ts';
import { ExportButton } from '../exports/export-button.tsx';
import { ROLLOUTS_PATH } from './rollout-paths.ts';
import { ROLLOUT_KEYS, useRollout } from './rollout-queries.ts';
import { RolloutDeviceStateTag, RolloutProgress, RolloutStateTag } from './rollout-state.tsx';
import { rollouts } from './rollouts.i18n.ts';

addNamespaces({ rollouts });

/** One rollout: its state and why, its actions, its settings, each batch, and every device with its reason; live. */
export function RolloutPage() {
  return (
    <PageGate funCode="firmware.view">
      <Rollout />
    </PageGate>
  );
}

function Rollout() {
  const { t } = useTranslation('rollouts');
  useLive(useQueryClient());
  const id = Number(useParams().id);
  const rollout = useRollout(id);
  if (rollout.isError)
    return (
      <Result
        status="404"
        title={t('notFound')}
        extra={<Link to={ROLLOUTS_PATH}>← {t('back')}</Link>}
        data-testid="rollout-not-found"
      />
    );
  if (!rollout.data) return <Spinner />;
  const r = rollout.data;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="rollout-page">
      <Link to={ROLLOUTS_PATH}>← {t('back')}</Link>
      <Card
        title={
          <Space>
            <span data-testid="rollout-name">{r.name}</span>
            <RolloutStateTag state={r.state} />
            <Typography.Text type="secondary">
              {r.packageName} {r.version}
            </Typography.Text>
          </Space>
        }
        extra={<RolloutActions rollout={r} />}
      >
        <Outcome rollout={r} />
        <RolloutProgress counts={r.counts} />
        <Space wrap size="large" style={{ marginTop: 8 }} data-testid="rollout-counts">
          {(['total', 'waiting', 'running', 'success', 'failure', 'timeout', 'released'] as const).map(
            (k) => (
              <span key={k}>
                {t(`counts.${k}`)}: <b data-testid={`rollout-count-${k}`}>{r.counts[k]}</b>
              </span>
            ),
          )}
        </Space>
        {r.waitingForWindow > 0 ? (
          <Alert
            style={{ marginTop: 12 }}
            type="info"
            showIcon
            title={t('detail.waitingForWindow', { count: r.waitingForWindow })}
          />
        ) : null}
      </Card>
      <Settings rollout={r} />
      <Card title={t('detail.batches')} size="small">
        <Batches rollout={r} />
      </Card>
      <Devices id={id} steps={r.steps.length} />
    </Space>
  );
}

function Outcome({ rollout }: { rollout: RolloutDetail }) {
  const { t } = useTranslation('rollouts');
  if (rollout.stopReason)
    return (
      <Alert
        type="error"
        showIcon
        style={{ marginBottom: 12 }}
        title={t('detail.stoppedTitle')}
        description={rollout.stopReason}
        data-testid="rollout-stop-reason"
      />
    );
  if (rollout.state === 'completed')
    return <Alert type="success" showIcon style={{ marginBottom: 12 }} title={t('detail.completedTitle')} />;
  if (rollout.state === 'cancelled')
    return <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('detail.cancelledTitle')} />;
  return null;
}

function RolloutActions({ rollout }: { rollout: RolloutDetail }) {
  const { t } = useTranslation('rollouts');
  const { modal } = App.useApp();
  const canApply = usePermission('firmware.apply');
  const invalidates = [ROLLOUT_KEYS.all];
  const pause = useCallMutation(pauseRolloutCall, { invalidates });
  const resume = useCallMutation(resumeRolloutCall, { invalidates });
  const cancel = useCallMutation(cancelRolloutCall, { invalidates });
  const retry = useCallMutation(retryRolloutCall, { invalidates });
  if (!canApply) return null;
  const { state, counts, id } = rollout;
  const failed = counts.failure + counts.timeout;
  const open = state === 'running' || state === 'paused' || state === 'halted';
  return (
    <Space>
      {state === 'running' ? (
        <Button onClick={() => pause.mutate({ id })} loading={pause.isPending} data-testid="rollout-pause">
          {t('actions.pause')}
        </Button>
      ) : null}
      {state === 'paused' || state === 'halted' ? (
        <Button
          type="primary"
          title={t('actions.resumeHint')}
          onClick={() => resume.mutate({ id })}
          loading={resume.isPending}
          data-testid="rollout-resume"
        >
          {t('actions.resume')}
        </Button>
      ) : null}
      {failed > 0 && state !== 'cancelled' ? (
        <Button
          data-testid="rollout-retry"
          loading={retry.isPending}
          onClick={() =>
            modal.confirm({
              title: t('actions.retryTitle'),
              content: t('actions.retryHint', { count: failed }),
              okText: t('actions.retry'),
              cancelText: t('form.cancel'),
              onOk: () => retry.mutateAsync({ id }).catch(() => {}),
            })
          }
        >
          {t('actions.retry')}
        </Button>
      ) : null}
      {open ? (
        <Button
          danger
          data-testid="rollout-cancel"
          loading={cancel.isPending}
          onClick={() =>
            modal.confirm({
              title: t('actions.cancelTitle'),
              content: t('actions.cancelHint', { waiting: counts.waiting, running: counts.running }),
              okText: t('actions.cancel'),
              okButtonProps: { danger: true },
              cancelText: t('form.cancel'),
              onOk: () => cancel.mutateAsync({ id }).catch(() => {}),
            })
          }
        >
          {t('actions.cancel')}
        </Button>
      ) : null}
    </Space>
  );
}

function targetText(rollout: RolloutDetail, t: TFunction<'rollouts'>): string {
  const target = rollout.target;
  const mode = t(`form.targetMode.${target.mode}`);
  switch (target.mode) {
    case 'groups':
      return `${mode}: ${target.groupIds.length}`;
    case 'tags':
      return `${mode}: ${target.tagIds.length}`;
    case 'filter':
      return [mode, target.models.join(', '), target.currentVersion].filter(Boolean).join(' · ');
    case 'devices':
      return `${mode}: ${target.sns.length}`;
  }
}

function Settings({ rollout }: { rollout: RolloutDetail }) {
  const { t } = useTranslation('rollouts');
  const s = rollout.settings;
  const plan =
    s.plan.mode === 'size'
      ? t('detail.planSize', { first: s.plan.firstSize, later: s.plan.laterSize })
      : t('detail.planGrowth', { first: s.plan.firstSize, factor: s.plan.factor });
  const limit =
    s.failureLimit.kind === 'count'
      ? t('detail.limitCount', { value: s.failureLimit.value })
      : t('detail.limitPercent', { value: s.failureLimit.value });
  return (
    <Card title={t('detail.settings')} size="small">
      <Descriptions size="small" column={2}>
        {rollout.steps.length > 1 && (
          <Descriptions.Item label={t('detail.steps')} span={2}>
            <span data-testid="rollout-steps">
              {rollout.steps.map((step, i) => (
                <span key={`${step.kind}-${step.packageName}`}>
                  {i > 0 ? ' → ' : ''}
                  {t(`detail.stepKinds.${step.kind}`)}
                  {step.packageName && <span translate="no">{` ${step.packageName} ${step.version}`}</span>}
                </span>
              ))}
            </span>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('detail.target')}>{targetText(rollout, t)}</Descriptions.Item>
        <Descriptions.Item label={t('detail.plan')}>{plan}</Descriptions.Item>
        <Descriptions.Item label={t('detail.thresholds')}>
          {t('detail.thresholdText', {
            percent: s.successPercent,
            limit,
            action: t(`form.onFailureOptions.${s.onFailure}`),
          })}
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.window')}>
          {s.window
            ? t('detail.windowText', { start: s.window.start, end: s.window.end, zone: s.window.timeZone })
            : t('detail.noWindow')}
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.deadline')}>
          {t('detail.minutes', { count: s.deviceDeadlineMinutes })}
        </Descriptions.Item>
        <Descriptions.Item label={t('columns.createdAt')}>
          {formatDateTime(rollout.createdAt)} {rollout.createdBy ?? ''}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function Batches({ rollout }: { rollout: RolloutDetail }) {
  const { t } = useTranslation('rollouts');
  const columns: ColumnsType<RolloutBatch> = [
    {
      key: 'batch',
      dataIndex: 'batch',
      title: t('deviceColumns.batch'),
      width: 110,
      render: (b) => t('detail.batch', { batch: b }),
    },
    { key: 'size', dataIndex: 'size', title: t('counts.total'), width: 90 },
    {
      key: 'progress',
      title: t('columns.progress'),
      render: (_: unknown, b) => <RolloutProgress counts={b.counts} size="small" />,
    },
    {
      key: 'good',
      dataIndex: 'good',
      title: t('state'),
      width: 160,
      render: (good: boolean | null) =>
        good === null ? (
          <Tag color="processing">{t('detail.batchRunning')}</Tag>
        ) : good ? (
          <Tag color="success">{t('detail.batchGood')}</Tag>
        ) : (
          <Tag color="error">{t('detail.batchBad')}</Tag>
        ),
    },
    {
      key: 'startedAt',
      dataIndex: 'startedAt',
      title: t('detail.startedAt'),
      render: (at: number) => formatDateTime(at),
    },
  ];
  return (
    <Table<RolloutBatch>
      size="small"
      rowKey="batch"
      columns={columns}
      dataSource={rollout.batches}
      pagination={rollout.batches.length > 10 ? { pageSize: 10 } : false}
      data-testid="rollout-batches"
    />
  );
}

/** The rollout's devices; `steps`: how many steps each goes through (more than one for a staged change). */
function Devices({ id, steps }: { id: number; steps: number }) {
  const { t } = useTranslation('rollouts');
  const lang = useLang();
  const list = useListQuery(listRolloutDevicesCall, {
    fixed: { id },
    defaults: { pageSize: 20 },
    urlPrefix: 'devices',
    queryKey: ROLLOUT_KEYS.devices(id),
  });
  const { filters, setFilters } = list;
  const columns = useMemo(
    (): ColumnsType<RolloutDevice> => [
      {
        key: 'sn',
        dataIndex: 'sn',
        title: t('deviceColumns.sn'),
        render: (sn: string) => <Link to={`${deviceDetailsPath(sn)}?tab=firmware`}>{sn}</Link>,
      },
      { key: 'name', dataIndex: 'name', title: t('deviceColumns.name') },
      { key: 'batch', dataIndex: 'batch', title: t('deviceColumns.batch'), width: 80 },
      ...(steps > 1
        ? [
            {
              key: 'step',
              dataIndex: 'step',
              title: t('deviceColumns.step'),
              render: (step: number) => t('deviceColumns.stepOf', { step, total: steps }),
            },
          ]
        : []),
      {
        key: 'state',
        dataIndex: 'state',
        title: t('deviceColumns.state'),
        render: (state: RolloutDeviceState, row) => (
          <Space size={4}>
            <RolloutDeviceStateTag state={state} />
            {state === 'updating' && row.percent !== null ? `${row.percent}%` : null}
          </Space>
        ),
      },
      {
        key: 'versions',
        title: t('deviceColumns.versions'),
        render: (_: unknown, row) => `${row.fromVersion ?? '-'} → ${row.currentVersion ?? '-'}`,
      },
      { key: 'reason', dataIndex: 'reason', title: t('deviceColumns.reason') },
      { key: 'attempts', dataIndex: 'attempts', title: t('deviceColumns.attempts'), width: 90 },
      {
        key: 'updatedAt',
        dataIndex: 'updatedAt',
        title: t('deviceColumns.updatedAt'),
        render: (at: number) => formatDateTime(at),
      },
    ],
    [t, steps],
  );
  return (
    <ListPage<RolloutDevice>
      title={t('detail.devices')}
      testId="rollout-devices"
      tableTestId="rollout-devices-table"
      rowKey="sn"
      list={list}
      columns={columns}
      exportAction={({ total }) => (
        <ExportButton
          call={exportRolloutDevicesCall}
          filter={{ ...list.filters, id }}
          total={total}
          columns={ROLLOUT_DEVICE_EXPORT_COLUMNS}
          fileNamePrefix={t('detail.exportPrefix')}
          module="devices/appCentre"
          funCode="firmware.export"
        />
      )}
      filters={
        <>
          <FilterSearch
            value={filters.search}
            onSearch={(search) => setFilters({ search })}
            placeholder={t('deviceColumns.sn')}
            testId="rollout-devices-search"
          />
          <Select
            allowClear
            mode="multiple"
            placeholder={t('stateFilter')}
            value={filters.states}
            onChange={(states: RolloutDeviceState[]) => setFilters({ states })}
            options={ROLLOUT_DEVICE_STATES.map((s) => ({
              value: s,
              label: ROLLOUT_DEVICE_STATE_LABELS[s][lang],
            }))}
            style={{ minWidth: 180 }}
            data-testid="rollout-devices-state"
          />
        </>
      }
    />
  );
}
