import { PlusOutlined } from '@ant-design/icons';
import { deleteRoleCall, ROLE_TYPE_LABELS, type RoleRow, roleTypeName } from '@fleetport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiCall } from '../../api/client.ts';
import { Can, PageGate, usePermission } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { IndexTable } from '../../widgets/index-table.tsx';
import { ColumnSettings, usePageColumns } from '../page-columns/page-columns.tsx';
import { CreateRoleDialog } from './create-role-dialog.tsx';
import { roleKeys, useRolePage } from './role-queries.ts';

export const ROLES_PAGE_NAME = 'operation/userManager/role';
export const roleEditorPath = (roleId: number) => `/operation/userManager/role/jurisdiction/${roleId}`;

/** Roles of the current company (/operation/userManager/role): list, custom roles, delete. */
export function RolesPage() {
  return (
    <PageGate funCode="roles.view">
      <RolesView />
    </PageGate>
  );
}

function RolesView() {
  const { t } = useTranslation('operation');
  const lang = useLang();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { modal, message } = App.useApp();
  const canRemove = usePermission('roles.remove');
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const [creating, setCreating] = useState(false);
  const roles = useRolePage(paging.pageNum, paging.pageSize);

  const columns = useMemo<ColumnsType<RoleRow>>(
    () => [
      {
        key: 'roleName',
        dataIndex: 'roleName',
        title: t('roles.name'),
        render: (name: string, role) => (
          <Space>
            {name}
            {role.isDefault && <Tag>{t('roles.default')}</Tag>}
          </Space>
        ),
      },
      {
        key: 'roleType',
        dataIndex: 'roleType',
        title: t('roles.type'),
        render: (type: number) => {
          const key = roleTypeName(type);
          return key ? ROLE_TYPE_LABELS[key][lang] : type;
        },
      },
      { key: 'description', dataIndex: 'description', title: t('roles.description') },
      { key: 'userCount', dataIndex: 'userCount', title: t('roles.userCount') },
    ],
    [t, lang],
  );
  const { shown, chosen, choose } = usePageColumns(ROLES_PAGE_NAME, columns);

  function remove(role: RoleRow) {
    modal.confirm({
      title: t('roles.deleteTitle'),
      content: t('roles.deleteText', { name: role.roleName }),
      okText: t('confirm.ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as never,
      onOk: async () => {
        try {
          await apiCall(deleteRoleCall, { roleId: role.roleId });
          void message.success(t('roles.deleted'));
          await queryClient.invalidateQueries({ queryKey: roleKeys.all });
        } catch {
          // The client showed the code.
        }
      },
    });
  }

  const actionColumn: ColumnsType<RoleRow>[number] = {
    key: 'actions',
    title: t('actions.title'),
    render: (_v, role) => (
      <Space size={0}>
        <Button
          type="link"
          size="small"
          onClick={() => navigate(roleEditorPath(role.roleId))}
          data-testid="role-privileges"
        >
          {t('roles.privileges')}
        </Button>
        {canRemove && (
          <Tooltip
            title={
              role.isDefault
                ? t('roles.cannotDeleteDefault')
                : role.userCount > 0
                  ? t('roles.cannotDeleteUsed')
                  : ''
            }
          >
            <Button
              type="link"
              size="small"
              danger
              disabled={role.isDefault || role.userCount > 0}
              onClick={() => remove(role)}
              data-testid="role-delete"
            >
              {t('actions.delete')}
            </Button>
          </Tooltip>
        )}
      </Space>
    ),
  };

  return (
    <Card
      title={t('roles.title')}
      data-testid="roles-page"
      extra={
        <Space>
          <Can funCode="roles.create">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setCreating(true)}
              data-testid="roles-create"
            >
              {t('roles.create')}
            </Button>
          </Can>
          <ColumnSettings
            columns={columns.map((c) => ({ key: String(c.key), title: String(c.title) }))}
            chosen={chosen}
            onChange={choose}
          />
        </Space>
      }
    >
      <IndexTable<RoleRow>
        rowKey="roleId"
        data-testid="roles-table"
        loading={roles.isLoading}
        columns={[...shown, actionColumn]}
        dataSource={roles.data?.data?.list ?? []}
        locale={{ emptyText: <EmptyState description={t('roles.empty')} /> }}
        pagination={{
          current: paging.pageNum,
          pageSize: paging.pageSize,
          total: roles.data?.data?.total ?? 0,
          showTotal: (total) => t('paging.total', { total }),
        }}
        onChange={(page) => setPaging({ pageNum: page.current ?? 1, pageSize: page.pageSize ?? 10 })}
      />
      <CreateRoleDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(roleId) => {
          setCreating(false);
          void queryClient.invalidateQueries({ queryKey: roleKeys.all });
          navigate(roleEditorPath(roleId));
        }}
      />
    </Card>
  );
}
