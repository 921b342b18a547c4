import { z } from 'zod';
import { COMPANY_TYPE_VALUES } from '../enums/companies.ts';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { CompanyNameSchema, EmailSchema, plainText } from '../rules/identity.ts';
import { defineCall } from './define.ts';

/**
 * The Super Admin console (issue 18; core §2 /superAdmin, §9 "Remote access features are retired on
 * stated 2026 dates"): every company of the platform, the retirement dates of features, and the
 * platform's health. Only the Super Admin makes these calls (others get 5), apart from
 * `retirements.upcoming`, which any signed-in user reads for the warning banner.
 */

const CompanyId = z.number().int().positive();

/** A company as the Super Admin lists it. */
export const PlatformCompanySchema = z.object({
  companyId: z.number().int(),
  name: z.string(),
  /** 0 end customer, 1 distributor, 2 re-seller. */
  type: z.number().int(),
  /** Disabled by the Super Admin: its people cannot sign in to it, its sessions' calls answer 610041. */
  disabled: z.boolean(),
  /** Unix ms. */
  createdAt: z.number().int(),
  /** People in the company. */
  userCount: z.number().int(),
  /** The owner's sign-in account (the default user), null while the invitation is open. */
  ownerAccount: z.string().nullable(),
});
export type PlatformCompany = z.infer<typeof PlatformCompanySchema>;

export const PlatformCompanyQuerySchema = PageQuerySchema.extend({
  /** Part of the name, any case. */
  keyword: z.string().trim().max(64).optional(),
  type: z
    .number()
    .int()
    .refine((t) => (COMPANY_TYPE_VALUES as readonly number[]).includes(t), 'companyType')
    .optional(),
  state: z.enum(['enabled', 'disabled']).optional(),
}).strict();

export const listPlatformCompaniesCall = defineCall({
  id: 'superAdmin.listCompanies',
  method: 'POST',
  path: '/pl/superAdmin/company/list',
  input: PlatformCompanyQuerySchema,
  output: pageSchema(PlatformCompanySchema),
  permission: 'superAdmin',
  paged: true,
  summary: 'Every company of the platform, newest first, by name part, type and state',
});

export const CreateDistributorSchema = z.strictObject({
  /** Unique on the platform regardless of case (10). */
  name: CompanyNameSchema,
  country: plainText(0, 64).optional(),
  /** Invited to become the distributor's owner (/emailToLogin), as a partner's new customer is. */
  ownerEmail: EmailSchema,
});

export const createDistributorCall = defineCall({
  id: 'superAdmin.createDistributor',
  method: 'POST',
  path: '/pl/superAdmin/company/createDistributor',
  input: CreateDistributorSchema,
  output: z.object({ companyId: z.number().int(), invitationId: z.number().int() }),
  permission: 'superAdmin',
  mutates: true,
  summary: 'Create a distributor (no partner above it) and invite its owner by e-mail (name taken 10)',
});

export const setCompanyDisabledCall = defineCall({
  id: 'superAdmin.setCompanyDisabled',
  method: 'POST',
  path: '/pl/superAdmin/company/setDisabled',
  input: z.strictObject({ companyId: CompanyId, disabled: z.boolean() }),
  output: z.null(),
  permission: 'superAdmin',
  mutates: true,
  summary:
    'Disable a company (its sessions end, sign-in to it and its calls answer 610041) or enable it again (unknown 610043)',
});

/**
 * Features that can be retired (core §9 names remote access, with no dates): each is the contract
 * calls it consists of, by id or id prefix (ending in a dot).
 */
export const RETIRABLE_FEATURES = {
  /** The device's command line from the console. */
  remoteCli: ['remoteActions.cli'],
  /** Packet capture (wireshark trace). */
  packetCapture: ['remoteActions.capture'],
  /** VPN remote access: groups, service clients and their connections. */
  vpnRemoteAccess: ['vpn.'],
} as const satisfies Record<string, readonly string[]>;
export type RetirableFeature = keyof typeof RETIRABLE_FEATURES;
export const RETIRABLE_FEATURE_KEYS = Object.keys(RETIRABLE_FEATURES) as [
  RetirableFeature,
  ...RetirableFeature[],
];
export const RetirableFeatureSchema = z.enum(RETIRABLE_FEATURE_KEYS);

