import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { EmailSchema } from '../rules/identity.ts';
import { defineCall } from './define.ts';
import { NOTIFICATION_CHOICE_CALLS } from './notifications.choices.ts';
import { SmtpFields, SmtpSettingsSchema } from './partner-notifications.ts';

export * from './notifications.choices.ts';

/**
 * Notification channels over the event log (issue 16 "One event log, three channels"; docs/api.md
 * "Webhooks" and docs/decisions.md "Notification channels"). Every alert change, notification and report
 * run is an event of its company, numbered by a per-company cursor; the console, e-mail and each webhook
 * destination read the log from their own cursor.
 *
 * Webhooks belong to the company's administrators (core §6 admin flag): the calls are `adminOnly` and
 * need `notificationSettings.view` to read, `notificationSettings.edit` to change (the notification
 * settings page, `/operation/notification`, holds them).
 */

/** The kinds of event the log holds; a webhook names those it wants. */
export const EVENT_TYPES = [
  /** One rule's firings within 30 s, grouped: `{ruleId, ruleName, level, devices: [{sn, name}]}`. */
  'alert.firing',
  /** One rule's resolutions within 30 s, grouped, same payload. */
  'alert.resolved',
  /** A device of a rule started flapping (one message, then quiet until stable), same payload. */
  'alert.flapping',
  /**
   * Every single state change: `{ruleId, ruleName, level, sn, conditionKey, state, count, value}`, `state`
   * `pending`, `firing`, `resolved`, or `normal` (a pending alert that went away).
   */
  'alert.changed',
  /** A webhook destination has been failing for an hour: `{webhookId, url, failingSince, lastError}`. */
  'webhook.failing',
  /** A report run started: `{reportId, reportName, runId, scheduled}`. */
  'report.generating',
  /** A report run's file is ready: `{reportId, reportName, runId, fileName, userId}` (mailed to that person). */
  'report.ready',
  /** A report run failed: `{reportId, reportName, runId, errorCode}`. */
  'report.failed',
  /**
   * A VPN group reached 80 % of its data limit in a cycle (once per group and cycle): `{vpnGroupId,
   * vpnGroupName, percent, usedBytes, limitBytes, cycle, cycleStart, cycleEnd, code, poolRemainingBytes}`.
   */
  'vpn.dataLow',
  /** A VPN group reached its data limit (once per group and cycle), same payload; `code` null while the pool carries it. */
  'vpn.dataExhausted',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Webhook destinations per company. */
export const WEBHOOKS_MAX = 20;
/** Alert messages a company mails per UTC hour; later ones of the hour go out in one digest after it. */
export const ALERT_MAILS_PER_HOUR = 30;
/** Events per page of a replay. */
export const EVENT_REPLAY_MAX = 500;

/** The headers of every webhook POST (docs/api.md "Webhooks"). */
export const WEBHOOK_HEADERS = {
  signature: 'Fleetport-Signature',
  eventId: 'Fleetport-Event-Id',
  eventType: 'Fleetport-Event-Type',
} as const;

const Id = z.number().int().positive();

export const WebhookInputSchema = z.strictObject({
  /** https:// (http:// only to a loopback address on a server in AUTOMATED_TEST_MODE). */
  url: z.url({ protocol: /^https?$/ }).max(500),
  eventTypes: z.array(z.enum(EVENT_TYPES)).min(1).max(EVENT_TYPES.length),
  enabled: z.boolean().default(true),
});
export type WebhookInput = z.input<typeof WebhookInputSchema>;

export const WebhookSchema = z.object({
  webhookId: z.number().int(),
  url: z.string(),
  eventTypes: z.array(z.enum(EVENT_TYPES)),
  enabled: z.boolean(),
  /** The cursor of the last event delivered (or skipped as not wanted). */
  cursor: z.number().int(),
  /** Unix ms since deliveries fail, null while they succeed. */
  failingSince: z.number().int().nullable(),
  /** Whether the failure has lasted an hour: flagged, and the administrators were told. */
  flagged: z.boolean(),
  lastError: z.string().nullable(),
  /** Unix ms. */
  createdAt: z.number().int(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

export const listWebhooksCall = defineCall({
  id: 'notifications.listWebhooks',
  method: 'POST',
  path: '/pl/webhook/list',
  input: z.strictObject({}),
  output: z.object({ list: z.array(WebhookSchema) }),
  permission: 'notificationSettings.view',
  adminOnly: true,
  summary: "The company's webhook destinations with their delivery state",
});

export const createWebhookCall = defineCall({
  id: 'notifications.createWebhook',
  method: 'POST',
  path: '/pl/webhook/add',
  input: WebhookInputSchema,
  /** `secret` is shown this once; only its sealed form is kept. */
  output: z.object({ webhook: WebhookSchema, secret: z.string() }),
  permission: 'notificationSettings.edit',
  adminOnly: true,
  mutates: true,
  summary: 'Add a webhook destination; answers its signing secret once (800051 limit)',
});

export const updateWebhookCall = defineCall({
  id: 'notifications.updateWebhook',
  method: 'POST',
  path: '/pl/webhook/update',
  input: WebhookInputSchema.extend({ webhookId: Id }),
  output: WebhookSchema,
  permission: 'notificationSettings.edit',
  adminOnly: true,
  mutates: true,
  summary: 'Change a webhook destination (800050 unknown)',
});

export const deleteWebhookCall = defineCall({
  id: 'notifications.deleteWebhook',
  method: 'POST',
  path: '/pl/webhook/delete',
  input: z.strictObject({ webhookId: Id }),
  output: z.null(),
  permission: 'notificationSettings.edit',
  adminOnly: true,
  mutates: true,
  summary: 'Remove a webhook destination with its delivery log (800050 unknown)',
});

export const WebhookDeliverySchema = z.object({
  deliveryId: z.number().int(),
  /** The event's cursor; null for a test delivery. */
  cursor: z.number().int().nullable(),
  eventId: z.string(),
  eventType: z.string(),
  attempt: z.number().int(),
  ok: z.boolean(),
  /** The receiver's HTTP status; null when no answer came. */
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  /** Unix ms. */
  at: z.number().int(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const testWebhookCall = defineCall({
  id: 'notifications.testWebhook',
  method: 'POST',
  path: '/pl/webhook/test',
  input: z.strictObject({ webhookId: Id }),
  output: WebhookDeliverySchema,
  permission: 'notificationSettings.edit',
  adminOnly: true,
  mutates: true,
  summary: 'Send a signed `webhook.test` event now and answer how the receiver took it (800050 unknown)',
});

export const listWebhookDeliveriesCall = defineCall({
  id: 'notifications.listDeliveries',
  method: 'POST',
  path: '/pl/webhook/deliveries',
  input: PageQuerySchema.extend({ webhookId: Id }).strict(),
  output: pageSchema(WebhookDeliverySchema),
  permission: 'notificationSettings.view',
  adminOnly: true,
  paged: true,
  summary: "A webhook's delivery attempts, newest first; kept 30 days (800050 unknown)",
});

export const LoggedEventSchema = z.object({
  /** The company's event number: rises by one per event, never reused. */
  cursor: z.number().int(),
  /** `<companyId>-<cursor>`, the `Fleetport-Event-Id` of its webhook deliveries. */
  id: z.string(),
  type: z.string(),
  payload: z.record(z.string(), z.unknown()),
  /** Unix ms. */
  createdAt: z.number().int(),
});
export type LoggedEvent = z.infer<typeof LoggedEventSchema>;

export const replayEventsCall = defineCall({
  id: 'notifications.events',
  method: 'GET',
  path: '/pl/events',
  input: z.strictObject({
    /** The last cursor the caller has; 0 for the oldest kept. */
    after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
    limit: z.coerce.number().int().min(1).max(EVENT_REPLAY_MAX).default(100),
  }),
  output: z.object({
    list: z.array(LoggedEventSchema),
    /** Pass as `after` for the next page (the last cursor answered, or `after` when none). */
    next: z.number().int(),
    /** True when events after `after` are gone (older than 30 days): the list starts past a gap. */
    gap: z.boolean(),
  }),
  permission: 'notificationSettings.view',
  adminOnly: true,
  summary: "The company's events after a cursor, oldest first (the webhook replay)",
});

export const unsubscribeCall = defineCall({
  id: 'notifications.unsubscribe',
  method: 'GET',
  path: '/pl/notification/unsubscribe',
  input: z.strictObject({ token: z.string().trim().min(1).max(200) }),
  output: z.object({ unsubscribed: z.boolean() }),
  permission: 'public',
  mutates: true,
  summary:
    "The `List-Unsubscribe` link of alert mail: the person gets no more of this company's alert mail " +
    '(a token this server did not sign answers `unsubscribed: false`)',
});

/**
 * RFC 8058 one-click unsubscribe: the mail client POSTs `List-Unsubscribe=One-Click` (a form) to the
 * `List-Unsubscribe` URL, whose query string carries the token. Same effect as the link.
 */
export const unsubscribeOneClickCall = defineCall({
  id: 'notifications.unsubscribeOneClick',
  method: 'POST',
  path: '/pl/notification/unsubscribe',
  input: z.object({
    token: z.string().trim().min(1).max(200),
    'List-Unsubscribe': z.literal('One-Click'),
  }),
  output: z.object({ unsubscribed: z.boolean() }),
  permission: 'public',
  mutates: true,
  form: true,
  summary:
    'RFC 8058 one-click unsubscribe of alert mail: a form post of `List-Unsubscribe=One-Click` to the ' +
    "`List-Unsubscribe` URL (token in its query string); the person gets no more of this company's alert mail",
});

/**
 * The company's own SMTP server for its alert mail (the same settings the partner consoles' e-mail
 * notifications page saves): without one, mail goes through the platform's (`SMTP_URL`). The password
 * is kept sealed and never sent back (`passwordSet`).
 */
export const getMailServerCall = defineCall({
  id: 'notifications.getMailServer',
  method: 'POST',
  path: '/pl/notification/getMailServer',
  input: z.strictObject({}),
  output: SmtpSettingsSchema.nullable(),
  permission: 'notificationSettings.view',
  adminOnly: true,
  summary: "The company's own SMTP server, or null when its mail goes through the platform's",
});

export const saveMailServerCall = defineCall({
  id: 'notifications.saveMailServer',
  method: 'POST',
  path: '/pl/notification/saveMailServer',
  input: z.strictObject(SmtpFields),
  output: SmtpSettingsSchema,
  permission: 'notificationSettings.edit',
  adminOnly: true,
  mutates: true,
  summary: "Save the company's own SMTP server (port 1-65535); the password is kept sealed, never sent back",
});

export const clearMailServerCall = defineCall({
  id: 'notifications.clearMailServer',
  method: 'POST',
  path: '/pl/notification/clearMailServer',
  input: z.strictObject({}),
  output: z.null(),
  permission: 'notificationSettings.edit',
  adminOnly: true,
  mutates: true,
  summary: "Forget the company's SMTP server: its mail goes through the platform's again",
});

export const testMailServerCall = defineCall({
  id: 'notifications.testMailServer',
  method: 'POST',
  path: '/pl/notification/testMailServer',
  input: z.strictObject({ ...SmtpFields, to: EmailSchema }),
  output: z.null(),
  permission: 'notificationSettings.edit',
  adminOnly: true,
  mutates: true,
  summary:
    "Send a test mail through the form's SMTP settings (the stored password when none is typed); 15021 carries the server's answer",
});

export const NOTIFICATION_CALLS = [
  listWebhooksCall,
  createWebhookCall,
  updateWebhookCall,
  deleteWebhookCall,
  testWebhookCall,
  listWebhookDeliveriesCall,
  replayEventsCall,
  unsubscribeCall,
  unsubscribeOneClickCall,
  getMailServerCall,
  saveMailServerCall,
  clearMailServerCall,
  testMailServerCall,
  ...NOTIFICATION_CHOICE_CALLS,
] as const;
