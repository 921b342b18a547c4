import { z } from 'zod';
import { defineCall } from './define.ts';

/**
 * The alert centre's badge, apart from alerts.ts: the console's header loads it with the first page, and
 * a bundle takes a module whole, so the rules' and alerts' schemas would come with it.
 */
export const unreadAlertCountCall = defineCall({
  id: 'alerts.unreadCount',
  method: 'POST',
  path: '/link/alert/unreadCount',
  input: z.strictObject({}),
  output: z.object({ total: z.number().int() }),
  permission: 'alerts.view',
  summary: "The caller's unread firing alerts (the alert centre's badge)",
});
