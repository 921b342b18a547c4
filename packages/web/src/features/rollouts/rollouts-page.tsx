import {
  formatDateTime,
  listRolloutsCall,
  ROLLOUT_STATE_LABELS,
  ROLLOUT_STATES,
  type RolloutState,
  type RolloutSummary,
} from '@fleetport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLive } from '../../api/live.ts';
import { PageGate, usePermission } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { FilterSearch } from '../../widgets/list/filter-search.tsx';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';
import { RolloutDialog } from './rollout-dialog.tsx';
import { rolloutPath } from './rollout-paths.ts';
import { ROLLOUT_KEYS } from './rollout-queries.ts';
import { RolloutProgress, RolloutStateTag } from './rollout-state.tsx';
import { rollouts } from './rollouts.i18n.ts';

addNamespaces({ rollouts });

/** The company's rollouts, newest first, live; "New rollout" opens the dialog (also from a version's history). */
export function RolloutsPage() {
  return (
    <PageGate funCode="firmware.view">
      <Rollouts />
    </PageGate>
  );
}

function Rollouts() {
  const { t } = useTranslation('rollouts');
  const lang = useLang();
  const navigate = useNavigate();
  useLive(useQueryClient());
  const canApply = usePermission('firmware.apply');
  const list = useListQuery(listRolloutsCall, { defaults: { pageSize: 20 }, queryKey: ROLLOUT_KEYS.list });
  const { filters, setFilters } = list;
  const [params, setParams] = useSearchParams();
  const presetPackage = Number(params.get('newPackage'));
  const presetVersion = Number(params.get('newVersion'));
  const dialogOpen = params.get('new') === '1' || presetVersion > 0;
  const preset = useMemo(
    () =>
      presetPackage > 0 && presetVersion > 0 ? { packageId: presetPackage, versionId: presetVersion } : null,
    [presetPackage, presetVersion],
  );
  const setDialog = (open: boolean) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.delete('newPackage');
      next.delete('newVersion');
      if (open) next.set('new', '1');
      else next.delete('new');
      return next;
    });

  const columns = useMemo(
    (): ColumnsType<RolloutSummary> => [
      {
        key: 'name',
        dataIndex: 'name',
        title: t('columns.name'),
        render: (name: string, row) => (
          <Link to={rolloutPath(row.id)} data-testid={`rollout-${row.id}`}>
            {name}
          </Link>
        ),
      },
      {
        key: 'package',
        title: t('columns.package'),
        render: (_: unknown, row) => `${row.packageName} ${row.version}`,
      },
      {
        key: 'state',
        dataIndex: 'state',
        title: t('state'),
        render: (state: RolloutState) => <RolloutStateTag state={state} />,
      },
      {
        key: 'progress',
        title: t('columns.progress'),
        width: 220,
        render: (_: unknown, row) => <RolloutProgress counts={row.counts} size="small" />,
      },
      {
        key: 'batches',
        title: t('columns.batches'),
        render: (_: unknown, row) =>
          t('batchesOf', { started: row.batchesStarted, planned: row.batchesPlanned }),
      },
      { key: 'createdBy', dataIndex: 'createdBy', title: t('columns.createdBy') },
      {
        key: 'createdAt',
        dataIndex: 'createdAt',
        title: t('columns.createdAt'),
        render: (at: number) => formatDateTime(at),
      },
    ],
    [t],
  );

  const createButton = canApply ? (
    <Button type="primary" onClick={() => setDialog(true)} data-testid="rollout-create">
      {t('create')}
    </Button>
  ) : null;

  return (
    <>
      <ListPage<RolloutSummary>
        title={t('title')}
        testId="rollouts-page"
        tableTestId="rollouts-table"
        rowKey="id"
        list={list}
        columns={columns}
        empty={{ description: t('empty'), action: createButton }}
        actions={createButton}
        filters={
          <>
            <FilterSearch
              value={filters.search}
              onSearch={(search) => setFilters({ search })}
              placeholder={t('searchPlaceholder')}
              testId="rollouts-search"
            />
            <Select
              allowClear
              mode="multiple"
              placeholder={t('state')}
              value={filters.states}
              onChange={(states: RolloutState[]) => setFilters({ states })}
              options={ROLLOUT_STATES.map((s) => ({ value: s, label: ROLLOUT_STATE_LABELS[s][lang] }))}
              style={{ minWidth: 160 }}
              data-testid="rollouts-state"
            />
          </>
        }
      />
      <RolloutDialog
        open={dialogOpen}
        preset={preset}
        onClose={() => setDialog(false)}
        onCreated={(id) => navigate(rolloutPath(id))}
      />
    </>
  );
}
