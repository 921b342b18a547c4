import { PlusOutlined, UserAddOutlined } from '@ant-design/icons';
import {
  formatDateTime,
  INVITATION_STATE_LABELS,
  type InvitationState,
  invitationListCall,
  USER_STATUS,
  type UserRow,
  userListCall,
} from '@fleetport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can, PageGate } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { FilterSearch } from '../../widgets/list/filter-search.tsx';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { type ListRow, useListQuery } from '../../widgets/list/use-list-query.ts';
import { useUserInfo } from '../shell/shell-queries.ts';
import { UserActions } from './user-actions.tsx';
import { InviteDialog, UserDialog } from './user-dialogs.tsx';
import { userKeys } from './user-queries.ts';

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
  const [dialog, setDialog] = useState<{ kind: 'invite' } | { kind: 'user'; user: UserRow | null } | null>(
    null,
  );
  const users = useListQuery(userListCall, { queryKey: userKeys.all });
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
      <ListPage<UserRow>
        title={t('users.title')}
        tableTestId="users-table"
        rowKey="userId"
        list={users}
        columns={columns}
        trailingColumns={[actionColumn]}
        columnsPageName={USERS_PAGE_NAME}
        empty={{ description: t('users.empty') }}
        filters={
          <>
            <FilterSearch
              value={users.filters.keyword}
              onSearch={(keyword) => users.setFilters({ keyword })}
              placeholder={t('users.search')}
              testId="users-search"
            />
            <Select
              allowClear
              value={users.filters.status}
              placeholder={t('users.status')}
              style={{ width: 140 }}
              data-testid="users-status"
              onChange={(status?: 0 | 1) => users.setFilters({ status })}
              options={[
                { value: USER_STATUS.enabled, label: t('users.statusEnabled') },
                { value: USER_STATUS.disabled, label: t('users.statusDisabled') },
              ]}
            />
          </>
        }
        actions={
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
        }
      />
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

type InvitationRow = ListRow<typeof invitationListCall>;

function InvitationsCard({ lang }: { lang: 'en' | 'cn' }) {
  const { t } = useTranslation('operation');
  // A second list on the page: its paging has its own parameters in the address.
  const invitations = useListQuery(invitationListCall, {
    queryKey: [...userKeys.all, 'invitations'],
    urlPrefix: 'invitations',
  });
  const columns = useMemo<ColumnsType<InvitationRow>>(
    () => [
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
    ],
    [t, lang],
  );
  return (
    <ListPage<InvitationRow>
      title={t('invitations.title')}
      tableTestId="invitations-table"
      rowKey="invitationId"
      list={invitations}
      columns={columns}
      empty={{ description: t('invitations.empty') }}
    />
  );
}
