import {
  formatDateTime,
  listPackagesCall,
  PACKAGE_KINDS,
  PACKAGE_OWNERS,
  type PackageKind,
  type PackageOwner,
  type PackageSummary,
  PUBLISH_STATE_LABELS,
  PUBLISH_STATES,
  type PublishState,
  SERIES,
} from '@fleetport/contract';
import { Button, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageGate } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { FilterSearch } from '../../widgets/list/filter-search.tsx';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';
import { ROLLOUTS_PATH } from '../rollouts/rollout-paths.ts';
import { appCentre } from './app-centre.i18n.ts';
import { Allowed, type CatalogueMode, seriesName } from './catalogue-mode.tsx';
import { PackageDrawer } from './package-drawer.tsx';
import { UploadDialog, type UploadPreset } from './upload-dialog.tsx';

addNamespaces({ appCentre });

/** The device console's "Firmware and apps" (core §2 devices/appCentre): what is published to the company, and its own apps. */
export function CompanyCataloguePage() {
  return (
    <PageGate funCode="firmware.view">
      <Catalogue mode="company" />
    </PageGate>
  );
}

/** The Super Admin's app centre: the platform's firmware and apps, their publication and target customers. */
export function PlatformCataloguePage() {
  return <Catalogue mode="platform" />;
}

function Catalogue({ mode }: { mode: CatalogueMode }) {
  const { t } = useTranslation('appCentre');
  const lang = useLang();
  const list = useListQuery(listPackagesCall, { defaults: { pageSize: 20 } });
  const { filters, setFilters } = list;
  const [openId, setOpenId] = useState<number | null>(null);
  const [uploading, setUploading] = useState<UploadPreset | null>(null);

  const columns = useMemo(
    (): ColumnsType<PackageSummary> => [
      {
        key: 'name',
        dataIndex: 'name',
        title: t('columns.name'),
        render: (name: string, row) => (
          <Button
            type="link"
            size="small"
            onClick={() => setOpenId(row.packageId)}
            data-testid={`package-${row.packageId}`}
          >
            {name}
          </Button>
        ),
      },
      {
        key: 'kind',
        dataIndex: 'kind',
        title: t('kind'),
        render: (kind: PackageKind) => (
          <Tag color={kind === 'firmware' ? 'blue' : 'purple'}>{t(`kinds.${kind}`)}</Tag>
        ),
      },
      { key: 'packageName', dataIndex: 'packageName', title: t('columns.packageName') },
      { key: 'series', dataIndex: 'series', title: t('series'), render: seriesName },
      { key: 'latestVersion', dataIndex: 'latestVersion', title: t('columns.latestVersion') },
      { key: 'versions', dataIndex: 'versions', title: t('columns.versions') },
      {
        key: 'models',
        dataIndex: 'models',
        title: t('columns.models'),
        render: (models: string[]) => models.join(', '),
      },
      {
        key: 'state',
        dataIndex: 'published',
        title: t('state'),
        render: (published: boolean) => (
          <Tag color={published ? 'green' : 'default'}>
            {PUBLISH_STATE_LABELS[published ? 'published' : 'unpublished'][lang]}
          </Tag>
        ),
      },
      ...(mode === 'company'
        ? [
            {
              key: 'owner',
              dataIndex: 'owner',
              title: t('owner'),
              render: (owner: PackageOwner) => t(`owners.${owner}`),
            },
          ]
        : []),
      {
        key: 'updatedAt',
        dataIndex: 'updatedAt',
        title: t('columns.updatedAt'),
        render: (at: number) => formatDateTime(at),
      },
    ],
    [t, lang, mode],
  );

  const uploadButton = (
    <Allowed mode={mode} funCode="firmware.create">
      <Button type="primary" onClick={() => setUploading({})} data-testid="package-upload">
        {mode === 'platform' ? t('upload') : t('uploadApp')}
      </Button>
    </Allowed>
  );
  const rolloutsButton =
    mode === 'company' ? (
      <Link to={ROLLOUTS_PATH}>
        <Button data-testid="open-rollouts">{t('rollouts')}</Button>
      </Link>
    ) : null;

  return (
    <>
      <ListPage<PackageSummary>
        title={mode === 'platform' ? t('platformTitle') : t('title')}
        testId="app-centre-page"
        tableTestId="packages-table"
        rowKey="packageId"
        list={list}
        columns={columns}
        empty={{ description: mode === 'platform' ? t('emptyPlatform') : t('empty'), action: uploadButton }}
        actions={
          <>
            {uploadButton}
            {rolloutsButton}
          </>
        }
        filters={
          <>
            <FilterSearch
              value={filters.search}
              onSearch={(search) => setFilters({ search })}
              placeholder={t('searchPlaceholder')}
              testId="packages-search"
            />
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={t('series')}
              value={filters.series}
              onChange={(series?: (typeof SERIES)[number]['id']) => setFilters({ series })}
              options={SERIES.map((s) => ({ value: s.id, label: s.name }))}
              style={{ width: 140 }}
              data-testid="packages-series"
            />
            <Select
              allowClear
              placeholder={t('kind')}
              value={filters.kind}
              onChange={(kind?: PackageKind) => setFilters({ kind })}
              options={PACKAGE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
              style={{ width: 120 }}
              data-testid="packages-kind"
            />
            <Select
              allowClear
              placeholder={t('state')}
              value={filters.state}
              onChange={(state?: PublishState) => setFilters({ state })}
              options={PUBLISH_STATES.map((s) => ({ value: s, label: PUBLISH_STATE_LABELS[s][lang] }))}
              style={{ width: 130 }}
              data-testid="packages-state"
            />
            {mode === 'company' && (
              <Select
                allowClear
                placeholder={t('owner')}
                value={filters.owner}
                onChange={(owner?: PackageOwner) => setFilters({ owner })}
                options={PACKAGE_OWNERS.map((o) => ({ value: o, label: t(`owners.${o}`) }))}
                style={{ width: 130 }}
                data-testid="packages-owner"
              />
            )}
          </>
        }
      />
      <PackageDrawer
        mode={mode}
        packageId={openId}
        onClose={() => setOpenId(null)}
        onAddVersion={(preset) => setUploading(preset)}
      />
      <UploadDialog mode={mode} preset={uploading} onClose={() => setUploading(null)} />
    </>
  );
}
