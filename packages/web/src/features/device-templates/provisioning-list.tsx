import {
  formatDateTime,
  getProvisioningCall,
  PROVISIONING_STATES,
  type Provisioning,
  type ProvisioningState,
  type ProvisioningStep,
} from '@fleetport/contract';
import { Select, Space, Steps, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSearch } from '../../widgets/list/filter-search.tsx';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';

const STATE_COLOURS: Record<ProvisioningState, string> = {
  running: 'processing',
  done: 'success',
  stopped: 'error',
};
const STEP_STATUS = {
  waiting: 'wait',
  running: 'process',
  done: 'finish',
  skipped: 'finish',
  failed: 'error',
} as const;

/** The step a run is at: the running or failed one, else the first waiting, else the last. */
const currentStep = (steps: ProvisioningStep[]) =>
  steps.find((s) => s.state === 'running' || s.state === 'failed') ??
  steps.find((s) => s.state === 'waiting') ??
  steps.at(-1);

/** Routers provisioned by a template, running ones first, each with its steps and why one stopped. */
export function ProvisioningList() {
  const { t } = useTranslation('deviceTemplates');
  const list = useListQuery(getProvisioningCall, { defaults: { pageSize: 20 }, urlPrefix: 'p' });
  const { filters, setFilters } = list;
  const columns = useMemo((): ColumnsType<Provisioning> => {
    const stepName = (step: ProvisioningStep) =>
      t(`provisioning.stepKinds.${step.kind}`, { target: step.target });
    return [
      { key: 'sn', dataIndex: 'sn', title: t('provisioning.columns.sn') },
      { key: 'deviceName', dataIndex: 'deviceName', title: t('provisioning.columns.name') },
      { key: 'model', dataIndex: 'model', title: t('provisioning.columns.model') },
      { key: 'templateName', dataIndex: 'templateName', title: t('provisioning.columns.template') },
      {
        key: 'state',
        dataIndex: 'state',
        title: t('provisioning.columns.state'),
        render: (state: ProvisioningState) => (
          <Tag color={STATE_COLOURS[state]}>{t(`provisioning.states.${state}`)}</Tag>
        ),
      },
      {
        key: 'step',
        title: t('provisioning.columns.step'),
        render: (_: unknown, row) => {
          const step = currentStep(row.steps);
          if (!step) return null;
          return (
            <Space orientation="vertical" size={0} data-testid={`provisioning-step-${row.sn}`}>
              <Typography.Text>
                {stepName(step)} · {t(`provisioning.stepStates.${step.state}`)}
              </Typography.Text>
              {step.reason && (
                <Typography.Text type={step.state === 'failed' ? 'danger' : 'secondary'}>
                  {step.reason}
                </Typography.Text>
              )}
            </Space>
          );
        },
      },
      {
        key: 'steps',
        title: t('provisioning.steps'),
        render: (_: unknown, row) => (
          <Steps
            size="small"
            progressDot
            data-testid={`provisioning-steps-${row.sn}`}
            items={row.steps.map((step) => ({
              title: stepName(step),
              status: STEP_STATUS[step.state],
              description: [
                t(`provisioning.stepStates.${step.state}`),
                step.attempts > 1 ? t('provisioning.attempts', { count: step.attempts }) : null,
              ]
                .filter(Boolean)
                .join(' · '),
            }))}
          />
        ),
      },
      {
        key: 'startedAt',
        dataIndex: 'startedAt',
        title: t('provisioning.columns.startedAt'),
        render: (at: number) => formatDateTime(at),
      },
    ];
  }, [t]);

  return (
    <ListPage<Provisioning>
      title={t('tabs.provisioning')}
      testId="provisioning-page"
      tableTestId="provisioning-table"
      rowKey="provisioningId"
      list={list}
      columns={columns}
      empty={{ description: t('provisioning.empty') }}
      filters={
        <>
          <FilterSearch
            value={filters.sn}
            onSearch={(sn) => setFilters({ sn })}
            placeholder={t('provisioning.snPlaceholder')}
            testId="provisioning-search"
          />
          <Select
            allowClear
            placeholder={t('provisioning.state')}
            value={filters.state}
            onChange={(state?: ProvisioningState) => setFilters({ state })}
            options={PROVISIONING_STATES.map((s) => ({ value: s, label: t(`provisioning.states.${s}`) }))}
            style={{ width: 140 }}
            data-testid="provisioning-state"
          />
        </>
      }
    />
  );
}
