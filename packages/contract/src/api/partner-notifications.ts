import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import type { Localized } from '../i18n.ts';
import { EmailSchema, plainText } from '../rules/identity.ts';
import { registerRuleMessages } from '../rules/messages.ts';
import { defineCall } from './define.ts';
import { StoredFileSchema } from './files.ts';

/**
 * Partner notifications (core §2 distributor and re-seller consoles: notificationCenter and
 * emailNotifications; operation/notificationCenter for their customers; features §3 "Email
 * notification", "Company email settings", "Notification"). A distributor or re-seller writes notices
 * to its downstream customers and configures the alert e-mails sent to them, through its own SMTP
 * server or the platform's.
 */

registerRuleMessages({
  hostInvalid: {
    en: '{name} must be a host name or IP address (letters, digits, dots and dashes)',
    cn: '{name}必须是主机名或IP地址（字母、数字、点和短横线）',
  },
});

// ---- notices (notification centre) ------------------------------------------------------------------

/** Who a notice reaches: every downstream customer, or the chosen ones. */
export const NOTICE_AUDIENCES = ['all', 'selected'] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];
/** A draft is the partner's alone; a published notice shows in its customers' notification centre. */
export const NOTICE_STATES = ['draft', 'published'] as const;
export type NoticeState = (typeof NOTICE_STATES)[number];

export const NOTICE_NAME_MAX = 64;
export const NOTICE_TOPIC_MAX = 128;
export const NOTICE_CONTENT_MAX = 5000;
/** Customers one notice can name; more read as "all". */
export const NOTICE_CUSTOMERS_MAX = 500;

export const NOTICE_STATE_LABELS: Record<NoticeState, Localized> = {
  draft: { en: 'Draft', cn: '草稿' },
  published: { en: 'Published', cn: '已发布' },
};

/** A downstream customer a notice can be aimed at. */
export const NoticeCustomerSchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
});
export type NoticeCustomer = z.infer<typeof NoticeCustomerSchema>;

export const PartnerNoticeSchema = z.object({
  noticeId: z.number().int(),
  name: z.string(),
  topic: z.string(),
  content: z.string(),
  audience: z.enum(NOTICE_AUDIENCES),
  /** The chosen customers (empty when the audience is all). */
  customers: z.array(NoticeCustomerSchema),
  state: z.enum(NOTICE_STATES),
  /** Unix ms; null for a draft. */
  publishedAt: z.number().int().nullable(),
  updatedAt: z.number().int(),
});
export type PartnerNotice = z.infer<typeof PartnerNoticeSchema>;

/** A notice as written in the partner's form; targets are checked against its downstream customers. */
export const NoticeDraftSchema = z.strictObject({
  name: plainText(1, NOTICE_NAME_MAX),
  topic: plainText(1, NOTICE_TOPIC_MAX),
  content: plainText(1, NOTICE_CONTENT_MAX),
  audience: z.enum(NOTICE_AUDIENCES),
  /** Company ids of downstream customers; only read when the audience is `selected`. */
  customerIds: z.array(z.number().int().positive()).max(NOTICE_CUSTOMERS_MAX).default([]),
});
export type NoticeDraft = z.output<typeof NoticeDraftSchema>;

const NoticeIdInput = z.strictObject({ noticeId: z.number().int().positive() });

export const NoticeListQuerySchema = PageQuerySchema.extend({
  /** Part of the name or topic. */
  search: z.string().trim().max(128).optional(),
  state: z.enum(NOTICE_STATES).optional(),
}).strict();

export const listNoticesCall = defineCall({
  id: 'partnerNotifications.list',
  method: 'POST',
  path: '/pl/partnerNotice/list',
  input: NoticeListQuerySchema,
  output: pageSchema(PartnerNoticeSchema),
  permission: 'partnerNotifications.view',
  paged: true,
  summary: "The partner's notices, newest change first, by name or topic and state",
});

export const noticeCustomersCall = defineCall({
  id: 'partnerNotifications.customers',
  method: 'POST',
  path: '/pl/partnerNotice/customers',
  input: z.strictObject({}),
  output: z.array(NoticeCustomerSchema),
  permission: 'partnerNotifications.view',
  summary: 'The downstream customers a notice can be aimed at',
});

export const createNoticeCall = defineCall({
  id: 'partnerNotifications.create',
  method: 'POST',
  path: '/pl/partnerNotice/add',
  input: NoticeDraftSchema,
  output: PartnerNoticeSchema,
  permission: 'partnerNotifications.edit',
  mutates: true,
  summary:
    'Write a notice as a draft (15003 for an end customer, 15016 when a chosen company is not a downstream customer)',
});

