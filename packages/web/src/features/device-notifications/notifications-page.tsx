import type { DeviceNotification } from '@fleetport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Card, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onLiveMessage, useLive } from '../../api/live.ts';
import { PageGate } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { IndexTable } from '../../widgets/index-table.tsx';
import { notificationColumns } from './notification-columns.tsx';
import { NotificationFilters } from './notification-filters.tsx';
import {
  type NotificationFilter,
  useMarkRead,
  useNotifications,
  useUnreadNotifications,
} from './notification-queries.ts';

/**
 * Device notifications (robustlink/noti): what happened to the company's devices, newest first, with
 * the reader's own read state. New ones arrive over the live socket and refresh the list and badge.
 * Calls need `devices.view` (contract device-notifications.ts), so the page asks the same.
 */
export function NotificationsPage() {
  return (
    <PageGate funCode="devices.view">
      <Notifications />
    </PageGate>
  );
}

function Notifications() {
  const { t } = useTranslation('deviceNotifications');
  const lang = useLang();
  const { message } = App.useApp();
  useLive(useQueryClient());
  const [filter, setFilter] = useState<NotificationFilter>({});
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 20 });
  const [selected, setSelected] = useState<number[]>([]);
  const list = useNotifications(filter, paging);
  const unread = useUnreadNotifications();
  const mark = useMarkRead();
  // "Mark all read" covers what this console has seen, so one arriving meanwhile stays unread.
  const newestSeen = useRef<number | undefined>(undefined);
  const rows = list.data?.data?.list ?? [];
  for (const row of rows) newestSeen.current = Math.max(newestSeen.current ?? 0, row.id);
  useEffect(
    () =>
      onLiveMessage((m) => {
        if (m.type === 'notifications.new')
          newestSeen.current = Math.max(newestSeen.current ?? 0, m.latestId);
      }),
    [],
  );

  const markSome = (ids: number[]) =>
    mark.some.mutate(ids, {
      onSuccess: (r) => {
        setSelected([]);
        void message.success(t('marked', { count: r.marked }));
      },
    });
  const columns = notificationColumns(t, lang, (id) => markSome([id]));
  const unreadCount = unread.data?.total ?? 0;

  return (
    <Card
      data-testid="notifications"
      title={
        <Space>
          {t('title')}
          <Badge count={unreadCount} overflowCount={999} data-testid="noti-unread" />
        </Space>
      }
      extra={
        <Space>
          <Button
            disabled={selected.length === 0}
            loading={mark.some.isPending}
            onClick={() => markSome(selected)}
            data-testid="noti-mark-selected"
          >
            {t('markSelectedRead', { count: selected.length })}
          </Button>
          <Button
            type="primary"
            disabled={unreadCount === 0}
            loading={mark.all.isPending}
            onClick={() =>
              mark.all.mutate(newestSeen.current, {
                onSuccess: () => void message.success(t('markedAll')),
              })
            }
            data-testid="noti-mark-all"
          >
            {t('markAllRead')}
          </Button>
        </Space>
      }
    >
      <NotificationFilters
        lang={lang}
        onApply={(f) => {
          setPaging((p) => ({ ...p, pageNum: 1 }));
          setSelected([]);
          setFilter(f);
        }}
      />
      <IndexTable<DeviceNotification>
        rowKey="id"
        data-testid="noti-table"
        loading={list.isLoading}
        columns={columns}
        dataSource={rows}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          getCheckboxProps: (row) => ({ disabled: row.checked }),
        }}
        onRow={(row) => ({
          'data-testid': `noti-row-${row.id}`,
          'data-unread': !row.checked,
          style: row.checked ? undefined : { fontWeight: 600, background: 'rgba(22, 119, 255, 0.06)' },
        })}
        locale={{ emptyText: <EmptyState description={t('empty')} /> }}
        pagination={{
          current: paging.pageNum,
          pageSize: paging.pageSize,
          total: list.data?.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('total', { total }),
        }}
        onChange={(page) => setPaging({ pageNum: page.current ?? 1, pageSize: page.pageSize ?? 20 })}
      />
    </Card>
  );
}
