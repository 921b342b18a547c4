import { z } from 'zod';
import { OemAppNameSchema } from '../rules/company.ts';
import { defineCall } from './define.ts';
import { StoredFileSchema } from './files.ts';

/**
 * A partner's own logo and app name (issue 13; features §2 re-seller console, §5 OEM rules, §6): a
 * distributor or re-seller sets them, and the consoles of the companies below it show them in the
 * header and the browser title instead of Fleetport's, the nearest partner's first (docs/decisions.md
 * "Partner branding").
 */

/** Logo and app name, each optional: what is not set shows Fleetport's. */
export const PartnerBrandingSchema = z.object({
  /** 1-20 characters (features §5 OEM app name); null: Fleetport's name. */
  appName: z.string().nullable(),
  /** The logo as uploaded (`kind=oemLogo`: PNG or JPEG, 135x35, under 1024 KB); null: Fleetport's. */
  logo: StoredFileSchema.nullable(),
});
export type PartnerBranding = z.infer<typeof PartnerBrandingSchema>;

export const getBrandingCall = defineCall({
  id: 'branding.get',
  method: 'POST',
  path: '/pl/branding/getBranding',
  input: z.strictObject({}),
  output: PartnerBrandingSchema,
  permission: 'partnerBranding.view',
  summary: "The logo and app name the caller's company shows its customers (distributors and re-sellers)",
});

export const setBrandingCall = defineCall({
  id: 'branding.set',
  method: 'POST',
  path: '/pl/branding/setBranding',
  input: z.strictObject({
    appName: OemAppNameSchema.nullable(),
    /** A file of the company's uploaded with `kind=oemLogo`; null removes the logo. */
    logoFileId: z.number().int().positive().nullable(),
  }),
  output: PartnerBrandingSchema,
  permission: 'partnerBranding.edit',
  mutates: true,
  summary:
    "Set the logo and app name the company's customers see (not a partner, 15041; not a PNG or JPEG OEM logo of the company, 15042)",
});

/** What a console shows in its header and title: the nearest partner's branding, or none. */
export const ConsoleBrandingSchema = z.object({
  appName: z.string().nullable(),
  /** The VPN console's name, when the company or its nearest partner set one. */
  vpnName: z.string().nullable(),
  /** Relative to the server, served without a ticket (an <img> sends none); null: Fleetport's logo. */
  logoUrl: z.string().nullable(),
});
export type ConsoleBranding = z.infer<typeof ConsoleBrandingSchema>;

export const consoleBrandingCall = defineCall({
  id: 'branding.console',
  method: 'POST',
  path: '/pl/branding/getConsoleBranding',
  input: z.strictObject({}),
  output: ConsoleBrandingSchema,
  // Every console's header asks, whoever is signed in.
  permission: 'session',
  summary: "The logo and app name of the company's nearest partner that set them (none: Fleetport's)",
});

export const brandingLogoCall = defineCall({
  id: 'branding.logo',
  method: 'GET',
  path: '/pl/branding/logo',
  input: z.strictObject({
    /** The logo's random key, changed whenever the partner changes its logo. */
    key: z.string().regex(/^[\w-]{16,64}$/),
  }),
  output: z.unknown(),
  // An <img> sends no ticket. Only a logo a partner uses now is served, under a key nobody can guess.
  permission: 'public',
  download: true,
  summary:
    'The bytes of a partner logo in use, as PNG or JPEG by their own signature (never script); any other key is 14064',
});

/**
 * A company's OEM settings (issue 18; core §3 "OEM settings", features §5): the names of its device
 * and VPN consoles, its logo and its e-mail banner. Its own consoles show them, and so do its customers'
 * at any depth when they set none (the nearest partner's); nothing set shows Fleetport's. A partner's
 * branding page sets the same logo and device-console name.
 */
export const OemSettingsSchema = z.object({
  /** The device console's name (core §3 rlinkDisplayName), 1-20 characters; null: Fleetport's. */
  rlinkDisplayName: z.string().nullable(),
  /** The VPN console's name (core §3 rvpnDisplayName), 1-20 characters; null: Fleetport's. */
  rvpnDisplayName: z.string().nullable(),
  /** `kind=oemLogo`: PNG or JPEG, 135x35, under 1024 KB. */
  logo: StoredFileSchema.nullable(),
  /** `kind=emailBanner`: PNG or JPEG, 600x235, under 2 MB; heads the company's e-mails. */
  banner: StoredFileSchema.nullable(),
});
export type OemSettings = z.infer<typeof OemSettingsSchema>;

