import {
  ALERT_SEVERITY_LABELS,
  type AlertSeverity,
  type DeviceNotification,
  formatDateTime,
  type Lang,
  NOTIFICATION_BIZ_TYPE_LABELS,
} from '@fleetport/contract';
import { Badge, Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { deviceDetailsPath } from '../devices/device-columns.tsx';
import { GroupMembers } from './group-members.tsx';

export const SEVERITY_COLOR: Record<AlertSeverity, string> = {
  critical: 'red',
  major: 'orange',
  minor: 'gold',
  notice: 'blue',
};

/** The notification table's columns; unread rows carry a dot and a "Mark read" button. */
export function notificationColumns(
  t: TFunction,
  lang: Lang,
  markRead: (id: number) => void,
): ColumnsType<DeviceNotification> {
  return [
    {
      key: 'at',
      dataIndex: 'at',
      title: t('field.at'),
      render: (at: number) => formatDateTime(at),
      width: 180,
    },
    {
      key: 'sn',
      dataIndex: 'sn',
      title: t('field.sn'),
      // A grouped notification has no one device: it opens to its devices instead.
      render: (sn: string, row) =>
        sn ? (
          <Link to={deviceDetailsPath(sn)} data-testid={`noti-sn-${sn}`}>
            {sn}
          </Link>
        ) : (
          <GroupMembers groupId={row.id} count={Number(row.extend.count ?? 0)} />
        ),
    },
    { key: 'deviceName', dataIndex: 'deviceName', title: t('field.device') },
    {
      key: 'bizType',
      dataIndex: 'bizType',
      title: t('field.kind'),
      render: (k: DeviceNotification['bizType']) => NOTIFICATION_BIZ_TYPE_LABELS[k][lang],
    },
    {
      key: 'severity',
      dataIndex: 'severity',
      title: t('field.severity'),
      render: (s: AlertSeverity) => <Tag color={SEVERITY_COLOR[s]}>{ALERT_SEVERITY_LABELS[s][lang]}</Tag>,
    },
    { key: 'content', dataIndex: 'content', title: t('field.content') },
    {
      key: 'checked',
      dataIndex: 'checked',
      title: t('field.state'),
      render: (checked: boolean, row) =>
        checked ? (
          <Badge status="default" text={t('read')} />
        ) : (
          <Button
            size="small"
            type="link"
            onClick={() => markRead(row.id)}
            data-testid={`noti-mark-${row.id}`}
            icon={<Badge status="processing" />}
          >
            {t('markRead')}
          </Button>
        ),
    },
  ];
}
