import {
  formatDateTime,
  markNoticesReadCall,
  type ReceivedNotice,
  receivedNoticesCall,
} from '@fleetport/contract';
import { Badge, Button, Checkbox, Modal, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { PageGate } from '../../app/permissions.tsx';
import { addNamespaces } from '../../i18n/index.ts';
import { FilterSearch } from '../../widgets/list/filter-search.tsx';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';
import { partnerNoticeKeys } from './notice-queries.ts';
import { partnerNotifications } from './partner-notifications.i18n.ts';

addNamespaces({ partnerNotifications });

/** A customer's notification centre (operation/notificationCenter): its partner's published notices. */
export function InboxPage() {
  return (
    <PageGate funCode="notifications.view">
      <Inbox />
    </PageGate>
  );
}

function Inbox() {
  const { t } = useTranslation('partnerNotifications');
  const list = useListQuery(receivedNoticesCall, { defaults: { pageSize: 10 } });
  const { filters, setFilters } = list;
  const unread = list.query.data?.unread ?? 0;
  const [open, setOpen] = useState<ReceivedNotice | null>(null);
  const markRead = useCallMutation(markNoticesReadCall, { invalidates: [partnerNoticeKeys.received] });

  function read(notice: ReceivedNotice) {
    setOpen(notice);
    if (!notice.read) markRead.mutate({ noticeIds: [notice.noticeId] });
  }

  const columns: ColumnsType<ReceivedNotice> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('notices.name'),
      render: (name: string, notice) => (
        <Button
          type="link"
          size="small"
          onClick={() => read(notice)}
          data-testid={`inbox-open-${notice.noticeId}`}
        >
          {notice.read ? name : <Typography.Text strong>{name}</Typography.Text>}
        </Button>
      ),
    },
    { key: 'topic', dataIndex: 'topic', title: t('notices.topic') },
    { key: 'partnerName', dataIndex: 'partnerName', title: t('inbox.from') },
    {
      key: 'publishedAt',
      dataIndex: 'publishedAt',
      title: t('notices.publishedAt'),
      render: (at: number) => formatDateTime(at),
    },
    {
      key: 'read',
      dataIndex: 'read',
      title: t('notices.state'),
      render: (isRead: boolean) => (isRead ? null : <Tag color="blue">{t('inbox.unreadTag')}</Tag>),
    },
  ];

  return (
    <>
      <ListPage<ReceivedNotice>
        title={
          <Badge count={unread} offset={[12, 0]} data-testid="inbox-unread">
            {t('inbox.title')}
          </Badge>
        }
        testId="inbox-page"
        tableTestId="inbox-table"
        rowKey="noticeId"
        list={list}
        columns={columns}
        empty={{ description: t('inbox.empty') }}
        filters={
          <>
            <FilterSearch
              value={filters.search}
              onSearch={(search) => setFilters({ search })}
              placeholder={t('inbox.searchPlaceholder')}
              testId="inbox-search"
            />
            <Checkbox
              checked={filters.unreadOnly === true}
              onChange={(e) => setFilters({ unreadOnly: e.target.checked || undefined })}
              data-testid="inbox-unread-only"
            >
              {t('inbox.unreadOnly')}
            </Checkbox>
            {unread > 0 && (
              <Typography.Text type="secondary">{t('inbox.unread', { count: unread })}</Typography.Text>
            )}
          </>
        }
      />
      <Modal
        open={open !== null}
        title={open?.name}
        onCancel={() => setOpen(null)}
        footer={
          <Button onClick={() => setOpen(null)} data-testid="inbox-close">
            {t('inbox.close')}
          </Button>
        }
      >
        {open && (
          <div data-testid="inbox-notice">
            <Typography.Title level={5}>{open.topic}</Typography.Title>
            <Typography.Paragraph type="secondary">
              {open.partnerName} · {formatDateTime(open.publishedAt)}
            </Typography.Paragraph>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{open.content}</Typography.Paragraph>
          </div>
        )}
      </Modal>
    </>
  );
}
