import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { MacAddressSchema } from '../rules/devices.ts';
import { PortalHostPatternSchema, PortalSessionSettingsSchema } from '../rules/portal.ts';
import { requiredText } from '../rules/rule.ts';
import { defineCall } from './define.ts';
import { StoredFileSchema } from './files.ts';

/**
 * The portal manager (issue 21; features §2-§6, §8, §9): captive portal templates that set the splash
 * page, terms, limits and filtering for all their routers. The images and terms are uploaded first
 * through the file layer (`/pl/file/upload` with kinds `portalBackground`, `portalImage`,
 * `portalTerms`, which check type and size: 1 naming the limit), then named here by id.
 * docs/decisions.md "Portal manager".
 */

export const PORTAL_TEMPLATE_NAME_MAX = 64;
/** Sites (host names, `*.example.com`) a visitor reaches before accepting the terms. */
export const PORTAL_ALLOWED_SITES_MAX = 50;
/** Blocked domains of the content filter (wildcards allowed). */
export const PORTAL_BLOCKED_DOMAINS_MAX = 200;

/** none: accept the terms; accessCode: accept and type the template's code. */
export const PORTAL_AUTH_MODES = ['none', 'accessCode'] as const;
export type PortalAuthMode = (typeof PORTAL_AUTH_MODES)[number];

/** The splash texts in one language; the first language is the default. */
export const PortalLanguageSchema = z.strictObject({
  /** Its name as the switcher shows it ("English", "中文"); unique per template (900108). */
  name: requiredText().max(32),
  /** Accept-Language tag it answers ("en", "zh-CN"); empty when none. */
  locale: z.string().trim().max(16).default(''),
  title: z.string().trim().max(100).default(''),
  introduction: z.string().trim().max(2000).default(''),
  connectButtonText: z.string().trim().max(32).default(''),
  alertMessage: z.string().trim().max(500).default(''),
  /** The terms (.docx under 2 MB, kind `portalTerms`); null when none. */
  termsFileId: z.number().int().positive().nullable().default(null),
});
export type PortalLanguageInput = z.input<typeof PortalLanguageSchema>;

export const PortalTemplateBodySchema = z.strictObject({
  name: requiredText().max(PORTAL_TEMPLATE_NAME_MAX),
  authMode: z.enum(PORTAL_AUTH_MODES).default('none'),
  /** The code visitors type with `accessCode`. */
  accessCode: z.string().trim().max(32).default(''),
  allowedSites: z.array(PortalHostPatternSchema).max(PORTAL_ALLOWED_SITES_MAX).default([]),
  blockedDomains: z.array(PortalHostPatternSchema).max(PORTAL_BLOCKED_DOMAINS_MAX).default([]),
  /** Where a visitor lands after login: http or https (900105). */
  redirectionUrl: z.string().trim().max(4096),
  /** Kind `portalBackground` (JPG, JPEG or PNG under 1024 KB; 1920x1080 recommended); both required (900110). */
  pcBackgroundFileId: z.number().int().positive().nullable(),
  /** Kind `portalBackground` (750x1334 recommended). */
  mobileBackgroundFileId: z.number().int().positive().nullable(),
  /** Kind `portalImage` (a logo; JPG or PNG under 1024 KB); null when none. */
  logoFileId: z.number().int().positive().nullable().default(null),
  /** At most 10 (900107), names unique (900108); at least one. */
  languages: z.array(PortalLanguageSchema).min(1).max(50),
  sessionSettings: PortalSessionSettingsSchema,
});
export type PortalTemplateBody = z.input<typeof PortalTemplateBodySchema>;

export const PortalLanguageViewSchema = z.object({
  name: z.string(),
  locale: z.string(),
  title: z.string(),
  introduction: z.string(),
  connectButtonText: z.string(),
  alertMessage: z.string(),
  terms: StoredFileSchema.nullable(),
});

