import { type DeviceNotification, deviceNotificationListCall } from '@fleetport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Space } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LIVE_KEYS, onLiveMessage, useLive } from '../../api/live.ts';
import { PageGate } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';
import { notificationColumns } from './notification-columns.tsx';
import { NotificationFilters } from './notification-filters.tsx';
import { useMarkRead, useUnreadNotifications } from './notification-queries.ts';

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
  // Under the notifications key: a live `notifications.new` refetches the page shown.
  const list = useListQuery(deviceNotificationListCall, {
    queryKey: LIVE_KEYS.notifications,
    defaults: { pageSize: 20 },
  });
  const unread = useUnreadNotifications();
  const mark = useMarkRead();
  // "Mark all read" covers what this console has seen, so one arriving meanwhile stays unread.
  const newestSeen = useRef<number | undefined>(undefined);
  for (const row of list.rows) newestSeen.current = Math.max(newestSeen.current ?? 0, row.id);
  useEffect(
    () =>
      onLiveMessage((m) => {
        if (m.type === 'notifications.new')
          newestSeen.current = Math.max(newestSeen.current ?? 0, m.latestId);
      }),
    [],
  );

  const markSome = (ids: number[], done?: () => void) =>
    mark.some.mutate(ids, {
      onSuccess: (r) => {
        done?.();
        void message.success(t('marked', { count: r.marked }));
      },
    });
  const columns = notificationColumns(t, lang, (id) => markSome([id]));
  const unreadCount = unread.data?.total ?? 0;

  return (
    <ListPage<DeviceNotification>
      testId="notifications"
      tableTestId="noti-table"
      rowKey="id"
      title={
        <Space>
          {t('title')}
          <Badge count={unreadCount} overflowCount={999} data-testid="noti-unread" />
        </Space>
      }
      list={list}
      columns={columns}
      empty={{ description: t('empty') }}
      selectable={(row) => !row.checked}
      bulkActions={({ keys, clear }) => (
        <Button
          disabled={keys.length === 0}
          loading={mark.some.isPending}
          onClick={() => markSome(keys.map(Number), clear)}
          data-testid="noti-mark-selected"
        >
          {t('markSelectedRead', { count: keys.length })}
        </Button>
      )}
      actions={
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
      }
      onRow={(row) => ({
        'data-testid': `noti-row-${row.id}`,
        'data-unread': !row.checked,
        style: row.checked ? undefined : { fontWeight: 600, background: 'rgba(22, 119, 255, 0.06)' },
      })}
      filters={<NotificationFilters lang={lang} value={list.filters} onApply={list.setFilters} />}
    />
  );
}
