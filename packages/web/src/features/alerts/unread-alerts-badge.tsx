import { useQueryClient } from '@tanstack/react-query';
import { App, Badge } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { onEventNotice, useLive } from '../../api/live.ts';
import { useUnreadAlerts } from './alert-queries.ts';

/**
 * The caller's unread firing alerts beside the Alert centre menu entry, like the Notifications
 * entry's badge: an `alerts.changed` on the live socket refetches it (api/live.ts), and so does
 * marking alerts read in the alert centre; nothing shows while all is read. Each grouped alert message
 * of the console channel (`events.new`) opens one notice.
 */
export function UnreadAlertsBadge() {
  const { t } = useTranslation('shell');
  useLive(useQueryClient());
  const total = useUnreadAlerts().data?.total ?? 0;
  const { notification } = App.useApp();
  // One live notice per grouped alert message (one per rule and 30 s), not one per device.
  useEffect(
    () =>
      onEventNotice((n) => {
        if (!n.type.startsWith('alert.')) return;
        notification.open({
          key: `event-${n.cursor}`,
          type: n.type === 'alert.resolved' ? 'success' : 'warning',
          title: t(`liveAlert.${n.type.slice('alert.'.length)}`, {
            rule: n.ruleName ?? '',
            count: n.devices,
          }),
          placement: 'bottomRight',
        });
      }),
    [notification, t],
  );
  return (
    <Badge
      count={total}
      overflowCount={99}
      size="small"
      title={t('menuBadge.unreadAlerts', { count: total })}
      style={{ marginInlineStart: 8 }}
      data-testid="menu-unread-alerts-badge"
    />
  );
}