export const updateNoticeCall = defineCall({
  id: 'partnerNotifications.update',
  method: 'POST',
  path: '/pl/partnerNotice/update',
  input: NoticeDraftSchema.extend({ noticeId: z.number().int().positive() }),
  output: PartnerNoticeSchema,
  permission: 'partnerNotifications.edit',
  mutates: true,
  summary: 'Change a draft notice (15011 when published, 15022 when it does not exist)',
});

export const publishNoticeCall = defineCall({
  id: 'partnerNotifications.publish',
  method: 'POST',
  path: '/pl/partnerNotice/publish',
  input: NoticeIdInput,
  output: PartnerNoticeSchema,
  permission: 'partnerNotifications.edit',
  mutates: true,
  summary: 'Publish a draft to its customers (15004 already published, 15008 no customer chosen)',
});

export const unpublishNoticeCall = defineCall({
  id: 'partnerNotifications.unpublish',
  method: 'POST',
  path: '/pl/partnerNotice/unpublish',
  input: NoticeIdInput,
  output: PartnerNoticeSchema,
  permission: 'partnerNotifications.edit',
  mutates: true,
  summary: 'Take a notice back to draft: customers no longer see it (15005 when not published)',
});

export const deleteNoticeCall = defineCall({
  id: 'partnerNotifications.delete',
  method: 'POST',
  path: '/pl/partnerNotice/delete',
  input: NoticeIdInput,
  output: z.null(),
  permission: 'partnerNotifications.edit',
  mutates: true,
  summary: 'Delete a draft notice (15007 when published: unpublish it first)',
});

// ---- the customer's notification centre --------------------------------------------------------------

export const ReceivedNoticeSchema = z.object({
  noticeId: z.number().int(),
  /** The distributor or re-seller that sent it. */
  partnerName: z.string(),
  name: z.string(),
  topic: z.string(),
  content: z.string(),
  publishedAt: z.number().int(),
  /** Whether the signed-in person has opened it. */
  read: z.boolean(),
});
export type ReceivedNotice = z.infer<typeof ReceivedNoticeSchema>;

export const receivedNoticesCall = defineCall({
  id: 'partnerNotifications.received',
  method: 'POST',
  path: '/pl/notificationCenter/list',
  input: PageQuerySchema.extend({
    search: z.string().trim().max(128).optional(),
    unreadOnly: z.boolean().optional(),
  }).strict(),
  output: pageSchema(ReceivedNoticeSchema).extend({ unread: z.number().int() }),
  permission: 'notifications.view',
  paged: true,
  summary:
    "Published notices of the company's partner aimed at it, newest first, with the person's read state",
});

export const markNoticesReadCall = defineCall({
  id: 'partnerNotifications.markRead',
  method: 'POST',
  path: '/pl/notificationCenter/markRead',
  input: z.strictObject({ noticeIds: z.array(z.number().int().positive()).min(1).max(100) }),
  output: z.object({ unread: z.number().int() }),
  permission: 'notifications.view',
  mutates: true,
  summary: 'Marks notices read for the signed-in person (ids the company does not receive are ignored)',
});

// ---- alert e-mails (e-mail notifications) -------------------------------------------------------------

/** Features §3 "Email notification" types. */
export const ALERT_EMAIL_TYPES = [
  'licencesInsufficient',
  'vpnDataExhausted',
  'vpnDataLow',
  'elevatorIot',
] as const;
export type AlertEmailType = (typeof ALERT_EMAIL_TYPES)[number];

export const ALERT_EMAIL_TYPE_LABELS: Record<AlertEmailType, Localized> = {
  licencesInsufficient: { en: 'Insufficient licences', cn: '许可证不足' },
  vpnDataExhausted: { en: 'VPN data exhausted', cn: 'VPN流量耗尽' },
  vpnDataLow: { en: 'VPN data low', cn: 'VPN流量不足' },
  elevatorIot: { en: 'Elevator IoT', cn: '电梯物联网' },
};

export const ALERT_SUBJECT_MAX = 128;
export const SENDER_NAME_MAX = 64;

export const AlertEmailSettingSchema = z.object({
  type: z.enum(ALERT_EMAIL_TYPES),
  /** Null until saved: the platform's subject for the type is used. */
  subject: z.string().nullable(),
  senderName: z.string().nullable(),
  supportEmail: z.string().nullable(),
  /** The 600x235 banner image at the top of the mail. */
  banner: StoredFileSchema.nullable(),
  enabled: z.boolean(),
});
export type AlertEmailSetting = z.infer<typeof AlertEmailSettingSchema>;

