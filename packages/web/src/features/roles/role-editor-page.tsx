import { ROLE_TYPE_LABELS, roleDisplayName, roleTypeName, updateRoleCall } from '@fleetport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Flex, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { apiCall } from '../../api/client.ts';
import { PageGate, usePermission } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { pageTitle } from '../shell/page-title.ts';
import { useUserInfo } from '../shell/shell-queries.ts';
import { useTabTitle } from '../shell/tab-title.ts';
import { PermissionTree } from './permission-tree.tsx';
import { roleKeys, useRole } from './role-queries.ts';

/** The role editor (/operation/userManager/role/jurisdiction/:id): a role's privileges as a tree. */
export function RoleEditorPage() {
  return (
    <PageGate funCode="roles.view">
      <RoleEditor />
    </PageGate>
  );
}

function RoleEditor() {
  const { t, i18n } = useTranslation('operation');
  const lang = useLang();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const roleId = Number(useParams().id);
  const role = useRole(roleId);
  const ownType = useUserInfo().data?.roleType ?? null;
  const canEdit = usePermission('roles.edit');
  const [ticked, setTicked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (role.data) setTicked(role.data.funCodes);
  }, [role.data]);

  const { pathname } = useLocation();
  const name = role.data ? roleDisplayName(role.data, lang) : undefined;
  // The workspace tab and the page say the same: "Role Permissions · Operator" (the tab said the id).
  useTabTitle(name);
  const title = pageTitle(pathname, i18n.t, lang, name);

  if (role.isLoading) return <Spin />;
  const data = role.data;
  if (!data) return null;

  // Core §6: default roles cannot be altered; lower (and equal) roles cannot edit a role's privileges.
  const reason = !canEdit
    ? t('roles.readOnlyNoRight')
    : data.isDefault
      ? t('roles.readOnlyDefault')
      : ownType === null || ownType <= data.roleType
        ? t('roles.readOnlyHigher')
        : null;
  const typeKey = roleTypeName(data.roleType);

  async function save() {
    setSaving(true);
    try {
      await apiCall(updateRoleCall, { roleId, funCodes: ticked });
      await queryClient.invalidateQueries({ queryKey: roleKeys.all });
      void message.success(t('roles.saved'));
    } catch {
      // The client showed the code.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card
      title={title}
      data-testid="role-editor"
      extra={
        <Space>
          <Button onClick={() => navigate('/operation/userManager/role')}>{t('roles.back')}</Button>
          {!reason && (
            <Button type="primary" loading={saving} onClick={save} data-testid="role-save">
              {t('common:save')}
            </Button>
          )}
        </Space>
      }
    >
      <Flex vertical gap={16}>
        <Descriptions size="small" column={3} bordered>
          <Descriptions.Item label={t('roles.name')}>{data.roleName}</Descriptions.Item>
          <Descriptions.Item label={t('roles.type')}>
            {typeKey ? ROLE_TYPE_LABELS[typeKey][lang] : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('roles.userCount')}>{data.userCount}</Descriptions.Item>
        </Descriptions>
        {reason && <Alert type="info" showIcon title={reason} data-testid="role-read-only" />}
        <PermissionTree
          grantable={data.grantable}
          value={ticked}
          onChange={setTicked}
          disabled={reason !== null}
          lang={lang}
        />
      </Flex>
    </Card>
  );
}
