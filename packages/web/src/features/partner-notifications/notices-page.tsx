import {
  deleteNoticeCall,
  formatDateTime,
  listNoticesCall,
  NOTICE_STATE_LABELS,
  NOTICE_STATES,
  type NoticeState,
  type PartnerNotice,
  publishNoticeCall,
  unpublishNoticeCall,
} from '@fleetport/contract';
import { App, Button, Popconfirm, Select, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { Can, PageGate } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { FilterSearch } from '../../widgets/list/filter-search.tsx';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';
import { NoticeDialog } from './notice-dialog.tsx';
import { partnerNoticeKeys } from './notice-queries.ts';
import { partnerNotifications } from './partner-notifications.i18n.ts';

addNamespaces({ partnerNotifications });

/** The notification centre of the distributor and re-seller consoles: notices to downstream customers. */
export function NoticesPage() {
  return (
    <PageGate funCode="partnerNotifications.view">
      <Notices />
    </PageGate>
  );
}

function Notices() {
  const { t } = useTranslation('partnerNotifications');
  const lang = useLang();
  const { message } = App.useApp();
  const list = useListQuery(listNoticesCall, { defaults: { pageSize: 10 } });
  const { filters, setFilters } = list;
  const [editing, setEditing] = useState<{ notice: PartnerNotice | null } | null>(null);
  const refresh = { invalidates: [partnerNoticeKeys.notices] };
  const publish = useCallMutation(publishNoticeCall, {
    ...refresh,
    onSuccess: () => message.success(t('notices.publishedDone')),
  });
  const unpublish = useCallMutation(unpublishNoticeCall, {
    ...refresh,
    onSuccess: () => message.success(t('notices.unpublishedDone')),
  });
  const remove = useCallMutation(deleteNoticeCall, {
    ...refresh,
    onSuccess: () => message.success(t('notices.deleted')),
  });

  const columns = useMemo(
    (): ColumnsType<PartnerNotice> => [
      { key: 'name', dataIndex: 'name', title: t('notices.name') },
      { key: 'topic', dataIndex: 'topic', title: t('notices.topic') },
      {
        key: 'customers',
        title: t('notices.audience'),
        render: (_v, notice) =>
          notice.audience === 'all'
            ? t('notices.allCustomers')
            : notice.customers.map((c) => c.companyName).join(', '),
      },
      {
        key: 'state',
        dataIndex: 'state',
        title: t('notices.state'),
        render: (state: NoticeState) => (
          <Tag color={state === 'published' ? 'green' : 'default'}>{NOTICE_STATE_LABELS[state][lang]}</Tag>
        ),
      },
      {
        key: 'updatedAt',
        dataIndex: 'updatedAt',
        title: t('notices.updatedAt'),
        render: (at: number) => formatDateTime(at),
      },
    ],
    [t, lang],
  );

  const actions: ColumnsType<PartnerNotice> = [
    {
      key: 'actions',
      title: t('notices.actions'),
      render: (_v, notice) => {
        const published = notice.state === 'published';
        const locked = published ? t('notices.publishedLocked') : undefined;
        return (
          <Can funCode="partnerNotifications.edit">
            <Space size={0} data-testid={`notice-actions-${notice.noticeId}`}>
              <Tooltip title={locked}>
                <Button type="link" size="small" disabled={published} onClick={() => setEditing({ notice })}>
                  {t('notices.editAction')}
                </Button>
              </Tooltip>
              <Popconfirm
                title={
                  published
                    ? t('notices.unpublishConfirm', { name: notice.name })
                    : t('notices.publishConfirm', { name: notice.name })
                }
                onConfirm={() =>
                  (published ? unpublish : publish).mutateAsync({ noticeId: notice.noticeId }).catch(() => {})
                }
              >
                <Button type="link" size="small">
                  {published ? t('notices.unpublish') : t('notices.publish')}
                </Button>
              </Popconfirm>
              <Popconfirm
                title={t('notices.deleteConfirm', { name: notice.name })}
                okButtonProps={{ danger: true }}
                disabled={published}
                onConfirm={() => remove.mutateAsync({ noticeId: notice.noticeId }).catch(() => {})}
              >
                <Tooltip title={locked}>
                  <Button type="link" size="small" danger disabled={published}>
                    {t('notices.delete')}
                  </Button>
                </Tooltip>
              </Popconfirm>
            </Space>
          </Can>
        );
      },
    },
  ];

  return (
    <>
      <ListPage<PartnerNotice>
        title={t('notices.title')}
        testId="notices-page"
        tableTestId="notices-table"
        rowKey="noticeId"
        list={list}
        columns={columns}
        trailingColumns={actions}
        empty={{
          description: t('notices.empty'),
          action: (
            <Can funCode="partnerNotifications.edit">
              <Button type="primary" onClick={() => setEditing({ notice: null })}>
                {t('notices.create')}
              </Button>
            </Can>
          ),
        }}
        actions={
          <Can funCode="partnerNotifications.edit">
            <Button type="primary" onClick={() => setEditing({ notice: null })} data-testid="notice-create">
              {t('notices.create')}
            </Button>
          </Can>
        }
        filters={
          <>
            <FilterSearch
              value={filters.search}
              onSearch={(search) => setFilters({ search })}
              placeholder={t('notices.searchPlaceholder')}
              testId="notices-search"
            />
            <Select
              allowClear
              placeholder={t('notices.state')}
              value={filters.state}
              onChange={(state?: NoticeState) => setFilters({ state })}
              options={NOTICE_STATES.map((s) => ({ value: s, label: NOTICE_STATE_LABELS[s][lang] }))}
              style={{ width: 140 }}
              data-testid="notices-state"
            />
          </>
        }
      />
      <NoticeDialog
        open={editing !== null}
        notice={editing?.notice ?? null}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
