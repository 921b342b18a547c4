import { useQueryClient } from '@tanstack/react-query';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLive } from '../../api/live.ts';
import { useUnreadNotifications } from './notification-queries.ts';

/**
 * The caller's unread notifications beside the Notifications menu entry. It keeps the live socket
 * open while the menu shows it: a `notifications.new` refetches the count (api/live.ts), and so does
 * marking read anywhere (useMarkRead); nothing shows while all is read.
 */
export function UnreadNotificationsBadge() {
  const { t } = useTranslation('deviceNotifications');
  useLive(useQueryClient());
  const total = useUnreadNotifications().data?.total ?? 0;
  return (
    <Badge
      count={total}
      overflowCount={99}
      size="small"
      title={t('unread', { count: total })}
      style={{ marginInlineStart: 8 }}
      data-testid="menu-unread-badge"
    />
  );
}
