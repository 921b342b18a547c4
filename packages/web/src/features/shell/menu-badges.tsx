import type { ReactNode } from 'react';
import { UnreadAlertsBadge } from '../alerts/unread-alerts-badge.tsx';
import { UnreadNotificationsBadge } from '../device-notifications/unread-badge.tsx';
import { pathOfPage } from './console-areas.ts';

/**
 * What the left menu shows beside an entry, by the entry's path. An entry the user's menus do not
 * hold is not rendered, so neither is its badge nor the call behind it.
 */
export const MENU_BADGES: Readonly<Record<string, ReactNode>> = {
  [pathOfPage('robustlink', 'noti')]: <UnreadNotificationsBadge />,
  [pathOfPage('robustlink', 'alertCenter')]: <UnreadAlertsBadge />,
};
