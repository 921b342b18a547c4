import { deviceNotificationListCall, formatDateTime } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, List, Popover, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiCall } from '../../api/client.ts';
import { LIVE_KEYS } from '../../api/live.ts';
import { deviceDetailsPath } from '../devices/device-columns.tsx';

/** A power cut at a big site may take hundreds: the first ones are listed, the rest counted. */
const MEMBERS_SHOWN = 500;

/**
 * A grouped notification ("50 devices went offline") opens to its devices: each links to the device,
 * whose own history keeps its entry. Fetched when opened, under the notifications key so it follows
 * live changes (a group that grows).
 */
export function GroupMembers({ groupId, count }: { groupId: number; count: number }) {
  const { t } = useTranslation('deviceNotifications');
  const [open, setOpen] = useState(false);
  const members = useQuery({
    queryKey: [...LIVE_KEYS.notifications, 'group', groupId],
    queryFn: () => apiCall(deviceNotificationListCall, { groupId, pageSize: MEMBERS_SHOWN }),
    enabled: open,
  });
  const rows = members.data?.list ?? [];
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      title={t('group.title', { count })}
      content={
        <List
          data-testid={`noti-group-list-${groupId}`}
          size="small"
          loading={members.isFetching && rows.length === 0}
          style={{ width: 360, maxHeight: 360, overflow: 'auto' }}
          dataSource={rows}
          renderItem={(n) => (
            <List.Item>
              <Link to={deviceDetailsPath(n.sn)}>{n.deviceName || n.sn}</Link>
              <Typography.Text type="secondary">{formatDateTime(n.at)}</Typography.Text>
            </List.Item>
          )}
          footer={
            (members.data?.total ?? 0) > rows.length
              ? t('group.more', { count: (members.data?.total ?? 0) - rows.length })
              : null
          }
        />
      }
    >
      <Button size="small" type="link" data-testid={`noti-group-${groupId}`}>
        {t('group.show', { count })}
      </Button>
    </Popover>
  );
}