export const PortalTemplateSchema = z.object({
  portalId: z.number().int(),
  name: z.string(),
  authMode: z.enum(PORTAL_AUTH_MODES),
  accessCode: z.string(),
  allowedSites: z.array(z.string()),
  blockedDomains: z.array(z.string()),
  redirectionUrl: z.string(),
  pcBackground: StoredFileSchema.nullable(),
  mobileBackground: StoredFileSchema.nullable(),
  logo: StoredFileSchema.nullable(),
  languages: z.array(PortalLanguageViewSchema),
  sessionSettings: PortalSessionSettingsSchema,
  /** Raised by every save; routers report the version they run. */
  version: z.number().int(),
  deviceCount: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type PortalTemplate = z.infer<typeof PortalTemplateSchema>;

export const PortalTemplateRowSchema = z.object({
  portalId: z.number().int(),
  name: z.string(),
  authMode: z.enum(PORTAL_AUTH_MODES),
  languages: z.array(z.string()),
  deviceCount: z.number().int(),
  version: z.number().int(),
  updatedAt: z.number().int(),
});
export type PortalTemplateRow = z.infer<typeof PortalTemplateRowSchema>;

export const PortalDeviceSchema = z.object({
  sn: z.string(),
  name: z.string(),
  model: z.string(),
  online: z.boolean(),
  /** The template version the router confirmed; null until it did. */
  appliedVersion: z.number().int().nullable(),
  addedAt: z.number().int(),
});
export type PortalDevice = z.infer<typeof PortalDeviceSchema>;

const PortalIdSchema = z.number().int().positive();
const SnsSchema = z.array(z.string().trim().min(1).max(64)).min(1).max(100);

export const listPortalTemplatesCall = defineCall({
  id: 'portalManager.list',
  method: 'POST',
  path: '/gm/portal/getTemplateList',
  input: PageQuerySchema.extend({ name: z.string().trim().max(64).optional() }).strict(),
  output: pageSchema(PortalTemplateRowSchema),
  permission: 'portalManager.view',
  paged: true,
  summary: "The company's portal templates, newest first, with their routers counted",
});

export const getPortalTemplateCall = defineCall({
  id: 'portalManager.get',
  method: 'POST',
  path: '/gm/portal/getTemplate',
  input: z.strictObject({ portalId: PortalIdSchema }),
  output: PortalTemplateSchema,
  permission: 'portalManager.view',
  summary: 'One template with its files (signed links); 900104 when the company has none of that id',
});

export const createPortalTemplateCall = defineCall({
  id: 'portalManager.create',
  method: 'POST',
  path: '/gm/portal/addTemplate',
  input: PortalTemplateBodySchema,
  output: PortalTemplateSchema,
  permission: 'portalManager.create',
  mutates: true,
  summary:
    'Create a template: 900101 over the per-company limit, 900102 name taken, 900105 redirection URL, ' +
    '900107 over 10 languages, 900108 language names repeated, 900110 a background missing',
});

export const updatePortalTemplateCall = defineCall({
  id: 'portalManager.update',
  method: 'POST',
  path: '/gm/portal/updateTemplate',
  input: PortalTemplateBodySchema.extend({ portalId: PortalIdSchema }),
  output: PortalTemplateSchema,
  permission: 'portalManager.edit',
  mutates: true,
  summary: 'Save a template (the create rules; 900104 when missing); raises its version for the routers',
});

export const deletePortalTemplateCall = defineCall({
  id: 'portalManager.delete',
  method: 'POST',
  path: '/gm/portal/deleteTemplate',
  input: z.strictObject({ portalId: PortalIdSchema }),
  output: z.null(),
  permission: 'portalManager.remove',
  mutates: true,
  summary: 'Remove a template without routers; 900103 (data: { sns }) while routers are attached',
});

export const listPortalDevicesCall = defineCall({
  id: 'portalManager.listDevices',
  method: 'POST',
  path: '/gm/portal/getDeviceList',
  input: PageQuerySchema.extend({ portalId: PortalIdSchema }).strict(),
  output: pageSchema(PortalDeviceSchema),
  permission: 'portalManager.view',
  paged: true,
  summary: "A template's routers",
});

export const addPortalDevicesCall = defineCall({
  id: 'portalManager.addDevices',
  method: 'POST',
  path: '/gm/portal/addDevices',
  input: z.strictObject({ portalId: PortalIdSchema, sns: SnsSchema }),
  output: z.array(PortalDeviceSchema),
  permission: 'portalManager.apply',
  mutates: true,
  summary:
    'Add routers to a template: each needs Captive Portal PRO (120095 on Basic, 190308 on another ' +
    'level: the upgrade dialog); a router on another template is 1 naming `sns` (one template a router)',
});

export const removePortalDevicesCall = defineCall({
  id: 'portalManager.removeDevices',
  method: 'POST',
  path: '/gm/portal/removeDevices',
  input: z.strictObject({ portalId: PortalIdSchema, sns: SnsSchema }),
  output: z.null(),
  permission: 'portalManager.apply',
  mutates: true,
  summary: 'Take routers off a template (unknown ones are ignored)',
});

// ---- pushes, clients, blocking, usage (issue 21, second slice) -----------------------------------

/** A router's copy of one template version: pending until it confirms, then updated or failed. */
export const PORTAL_PUSH_STATES = ['pending', 'updated', 'failed'] as const;
export type PortalPushState = (typeof PORTAL_PUSH_STATES)[number];

export const PortalPushSchema = z.object({
  sn: z.string(),
  deviceName: z.string(),
  version: z.number().int(),
  state: z.enum(PORTAL_PUSH_STATES),
  /** Pending: "Waiting for the device to come online" until it has it; failed: the router's reason. */
  reason: z.string(),
  createdAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
});
export type PortalPush = z.infer<typeof PortalPushSchema>;

export const listPortalPushesCall = defineCall({
  id: 'portalManager.history',
  method: 'POST',
  path: '/gm/portal/getUpdateHistory',
  input: PageQuerySchema.extend({
    portalId: PortalIdSchema,
    sn: z.string().trim().max(64).optional(),
  }).strict(),
  output: pageSchema(PortalPushSchema),
  permission: 'portalManager.view',
  paged: true,
  summary: "A template's update history: each router and version, newest first (900104 when missing)",
});

/** A client MAC as the devices' rule reads it ("AA:BB:CC:DD:EE:FF", dashes or none). */
export const ClientMacSchema = MacAddressSchema;

export const PORTAL_CLIENT_STATUSES = ['normal', 'blocked'] as const;
export type PortalClientStatus = (typeof PORTAL_CLIENT_STATUSES)[number];

export const PortalClientSchema = z.object({
  mac: z.string(),
  /** The name the company gave it ('' when none). */
  name: z.string(),
  /** A randomized (locally administered) MAC: phones make a new one per network. */
  randomized: z.boolean(),
  ip: z.string().nullable(),
  sn: z.string(),
  deviceName: z.string(),
  ssid: z.string().nullable(),
  startedAt: z.number().int(),
  durationSeconds: z.number().int(),
  /** Bytes from the client (RADIUS Acct-Input-Octets) and to it (Acct-Output-Octets). */
  bytesUp: z.number(),
  bytesDown: z.number(),
  status: z.enum(PORTAL_CLIENT_STATUSES),
});
export type PortalClient = z.infer<typeof PortalClientSchema>;

export const PortalClientSessionSchema = PortalClientSchema.omit({ status: true }).extend({
  endedAt: z.number().int().nullable(),
  /** RADIUS Acct-Terminate-Cause (User-Request, Idle-Timeout, Session-Timeout, Admin-Reset, ...). */
  terminateCause: z.string().nullable(),
});
export type PortalClientSession = z.infer<typeof PortalClientSessionSchema>;

export const listPortalClientsCall = defineCall({
  id: 'portalManager.clients',
  method: 'POST',
  path: '/gm/portal/getClientList',
  input: PageQuerySchema.extend({
    portalId: PortalIdSchema,
    mac: z.string().trim().max(32).optional(),
  }).strict(),
  output: pageSchema(PortalClientSchema),
  permission: 'portalManager.view',
  paged: true,
  summary: "Current clients: open RADIUS accounting sessions on the template's routers, newest first",
});

export const listPortalClientHistoryCall = defineCall({
  id: 'portalManager.clientHistory',
  method: 'POST',
  path: '/gm/portal/getClientHistory',
  input: PageQuerySchema.extend({
    portalId: PortalIdSchema,
    mac: z.string().trim().max(32).optional(),
  }).strict(),
  output: pageSchema(PortalClientSessionSchema),
  permission: 'portalManager.view',
  paged: true,
  summary:
    'Client history: every session (open and ended) with its bytes and termination cause, newest first',
});

export const renamePortalClientCall = defineCall({
  id: 'portalManager.renameClient',
  method: 'POST',
  path: '/gm/portal/setClientName',
  input: z.strictObject({ portalId: PortalIdSchema, mac: ClientMacSchema, name: z.string().trim().max(64) }),
  output: z.null(),
  permission: 'portalManager.edit',
  mutates: true,
  summary: 'Name a client of the template (an empty name clears it)',
});

export const blockPortalClientCall = defineCall({
  id: 'portalManager.blockClient',
  method: 'POST',
  path: '/gm/portal/blockClient',
  input: z.strictObject({ portalId: PortalIdSchema, mac: ClientMacSchema }),
  output: z.null(),
  permission: 'portalManager.apply',
  mutates: true,
  summary:
    'Block a client MAC on every router of the template: RADIUS refuses it from now on and a new version ' +
    'goes to the routers, which end its session (900109 when it is blocked already)',
});

export const unblockPortalClientCall = defineCall({
  id: 'portalManager.unblockClient',
  method: 'POST',
  path: '/gm/portal/unblockClient',
  input: z.strictObject({ portalId: PortalIdSchema, mac: ClientMacSchema }),
  output: z.null(),
  permission: 'portalManager.apply',
  mutates: true,
  summary: 'Unblock a client MAC (a new version goes to the routers); one not blocked is left as it is',
});

export const listBlockedPortalClientsCall = defineCall({
  id: 'portalManager.blockedClients',
  method: 'POST',
  path: '/gm/portal/getBlockedClients',
  input: z.strictObject({ portalId: PortalIdSchema }),
  output: z.array(
    z.object({ mac: z.string(), name: z.string(), randomized: z.boolean(), blockedAt: z.number().int() }),
  ),
  permission: 'portalManager.view',
  summary: "The template's blocked client MACs, newest first",
});

export const PORTAL_USAGE_DAYS_MAX = 90;

export const PortalUsagePointSchema = z.object({
  /** Start of the day (UTC, epoch ms). */
  at: z.number().int(),
  sessions: z.number().int(),
  clients: z.number().int(),
  bytesUp: z.number(),
  bytesDown: z.number(),
});
export type PortalUsagePoint = z.infer<typeof PortalUsagePointSchema>;

export const portalUsageCall = defineCall({
  id: 'portalManager.usage',
  method: 'POST',
  path: '/gm/portal/getUsage',
  input: z.strictObject({
    portalId: PortalIdSchema,
    days: z.number().int().min(1).max(PORTAL_USAGE_DAYS_MAX).default(7),
  }),
  output: z.array(PortalUsagePointSchema),
  permission: 'portalManager.view',
  summary: 'Data usage per day of the last `days` days (UTC): sessions started, clients and bytes',
});

export const portalTermsHtmlCall = defineCall({
  id: 'portalManager.termsHtml',
  method: 'POST',
  path: '/gm/portal/getTermsHtml',
  input: z.strictObject({ portalId: PortalIdSchema, language: z.number().int().min(0).max(49) }),
  output: z.object({ html: z.string(), terms: StoredFileSchema.nullable() }),
  permission: 'portalManager.view',
  summary:
    "A language's terms (.docx) as sanitized HTML (mammoth), with the original for download; empty when none",
});

// ---- the public splash page (outside the console) -------------------------------------------------

/** The router's redirect names the visitor: its serial number and the client's MAC. */
export const SplashQuerySchema = z.object({
  /** Letters and digits, 6 to 64 (anything else is 1: the router sent no serial number). */
  sn: z
    .string()
    .trim()
    .min(6)
    .max(64)
    .regex(/^[A-Za-z0-9]+$/),
  mac: z.string().trim().max(32).default(''),
  /** The router's own login address (a LAN or loopback address), where Accept sends the visitor. */
  loginUrl: z.string().trim().max(512).default(''),
});

export const getSplashCall = defineCall({
  id: 'portalManager.splash',
  method: 'GET',
  path: '/gm/portal/splash',
  input: SplashQuerySchema,
  output: z.unknown(),
  permission: 'public',
  download: true,
  summary:
    "The splash page (HTML) of the router's template in the visitor's language; a neutral page for an " +
    'unknown router or one without a template. Rate-limited per address',
});

export const acceptSplashCall = defineCall({
  id: 'portalManager.acceptSplash',
  method: 'POST',
  path: '/gm/portal/splash/accept',
  input: SplashQuerySchema,
  output: z.unknown(),
  permission: 'public',
  download: true,
  form: true,
  summary:
    'Accept the terms: a one-time token bound to the router and the MAC (2 minutes), handed to the ' +
    "router's login address by redirect (its RADIUS User-Password)",
});

export const PORTAL_MANAGER_CALLS = [
  listPortalTemplatesCall,
  getPortalTemplateCall,
  createPortalTemplateCall,
  updatePortalTemplateCall,
  deletePortalTemplateCall,
  listPortalDevicesCall,
  addPortalDevicesCall,
  removePortalDevicesCall,
  listPortalPushesCall,
  listPortalClientsCall,
  listPortalClientHistoryCall,
  renamePortalClientCall,
  blockPortalClientCall,
  unblockPortalClientCall,
  listBlockedPortalClientsCall,
  portalUsageCall,
  portalTermsHtmlCall,
  getSplashCall,
  acceptSplashCall,
] as const;
