import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
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
  getSplashCall,
  acceptSplashCall,
] as const;