/** The feature a call belongs to, if it can be retired. */
export function retirableFeatureOf(callId: string): RetirableFeature | null {
  for (const key of RETIRABLE_FEATURE_KEYS) {
    const parts: readonly string[] = RETIRABLE_FEATURES[key];
    if (parts.some((p) => (p.endsWith('.') ? callId.startsWith(p) : callId === p))) return key;
  }
  return null;
}

export const FeatureRetirementSchema = z.object({
  feature: RetirableFeatureSchema,
  /** Unix ms: from then on the feature's calls answer 610042. */
  retireAt: z.number().int(),
});
export type FeatureRetirement = z.infer<typeof FeatureRetirementSchema>;

export const listRetirementsCall = defineCall({
  id: 'superAdmin.listRetirements',
  method: 'POST',
  path: '/pl/superAdmin/retirement/list',
  input: z.strictObject({}),
  output: z.array(FeatureRetirementSchema),
  permission: 'superAdmin',
  summary: 'The retirement dates set, earliest first',
});

export const saveRetirementCall = defineCall({
  id: 'superAdmin.saveRetirement',
  method: 'POST',
  path: '/pl/superAdmin/retirement/save',
  input: z.strictObject({
    feature: RetirableFeatureSchema,
    retireAt: z.number().int().positive().max(8_640_000_000_000_000),
  }),
  output: FeatureRetirementSchema,
  permission: 'superAdmin',
  mutates: true,
  summary: "Set (or move) a feature's retirement date",
});

export const removeRetirementCall = defineCall({
  id: 'superAdmin.removeRetirement',
  method: 'POST',
  path: '/pl/superAdmin/retirement/remove',
  input: z.strictObject({ feature: RetirableFeatureSchema }),
  output: z.null(),
  permission: 'superAdmin',
  mutates: true,
  summary: "Take a feature's retirement back: its calls answer again",
});

export const upcomingRetirementsCall = defineCall({
  id: 'superAdmin.upcomingRetirements',
  method: 'POST',
  path: '/pl/retirement/upcoming',
  input: z.strictObject({}),
  output: z.array(FeatureRetirementSchema),
  permission: 'session',
  summary: 'Retirements still ahead, of the features the caller may use (the console warns of them)',
});

export const PlatformHealthSchema = z.object({
  /** Unix ms of the reading. */
  checkedAt: z.number().int(),
  /** Server nodes that wrote a heartbeat in the last 2 minutes; `self` is the one answering. */
  nodes: z.array(
    z.object({
      nodeId: z.string(),
      startedAt: z.number().int(),
      seenAt: z.number().int(),
      self: z.boolean(),
    }),
  ),
  database: z.object({ reachable: z.boolean(), latencyMs: z.number().nullable() }),
  /** The device gateway's broker connection of this node (null: this node runs no gateway). */
  broker: z.object({ reachable: z.boolean() }).nullable(),
  devicesOnline: z.number().int(),
  jobs: z.object({ queued: z.number().int(), running: z.number().int(), failed: z.number().int() }),
  /** This node's answers over the last 15 minutes: how many and how many with a 5xx status. */
  responses: z.object({
    total: z.number().int(),
    serverErrors: z.number().int(),
    windowMinutes: z.number().int(),
  }),
});
export type PlatformHealth = z.infer<typeof PlatformHealthSchema>;

export const platformHealthCall = defineCall({
  id: 'superAdmin.health',
  method: 'POST',
  path: '/pl/superAdmin/health',
  input: z.strictObject({}),
  output: PlatformHealthSchema,
  permission: 'superAdmin',
  summary: 'Nodes, database, broker, devices online, job backlog and the 5xx rate',
});

export const SUPER_ADMIN_CALLS = [
  listPlatformCompaniesCall,
  createDistributorCall,
  setCompanyDisabledCall,
  listRetirementsCall,
  saveRetirementCall,
  removeRetirementCall,
  upcomingRetirementsCall,
  platformHealthCall,
] as const;
