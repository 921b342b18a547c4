import { companyMembersCall, ROLE_TYPE_LABELS, roleTypeName } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendCall } from '../../api/client.ts';
import { useLang } from '../../app/use-lang.ts';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { IndexTable } from '../../widgets/index-table.tsx';

/** The people who belong to the current company. */
export function CompanyMembers() {
  const { t } = useTranslation('operation');
  const lang = useLang();
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const members = useQuery({
    queryKey: ['companyAccount', 'members', paging],
    queryFn: () => sendCall(companyMembersCall, paging),
  });
  return (
    <IndexTable
      rowKey="userId"
      data-testid="company-members"
      loading={members.isLoading}
      dataSource={members.data?.data?.list ?? []}
      locale={{ emptyText: <EmptyState /> }}
      columns={[
        { key: 'userName', dataIndex: 'userName', title: t('users.userName') },
        { key: 'loginAccount', dataIndex: 'loginAccount', title: t('users.loginAccount') },
        { key: 'roleName', dataIndex: 'roleName', title: t('users.role') },
        {
          key: 'roleType',
          dataIndex: 'roleType',
          title: t('roles.type'),
          render: (type: number) => {
            const key = roleTypeName(type);
            return key ? ROLE_TYPE_LABELS[key][lang] : '';
          },
        },
      ]}
      pagination={{
        current: paging.pageNum,
        pageSize: paging.pageSize,
        total: members.data?.data?.total ?? 0,
        showTotal: (total) => t('paging.total', { total }),
      }}
      onChange={(page) => setPaging({ pageNum: page.current ?? 1, pageSize: page.pageSize ?? 10 })}
    />
  );
}
