import { useQueryClient } from '@tanstack/react-query';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLive } from '../../api/live.ts';
import { useUnreadAlerts } from './alert-queries.ts';

/**
 * The caller's unread firing alerts beside the Alert centre menu entry, like the Notifications
 * entry's badge: an `alerts.changed` on the live socket refetches it (api/live.ts), and so does
 * marking alerts read in the alert centre; nothing shows while all is read.
 */
export function UnreadAlertsBadge() {
  const { t } = useTranslation('shell');
  useLive(useQueryClient());
  const total = useUnreadAlerts().data?.total ?? 0;
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
