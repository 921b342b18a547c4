import { PlusOutlined } from '@ant-design/icons';
import {
  deleteRoleCall,
  ROLE_TYPE_LABELS,
  type RoleRow,
  roleListCall,
  roleTypeName,
} from '@fleetport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiCall } from '../../api/client.ts';
import { Can, PageGate, usePermission } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { FilterSearch } from '../../widgets/list/filter-search.tsx';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';
import { CreateRoleDialog } from './create-role-dialog.tsx';
import { roleKeys } from './role-queries.ts';

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
  const [creating, setCreating] = useState(false);
  const roles = useListQuery(roleListCall, { queryKey: [...roleKeys.all, 'page'] });

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
    <>
      <ListPage<RoleRow>
        title={t('roles.title')}
        testId="roles-page"
        tableTestId="roles-table"
        rowKey="roleId"
        list={roles}
        columns={columns}
        trailingColumns={[actionColumn]}
        columnsPageName={ROLES_PAGE_NAME}
        empty={{ description: t('roles.empty') }}
        filters={
          <FilterSearch
            value={roles.filters.roleName}
            onSearch={(roleName) => roles.setFilters({ roleName })}
            placeholder={t('roles.search')}
            testId="roles-search"
          />
        }
        actions={
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
        }
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
    </>
  );
}
