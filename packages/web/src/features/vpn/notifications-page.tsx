import {
  ALERT_SEVERITY_LABELS,
  type DeviceNotification,
  formatDateTime,
  listVpnNotificationsCall,
  markVpnNotificationsReadCall,
  NOTIFICATION_BIZ_TYPE_LABELS,
  VPN_NOTIFICATION_BIZ_TYPES,
} from '@fleetport/contract';
import { App, Badge, Button, Flex, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LIVE_KEYS } from '../../api/live.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { PageGate } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';
import { SEVERITY_COLOR } from '../device-notifications/notification-columns.tsx';
import { vpnConsole } from './vpn-console.i18n.ts';

addNamespaces({ vpnConsole });

/**
 * VPN notifications (core §2 vpn/notifications): what the company was told of its VPN data, a group's
 * limit at 80 % and 100 % and the data pool running low or used up, newest first, with the reader's own
 * read state (the device notifications' rows, VPN kinds only).
 */
export function NotificationsPage() {
  return (
    <PageGate funCode="vpnNotifications.view">
      <Notifications />
    </PageGate>
  );
}

function Notifications() {
  const { t } = useTranslation('vpnConsole');
  const lang = useLang();
  const { message } = App.useApp();
  // Under the notifications key: the bell's and the badge's refresh (a live `notifications.new`) refetch it too.
  const list = useListQuery(listVpnNotificationsCall, {
    queryKey: [...LIVE_KEYS.notifications, 'vpn'],
    defaults: { pageSize: 20 },
  });
  const mark = useCallMutation(markVpnNotificationsReadCall, {
    invalidates: [LIVE_KEYS.notifications],
    onSuccess: (r) => void message.success(t('notifications.marked', { count: r.marked })),
  });
  const f = list.filters;
  return (
    <ListPage<DeviceNotification>
      title={t('notifications.title')}
      testId="vpn-notifications"
      tableTestId="vpn-notifications-table"
      rowKey="id"
      list={list}
      empty={{ description: t('notifications.empty') }}
      selectable={(row) => !row.checked}
      bulkActions={({ keys, clear }) => (
        <Button
          disabled={keys.length === 0}
          loading={mark.isPending}
          onClick={() => mark.mutateAsync({ ids: keys.map(Number) }).then(clear, () => {})}
          data-testid="vpn-noti-mark-selected"
        >
          {t('notifications.markSelected', { count: keys.length })}
        </Button>
      )}
      onRow={(row) => ({
        'data-unread': !row.checked,
        style: row.checked ? undefined : { fontWeight: 600, background: 'rgba(22, 119, 255, 0.06)' },
      })}
      filters={
        <Flex gap={8} wrap>
          <Select
            allowClear
            style={{ minWidth: 180 }}
            placeholder={t('notifications.allKinds')}
            value={f.bizTypes?.[0]}
            onChange={(kind) => list.setFilters({ bizTypes: kind ? [kind] : undefined })}
            options={VPN_NOTIFICATION_BIZ_TYPES.map((k) => ({
              value: k,
              label: NOTIFICATION_BIZ_TYPE_LABELS[k][lang],
            }))}
            data-testid="vpn-noti-kind"
          />
          <Select
            allowClear
            style={{ minWidth: 160 }}
            placeholder={t('notifications.allStates')}
            value={f.read}
            onChange={(read) => list.setFilters({ read })}
            options={[
              { value: 'unread', label: t('notifications.unread') },
              { value: 'read', label: t('notifications.read') },
            ]}
            data-testid="vpn-noti-read"
          />
        </Flex>
      }
      columns={[
        { key: 'at', title: t('notifications.at'), render: (_v, r) => formatDateTime(r.at), width: 180 },
        {
          key: 'kind',
          title: t('notifications.kind'),
          render: (_v, r) => NOTIFICATION_BIZ_TYPE_LABELS[r.bizType][lang],
        },
        {
          key: 'subject',
          title: t('notifications.subject'),
          // A group's limit names the group; the company's data pool has none.
          render: (_v, r) =>
            typeof r.extend.vpnGroupId === 'number' ? (
              <Link to={`/vpn/group/${r.extend.vpnGroupId}`} translate="no">
                {String(r.extend.vpnGroupName ?? r.extend.vpnGroupId)}
              </Link>
            ) : (
              t('notifications.pool')
            ),
        },
        {
          key: 'severity',
          title: t('notifications.severity'),
          render: (_v, r) => (
            <Tag color={SEVERITY_COLOR[r.severity]}>{ALERT_SEVERITY_LABELS[r.severity][lang]}</Tag>
          ),
        },
        { key: 'content', dataIndex: 'content', title: t('notifications.content') },
        {
          key: 'state',
          title: t('notifications.state'),
          render: (_v, r) =>
            r.checked ? (
              <Badge status="default" text={t('notifications.read')} />
            ) : (
              <Button
                size="small"
                type="link"
                icon={<Badge status="processing" />}
                onClick={() => mark.mutate({ ids: [r.id] })}
                data-testid={`vpn-noti-mark-${r.id}`}
              >
                {t('notifications.markRead')}
              </Button>
            ),
        },
      ]}
    />
  );
}