/** How the connection to the SMTP server is secured. */
export const SMTP_SECURITY = ['none', 'starttls', 'tls'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];
export const SMTP_SECURITY_LABELS: Record<SmtpSecurity, Localized> = {
  none: { en: 'None', cn: '无' },
  starttls: { en: 'STARTTLS', cn: 'STARTTLS' },
  tls: { en: 'SSL/TLS', cn: 'SSL/TLS' },
};

export const SmtpSettingsSchema = z.object({
  /** The address the mails come from. */
  senderEmail: z.string(),
  host: z.string(),
  port: z.number().int(),
  security: z.enum(SMTP_SECURITY),
  username: z.string(),
  /** A password is stored (encrypted); it is never sent back. */
  passwordSet: z.boolean(),
});
export type SmtpSettings = z.infer<typeof SmtpSettingsSchema>;

export const AlertEmailSettingsSchema = z.object({
  types: z.array(AlertEmailSettingSchema),
  /** Null: alert mails go through the platform's mail server. */
  smtp: SmtpSettingsSchema.nullable(),
});
export type AlertEmailSettings = z.infer<typeof AlertEmailSettingsSchema>;

export const alertEmailSettingsCall = defineCall({
  id: 'partnerNotifications.emailSettings',
  method: 'POST',
  path: '/pl/partnerEmail/getSettings',
  input: z.strictObject({}),
  output: AlertEmailSettingsSchema,
  permission: 'partnerEmails.view',
  summary: "The partner's alert e-mail of each type and its SMTP settings",
});

export const saveAlertEmailCall = defineCall({
  id: 'partnerNotifications.saveEmail',
  method: 'POST',
  path: '/pl/partnerEmail/saveSetting',
  input: z.strictObject({
    type: z.enum(ALERT_EMAIL_TYPES),
    subject: plainText(1, ALERT_SUBJECT_MAX),
    senderName: plainText(1, SENDER_NAME_MAX),
    supportEmail: EmailSchema,
    /** A file uploaded as `emailBanner` (600x235, under 2 MB); null for none. */
    bannerFileId: z.number().int().positive().nullable(),
    enabled: z.boolean(),
  }),
  output: AlertEmailSettingSchema,
  permission: 'partnerEmails.edit',
  mutates: true,
  summary: 'Save one alert e-mail type (15020 when the banner is not an e-mail banner of the company)',
});

/** A company's own SMTP server, as its forms send it (partner e-mail notifications, notification settings). */
export const SmtpFields = {
  senderEmail: EmailSchema,
  host: z
    .string()
    .trim()
    .min(1)
    .max(253)
    .regex(/^[A-Za-z0-9.-]+$/, { error: 'hostInvalid' }),
  port: z.number().int().min(1).max(65535),
  security: z.enum(SMTP_SECURITY),
  username: z.string().trim().max(254).default(''),
  /** Left out, the stored password is kept (the form never shows it). */
  password: z.string().min(1).max(256).optional(),
};

export const saveSmtpCall = defineCall({
  id: 'partnerNotifications.saveSmtp',
  method: 'POST',
  path: '/pl/partnerEmail/saveSmtp',
  input: z.strictObject(SmtpFields),
  output: SmtpSettingsSchema,
  permission: 'partnerEmails.edit',
  mutates: true,
  summary: "Save the company's own SMTP server for its alert e-mails; the password is stored encrypted",
});

export const clearSmtpCall = defineCall({
  id: 'partnerNotifications.clearSmtp',
  method: 'POST',
  path: '/pl/partnerEmail/clearSmtp',
  input: z.strictObject({}),
  output: z.null(),
  permission: 'partnerEmails.edit',
  mutates: true,
  summary: "Forget the company's SMTP server: alert e-mails go through the platform's again",
});

export const testSmtpCall = defineCall({
  id: 'partnerNotifications.testSmtp',
  method: 'POST',
  path: '/pl/partnerEmail/sendTestMail',
  input: z.strictObject({ ...SmtpFields, to: EmailSchema }),
  output: z.null(),
  permission: 'partnerEmails.edit',
  mutates: true,
  summary:
    "Send a test mail through the SMTP settings of the form (the stored password when none is typed); 15021 carries the server's answer",
});

export const PARTNER_NOTIFICATION_CALLS = [
  listNoticesCall,
  noticeCustomersCall,
  createNoticeCall,
  updateNoticeCall,
  publishNoticeCall,
  unpublishNoticeCall,
  deleteNoticeCall,
  receivedNoticesCall,
  markNoticesReadCall,
  alertEmailSettingsCall,
  saveAlertEmailCall,
  saveSmtpCall,
  clearSmtpCall,
  testSmtpCall,
] as const;
