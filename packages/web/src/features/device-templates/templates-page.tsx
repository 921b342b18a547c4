import {
  type DeviceTemplate,
  deleteTemplateCall,
  formatDateTime,
  getTemplatesCall,
  SERIES,
  setTemplateEnabledCall,
} from '@fleetport/contract';
import { Button, Popconfirm, Space, Switch, Tabs, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { Can, PageGate, usePermission } from '../../app/permissions.tsx';
import { addNamespaces } from '../../i18n/index.ts';
import { FilterSearch } from '../../widgets/list/filter-search.tsx';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';
import { deviceTemplates } from './device-templates.i18n.ts';
import { ProvisioningList } from './provisioning-list.tsx';
import { TemplateDialog, templateKeys } from './template-dialog.tsx';

addNamespaces({ deviceTemplates });

const seriesName = (id: string) => SERIES.find((s) => s.id === id)?.name ?? id;

/** Zero-touch templates and the routers provisioning by them (core §2 devices/deviceTemplate). */
export function TemplatesPage() {
  return (
    <PageGate funCode="templates.view">
      <TemplatesView />
    </PageGate>
  );
}

function TemplatesView() {
  const { t } = useTranslation('deviceTemplates');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'provisioning' ? 'provisioning' : 'templates';
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(key === 'templates' ? {} : { tab: key })}
      data-testid="templates-tabs"
      items={[
        { key: 'templates', label: t('tabs.templates'), children: <TemplateList /> },
        { key: 'provisioning', label: t('tabs.provisioning'), children: <ProvisioningList /> },
      ]}
    />
  );
}

function TemplateList() {
  const { t } = useTranslation('deviceTemplates');
  const list = useListQuery(getTemplatesCall, { defaults: { pageSize: 20 } });
  const { filters, setFilters } = list;
  const [open, setOpen] = useState<DeviceTemplate | 'new' | null>(null);
  const canEdit = usePermission('templates.edit');
  const changed = { invalidates: [templateKeys.list] };
  const toggle = useCallMutation(setTemplateEnabledCall, changed);
  const remove = useCallMutation(deleteTemplateCall, changed);

  const columns = useMemo(
    (): ColumnsType<DeviceTemplate> => [
      { key: 'name', dataIndex: 'name', title: t('columns.name') },
      { key: 'series', dataIndex: 'series', title: t('columns.series'), render: seriesName },
      {
        key: 'models',
        dataIndex: 'models',
        title: t('columns.models'),
        render: (models: string[]) => (models.length ? models.join(', ') : t('allModels')),
      },
      {
        key: 'contents',
        title: t('columns.contents'),
        render: (_: unknown, row) => (
          <Space size={4} wrap>
            {row.firmware && (
              <Tag color="blue">{t('contents.firmware', { version: row.firmware.version })}</Tag>
            )}
            {row.apps.length > 0 && (
              <Tag color="purple">{t('contents.apps', { count: row.apps.length })}</Tag>
            )}
            {row.configuration && <Tag color="green">{t('contents.configuration')}</Tag>}
          </Space>
        ),
      },
      {
        key: 'enabled',
        dataIndex: 'enabled',
        title: t('columns.enabled'),
        render: (enabled: boolean, row) => (
          <Switch
            size="small"
            checked={enabled}
            disabled={!canEdit}
            onChange={(next) => toggle.mutate({ templateId: row.templateId, enabled: next })}
            data-testid={`template-enabled-${row.templateId}`}
          />
        ),
      },
      { key: 'applying', dataIndex: 'applying', title: t('columns.applying') },
      {
        key: 'updatedAt',
        dataIndex: 'updatedAt',
        title: t('columns.updatedAt'),
        render: (at: number) => formatDateTime(at),
      },
    ],
    [t, canEdit, toggle],
  );

  const actions: ColumnsType<DeviceTemplate> = [
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_: unknown, row) => {
        // Its steps were taken from it: a template in use is neither edited nor deleted (190604).
        const busy = row.applying > 0;
        const hint = busy ? t('applyingHint') : undefined;
        return (
          <Space>
            <Can funCode="templates.edit">
              <Tooltip title={hint}>
                <Button
                  size="small"
                  type="link"
                  disabled={busy}
                  onClick={() => setOpen(row)}
                  data-testid={`template-edit-${row.templateId}`}
                >
                  {t('edit')}
                </Button>
              </Tooltip>
            </Can>
            <Can funCode="templates.remove">
              <Popconfirm
                title={t('deleteConfirm', { name: row.name })}
                onConfirm={() => remove.mutate({ templateId: row.templateId })}
                disabled={busy}
              >
                <Tooltip title={hint}>
                  <Button
                    size="small"
                    type="link"
                    danger
                    disabled={busy}
                    data-testid={`template-delete-${row.templateId}`}
                  >
                    {t('delete')}
                  </Button>
                </Tooltip>
              </Popconfirm>
            </Can>
          </Space>
        );
      },
    },
  ];

  const createButton = (
    <Can funCode="templates.create">
      <Button type="primary" onClick={() => setOpen('new')} data-testid="template-create">
        {t('create')}
      </Button>
    </Can>
  );

  return (
    <>
      <ListPage<DeviceTemplate>
        title={t('title')}
        testId="templates-page"
        tableTestId="templates-table"
        rowKey="templateId"
        list={list}
        columns={columns}
        trailingColumns={actions}
        empty={{ description: t('empty'), action: createButton }}
        actions={createButton}
        filters={
          <FilterSearch
            value={filters.name}
            onSearch={(name) => setFilters({ name })}
            placeholder={t('searchPlaceholder')}
            testId="templates-search"
          />
        }
      />
      <TemplateDialog template={open} onClose={() => setOpen(null)} />
    </>
  );
}
