import {
  deleteSowTemplateCall,
  formatDateTime,
  listSowTemplatesCall,
  type SowTemplate,
} from '@fleetport/contract';
import { App, Button, Input, Popconfirm, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { Can, PageGate, usePermission } from '../../app/permissions.tsx';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';
import { INSTALLER_KEYS } from './installer-licence.ts';
import { InstallerLicenceFrame } from './licence-frame.tsx';
import { SowDialog } from './sow-dialog.tsx';

/** The installer console's provisioning (issue 20; features §2, §4): the company's SOW templates. */
export function ProvisioningPage() {
  return (
    <PageGate funCode="provisioning.view">
      <InstallerLicenceFrame>
        <SowList />
      </InstallerLicenceFrame>
    </PageGate>
  );
}

function SowList() {
  const { t } = useTranslation('installerConsole');
  const { message } = App.useApp();
  const list = useListQuery(listSowTemplatesCall, { queryKey: [...INSTALLER_KEYS.all, 'sow'] });
  const [editing, setEditing] = useState<SowTemplate | 'new' | null>(null);
  const remove = useCallMutation(deleteSowTemplateCall, { invalidates: [INSTALLER_KEYS.all] });
  const createButton = usePermission('provisioning.create') ? (
    <Button type="primary" onClick={() => setEditing('new')} data-testid="sow-create">
      {t('sow.create')}
    </Button>
  ) : null;
  const columns: ColumnsType<SowTemplate> = [
    { key: 'name', dataIndex: 'name', title: t('sow.columns.name') },
    {
      key: 'model',
      title: t('sow.columns.model'),
      render: (_: unknown, r) => <span translate="no">{r.productModel}</span>,
    },
    {
      key: 'firmware',
      title: t('sow.columns.firmware'),
      render: (_: unknown, r) => <span translate="no">{r.firmwareVersion}</span>,
    },
    {
      key: 'sim',
      title: t('sow.columns.sim'),
      render: (_: unknown, r) =>
        r.simInserted
          ? t('sow.simInsertedYes', { supply: t(`sow.supply.${r.simSupply}`) })
          : t('sow.simInsertedNo'),
    },
    {
      key: 'config',
      title: t('sow.columns.config'),
      render: (_: unknown, r) => <span translate="no">{r.configFile?.name ?? '–'}</span>,
    },
    {
      key: 'updated',
      title: t('sow.columns.updated'),
      render: (_: unknown, r) => formatDateTime(r.updatedAt),
    },
  ];
  const actions: ColumnsType<SowTemplate> = [
    {
      key: 'actions',
      title: t('sow.columns.actions'),
      render: (_: unknown, r) => (
        <Space>
          <Can funCode="provisioning.edit">
            <Button
              type="link"
              size="small"
              onClick={() => setEditing(r)}
              data-testid={`sow-edit-${r.sowId}`}
            >
              {t('sow.edit')}
            </Button>
          </Can>
          <Can funCode="provisioning.remove">
            <Popconfirm
              title={t('sow.deleteConfirm', { name: r.name })}
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                remove
                  .mutateAsync({ sowId: r.sowId })
                  .then(() => void message.success(t('sow.removed', { name: r.name })))
                  .catch(() => {})
              }
            >
              <Button type="link" size="small" danger data-testid={`sow-delete-${r.sowId}`}>
                {t('sow.delete')}
              </Button>
            </Popconfirm>
          </Can>
        </Space>
      ),
    },
  ];
  return (
    <>
      <ListPage<SowTemplate>
        title={t('sow.title')}
        testId="sow-list"
        tableTestId="sow-table"
        rowKey="sowId"
        list={list}
        columns={columns}
        trailingColumns={actions}
        filters={
          <Input.Search
            allowClear
            defaultValue={list.filters.keyword ?? ''}
            placeholder={t('sow.searchName')}
            onSearch={(value) => list.setFilters({ keyword: value.trim() || undefined })}
            data-testid="sow-search"
            style={{ width: 240 }}
          />
        }
        empty={{ description: t('sow.empty'), action: createButton }}
        actions={createButton}
      />
      {editing ? (
        <SowDialog template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}
