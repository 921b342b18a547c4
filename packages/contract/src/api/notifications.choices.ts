import { z } from 'zod';
import { ALERT_SEVERITIES, type AlertSeverity } from '../enums/alerts.ts';
import type { Labels } from '../enums/labels.ts';
import { defineCall } from './define.ts';

/**
 * Each person's notification choices (`/operation/notification`, issue 16; docs/decisions.md
 * "Notification choices"): per category of message, per level where the category has levels (alert
 * severities) and per channel, whether the person receives it. A cell the person never chose is on.
 * The channels honour them: the e-mail channel and the hour's digest skip a person who switched e-mail
 * off for the message's category and level; the console's live notices and the alert centre's badge
 * skip alerts of levels the person switched the console off for. Everyone edits only their own.
 */

/** Where a message reaches a person: the console (live notice and badge) or e-mail. */
export const NOTIFICATION_CHANNELS = ['console', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The kinds of message the platform sends people, each with the channels it really uses. */
export const NOTIFICATION_CATEGORIES = ['alerts', 'reports', 'vpnData', 'licences', 'webhooks'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const NOTIFICATION_CATEGORY_SHAPES: Record<
  NotificationCategory,
  { levels: readonly AlertSeverity[] | null; channels: readonly NotificationChannel[] }
> = {
  /** Router alerts (firing, resolved, flapping) of the rules that name the person as a receiver. */
  alerts: { levels: ALERT_SEVERITIES, channels: ['console', 'email'] },
  /** A report run's link, mailed to the person it was generated for. */
  reports: { levels: null, channels: ['email'] },
  /** A VPN group at 80 % or 100 % of its data limit, mailed to the administrators. */
  vpnData: { levels: null, channels: ['email'] },
  /** Insufficient licences, mailed to a partner's customer's administrators. */
  licences: { levels: null, channels: ['email'] },
  /** A webhook destination failing for an hour, mailed to the administrators. */
  webhooks: { levels: null, channels: ['email'] },
};

export const NOTIFICATION_CATEGORY_LABELS: Labels<NotificationCategory> = {
  alerts: { en: 'Router alerts', cn: '路由器告警' },
  reports: { en: 'Reports', cn: '报表' },
  vpnData: { en: 'VPN data usage', cn: 'VPN流量' },
  licences: { en: 'Insufficient licences', cn: '许可证不足' },
  webhooks: { en: 'Failing webhooks', cn: 'Webhook投递失败' },
};

/** Every cell of the table of choices, in display order. */
export function notificationCells(): {
  category: NotificationCategory;
  level: AlertSeverity | null;
  channel: NotificationChannel;
}[] {
  return NOTIFICATION_CATEGORIES.flatMap((category) => {
    const { levels, channels } = NOTIFICATION_CATEGORY_SHAPES[category];
    return (levels ?? [null]).flatMap((level) => channels.map((channel) => ({ category, level, channel })));
  });
}

/** Whether a category takes this level (null for a category without levels) and channel. */
export function isNotificationCell(
  category: NotificationCategory,
  level: AlertSeverity | null,
  channel: NotificationChannel,
): boolean {
  const { levels, channels } = NOTIFICATION_CATEGORY_SHAPES[category];
  const levelOk = levels === null ? level === null : level !== null && levels.includes(level);
  return levelOk && channels.includes(channel);
}

export const NotificationChoiceSchema = z.strictObject({
  category: z.enum(NOTIFICATION_CATEGORIES),
  /** An alert severity for `alerts`; null for the categories without levels. */
  level: z.enum(ALERT_SEVERITIES).nullable(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  enabled: z.boolean(),
});
export type NotificationChoice = z.infer<typeof NotificationChoiceSchema>;

export const SaveNotificationChoicesSchema = z
  .strictObject({
    /** The cells to set; cells not named keep what they were. */
    choices: z.array(NotificationChoiceSchema).min(1).max(notificationCells().length),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.choices.forEach((c, i) => {
      const { levels, channels } = NOTIFICATION_CATEGORY_SHAPES[c.category];
      const levelOk = levels === null ? c.level === null : c.level !== null && levels.includes(c.level);
      if (!levelOk)
        ctx.addIssue({
          code: 'custom',
          path: ['choices', i, 'level'],
          message: levels === null ? `${c.category} has no levels: null` : `one of ${levels.join(', ')}`,
          input: c.level,
        });
      else if (!channels.includes(c.channel))
        ctx.addIssue({
          code: 'custom',
          path: ['choices', i, 'channel'],
          message: `${c.category} is sent by ${channels.join(', ')} only`,
          input: c.channel,
        });
      const key = `${c.category}:${c.level ?? ''}:${c.channel}`;
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['choices', i], message: `${key} is named twice`, input: c });
      seen.add(key);
    });
  });

export const getNotificationChoicesCall = defineCall({
  id: 'notifications.getMyChoices',
  method: 'POST',
  path: '/pl/notification/getMyChoices',
  input: z.strictObject({}),
  /** Every cell of the table, the person's choice or the default (on). */
  output: z.object({ choices: z.array(NotificationChoiceSchema) }),
  permission: 'notificationSettings.view',
  summary: "The caller's own notification choices per category, level and channel (never chosen: on)",
});

export const saveNotificationChoicesCall = defineCall({
  id: 'notifications.saveMyChoices',
  method: 'POST',
  path: '/pl/notification/saveMyChoices',
  input: SaveNotificationChoicesSchema,
  output: z.object({ choices: z.array(NotificationChoiceSchema) }),
  permission: 'notificationSettings.edit',
  mutates: true,
  summary:
    "Set cells of the caller's own notification choices (a category's unknown level or channel: code 1)",
});

export const NOTIFICATION_CHOICE_CALLS = [getNotificationChoicesCall, saveNotificationChoicesCall] as const;