export const getOemSettingCall = defineCall({
  id: 'branding.getOem',
  method: 'POST',
  path: '/pl/oem/getOemSetting',
  input: z.strictObject({}),
  output: OemSettingsSchema,
  permission: 'oem.view',
  summary: "The company's own OEM settings: console names, logo and e-mail banner",
});

export const setOemSettingCall = defineCall({
  id: 'branding.setOem',
  method: 'POST',
  path: '/pl/oem/setOemSetting',
  input: z.strictObject({
    rlinkDisplayName: OemAppNameSchema.nullable(),
    rvpnDisplayName: OemAppNameSchema.nullable(),
    /** A file of the company's uploaded with `kind=oemLogo`; null removes the logo. */
    logoFileId: z.number().int().positive().nullable(),
    /** A file of the company's uploaded with `kind=emailBanner`; null removes the banner. */
    bannerFileId: z.number().int().positive().nullable(),
  }),
  output: OemSettingsSchema,
  permission: 'oem.edit',
  mutates: true,
  summary:
    "Set the company's console names, logo and e-mail banner (a logo not a PNG or JPEG OEM logo of the company, 15042; a banner likewise, 15043)",
});

/**
 * A company's own map keys (issue 18 OEM; features §5 "Map keys"): the JS API key the console's map
 * loads with, the server API key the server's look-ups use, and the hardware key routers use. Sealed
 * at rest, shown masked, checked with the map provider on save (5012 refused, 5011 unreachable). A
 * company without keys uses its nearest partner's, else the platform's (`getCompanyMapConfig`).
 */
export const MAP_KEY_FIELDS = ['jsApiKey', 'serverApiKey', 'hardwareKey'] as const;
export type MapKeyField = (typeof MAP_KEY_FIELDS)[number];

const MapKey = z.string().trim().max(200);

export const MapKeysSchema = z.object({
  /** Each key masked (its last 4 characters at most), null when not set. */
  jsApiKey: z.string().nullable(),
  serverApiKey: z.string().nullable(),
  hardwareKey: z.string().nullable(),
  /** Unix ms of the last save; null when the company set none. */
  updatedAt: z.number().int().nullable(),
});
export type MapKeys = z.infer<typeof MapKeysSchema>;

export const getMapKeysCall = defineCall({
  id: 'branding.getMapKeys',
  method: 'POST',
  path: '/pl/oem/getMapKey',
  input: z.strictObject({}),
  output: MapKeysSchema,
  permission: 'oem.view',
  summary: "The company's own map keys, masked",
});

export const setMapKeysCall = defineCall({
  id: 'branding.setMapKeys',
  method: 'POST',
  path: '/pl/oem/setMapKey',
  input: z.strictObject({
    /** Each key: a new value; omitted or null keeps the saved one; "" removes it. */
    jsApiKey: MapKey.nullable().optional(),
    serverApiKey: MapKey.nullable().optional(),
    hardwareKey: MapKey.nullable().optional(),
  }),
  output: MapKeysSchema,
  permission: 'oem.edit',
  mutates: true,
  summary:
    'Save the map keys; each new key is checked with the map provider (5012 refused, data {field}; 5011 provider unreachable)',
});

/** What a console's map loads with: the JS API key of the company, else its nearest partner's, else none (the platform's). */
export const CompanyMapConfigSchema = z.object({
  /** The browser key (a JS API key is meant for browsers); null: the platform's default map. */
  jsApiKey: z.string().nullable(),
  /** Whose keys: the company's own, a partner's above it, or the platform's. */
  source: z.enum(['own', 'partner', 'platform']),
});
export type CompanyMapConfig = z.infer<typeof CompanyMapConfigSchema>;

export const getCompanyMapConfigCall = defineCall({
  id: 'branding.companyMapConfig',
  method: 'POST',
  path: '/link/map/getCompanyMapConfig',
  input: z.strictObject({}),
  output: CompanyMapConfigSchema,
  permission: 'session',
  summary:
    "The map key the caller's console uses: its company's, else the nearest partner's, else the platform's",
});

export const BRANDING_CALLS = [
  getBrandingCall,
  setBrandingCall,
  consoleBrandingCall,
  brandingLogoCall,
  getOemSettingCall,
  setOemSettingCall,
  getMapKeysCall,
  setMapKeysCall,
  getCompanyMapConfigCall,
] as const;
