import { useQueryClient } from '@tanstack/react-query';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLive } from '../../api/live.ts';
import { useUnreadAlerts } from './alert-queries.ts';

/** The caller's unread firing alerts beside the Alert centre menu entry, kept live by `alerts.changed`. */
export function UnreadAlertsBadge() {
  const { t } = useTranslation('alerts');
  useLive(useQueryClient());
  const total = useUnreadAlerts().data?.total ?? 0;
  return (
    <Badge
      count={total}
      overflowCount={99}
      size="small"
      title={t('unread', { count: total })}
      style={{ marginInlineStart: 8 }}
      data-testid="menu-alerts-badge"
    />
  );
}
