import { PlusOutlined, UserAddOutlined } from '@ant-design/icons';
import {
  formatDateTime,
  INVITATION_STATE_LABELS,
  type InvitationState,
  USER_STATUS,
  type UserRow,
} from '@fleetport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can, PageGate } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { IndexTable } from '../../widgets/index-table.tsx';
import { ColumnSettings, usePageColumns } from '../page-columns/page-columns.tsx';
import { useUserInfo } from '../shell/shell-queries.ts';
import { UserActions } from './user-actions.tsx';
import { InviteDialog, UserDialog } from './user-dialogs.tsx';
import { type UserFilter, useInvitationPage, userKeys, useUserPage } from './user-queries.ts';

/** The page name its column preference is stored under. */
export const USERS_PAGE_NAME = 'operation/userManager/user';

/** Users of the current company (/operation/userManager/user): search, paging, invite, create, edit. */
export function UsersPage() {
  return (
    <PageGate funCode="users.view">
      <UsersView />
    </PageGate>
  );
}

function UsersView() {
  const { t } = useTranslation('operation');
  const lang = useLang();
  const queryClient = useQueryClient();
  const selfId = useUserInfo().data?.userId;
  const [filter, setFilter] = useState<UserFilter>({ keyword: '', pageNum: 1, pageSize: 10 });
  const [dialog, setDialog] = useState<{ kind: 'invite' } | { kind: 'user'; user: UserRow | null } | null>(
    null,
  );
  const users = useUserPage(filter);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: userKeys.all });
  const done = () => {
    setDialog(null);
    refresh();
  };

  const columns = useMemo<ColumnsType<UserRow>>(
    () => [
      { key: 'userName', dataIndex: 'userName', title: t('users.userName') },
      { key: 'loginAccount', dataIndex: 'loginAccount', title: t('users.loginAccount') },
      { key: 'roleName', dataIndex: 'roleName', title: t('users.role') },
      {
        key: 'status',
        dataIndex: 'status',
        title: t('users.status'),
        render: (status: number) =>
          status === USER_STATUS.enabled ? (
            <Tag color="green">{t('users.statusEnabled')}</Tag>
          ) : (
            <Tag color="red">{t('users.statusDisabled')}</Tag>
          ),
      },
      {
        key: 'passwordExpiresAt',
        dataIndex: 'passwordExpiresAt',
        title: t('users.passwordExpiresAt'),
        render: (at: number | null) => (at ? formatDateTime(at) : t('users.never')),
      },
      {
        key: 'createdAt',
        dataIndex: 'createdAt',
        title: t('users.createdAt'),
        render: (at: number) => formatDateTime(at),
      },
    ],
    [t],
  );
  const { shown, chosen, choose } = usePageColumns(USERS_PAGE_NAME, columns);
  const actionColumn: ColumnsType<UserRow>[number] = {
    key: 'actions',
    title: t('actions.title'),
    render: (_v, user) => (
      <UserActions
        user={user}
        selfId={selfId}
        onEdit={(u) => setDialog({ kind: 'user', user: u })}
        onChanged={refresh}
      />
    ),
  };

  return (
    <Flex vertical gap={16} data-testid="users-page">
      <Card
        title={t('users.title')}
        extra={
          <Space>
            <Input.Search
              allowClear
              placeholder={t('users.search')}
              data-testid="users-search"
              onSearch={(keyword) => setFilter((f) => ({ ...f, keyword: keyword.trim(), pageNum: 1 }))}
              style={{ width: 240 }}
            />
            <Can funCode="users.create">
              <Button
                icon={<UserAddOutlined />}
                onClick={() => setDialog({ kind: 'invite' })}
                data-testid="users-invite"
              >
                {t('users.invite')}
              </Button>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setDialog({ kind: 'user', user: null })}
                data-testid="users-create"
              >
                {t('users.create')}
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
        <IndexTable<UserRow>
          rowKey="userId"
          data-testid="users-table"
          loading={users.isLoading}
          columns={[...shown, actionColumn]}
          dataSource={users.data?.data?.list ?? []}
          locale={{ emptyText: <EmptyState description={t('users.empty')} /> }}
          pagination={{
            current: filter.pageNum,
            pageSize: filter.pageSize,
            total: users.data?.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('paging.total', { total }),
          }}
          onChange={(page) =>
            setFilter((f) => ({ ...f, pageNum: page.current ?? 1, pageSize: page.pageSize ?? 10 }))
          }
        />
      </Card>
      <InvitationsCard lang={lang} />
      <InviteDialog open={dialog?.kind === 'invite'} onClose={() => setDialog(null)} onDone={done} />
      <UserDialog
        open={dialog?.kind === 'user'}
        user={dialog?.kind === 'user' ? dialog.user : null}
        onClose={() => setDialog(null)}
        onDone={done}
      />
    </Flex>
  );
}

function InvitationsCard({ lang }: { lang: 'en' | 'cn' }) {
  const { t } = useTranslation('operation');
  const [pageNum, setPageNum] = useState(1);
  const invitations = useInvitationPage(pageNum);
  const rows = invitations.data?.data?.list ?? [];
  return (
    <Card title={t('invitations.title')} size="small">
      <IndexTable
        rowKey="invitationId"
        data-testid="invitations-table"
        loading={invitations.isLoading}
        dataSource={rows}
        locale={{ emptyText: <EmptyState description={t('invitations.empty')} /> }}
        columns={[
          { key: 'email', dataIndex: 'email', title: t('users.email') },
          { key: 'roleName', dataIndex: 'roleName', title: t('users.role') },
          {
            key: 'state',
            dataIndex: 'state',
            title: t('invitations.state'),
            render: (state: string) => INVITATION_STATE_LABELS[state as InvitationState]?.[lang] ?? state,
          },
          { key: 'inviterName', dataIndex: 'inviterName', title: t('invitations.inviter') },
          {
            key: 'invitedAt',
            dataIndex: 'invitedAt',
            title: t('invitations.invitedAt'),
            render: (at: number) => formatDateTime(at),
          },
        ]}
        pagination={{ current: pageNum, pageSize: 10, total: invitations.data?.data?.total ?? 0 }}
        onChange={(page) => setPageNum(page.current ?? 1)}
      />
    </Card>
  );
}
