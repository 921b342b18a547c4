import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { InstantMsSchema } from '../rules/time.ts';
import { TotpCodeSchema } from '../rules/two-factor.ts';
import { defineCall } from './define.ts';

/**
 * The open API's clients and usage, as the console manages them (`/rcms/operation/openApi`, features §2;
 * issue 18). The interfaces a client calls are in open-api-interfaces.ts; the guide is docs/api.md
 * "Open API".
 */

/** Where the open API is served, beside (not under) the console API's prefix. */
export const OPEN_API_PREFIX = '/openapi/v1';

/** What a token may do. A client holds a set; a token asks for a subset (`scope` of the token call). */
export const OPEN_API_SCOPES = [
  'devices:read',
  'groups:read',
  'tags:read',
  'alerts:read',
  'actions:read',
  'actions:execute',
  /** The activity log: administrator clients only (610013). */
  'activity:read',
] as const;
export type OpenApiScope = (typeof OPEN_API_SCOPES)[number];

/** Preset scope sets of the client dialog. */
export const OPEN_API_SCOPE_PRESETS = {
  /** Every read, no action. */
  readOnly: ['devices:read', 'groups:read', 'tags:read', 'alerts:read', 'actions:read'],
  /** The devices list and one device, nothing else. */
  devicesOnly: ['devices:read'],
} as const satisfies Record<string, readonly OpenApiScope[]>;

/** Seconds an access token lives. */
export const OPEN_API_TOKEN_SECONDS = 3600;
/** Hours the previous secret still works after a rotation. */
export const OPEN_API_OLD_SECRET_HOURS = 24;
/** Token bucket of one client: refills this many calls a second, holds at most `burst`. */
export const OPEN_API_RATE = { perSecond: 12, burst: 12 } as const;
/** Hours an idempotent answer is kept and replayed. */
export const OPEN_API_IDEMPOTENCY_HOURS = 24;
/** Days the calling log is kept. */
export const OPEN_API_LOG_DAYS = 90;
/** Longest range of one usage chart (a month). */
export const OPEN_API_TREND_MAX_DAYS = 31;
/** Longest range of the calling log (three months, 120098 past it). */
export const OPEN_API_LOG_MAX_DAYS = 92;
/** Longest Idempotency-Key. */
export const OPEN_API_IDEMPOTENCY_KEY_MAX = 128;

export const ClientNameSchema = z.string().trim().min(2).max(50);
const ScopesSchema = z.array(z.enum(OPEN_API_SCOPES)).min(1).max(OPEN_API_SCOPES.length);
/** Interface ids of open-api-interfaces.ts (`devices.list` ...); checked by the service (1 when unknown). */
const InterfaceIdsSchema = z.array(z.string().min(1).max(64)).max(100);

export const OpenApiClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The public half of the credentials. */
  clientId: z.string(),
  /** May call administration interfaces (else 610013). */
  isAdmin: z.boolean(),
  /** True: every interface; false: only `interfaces`. */
  allInterfaces: z.boolean(),
  interfaces: z.array(z.string()),
  scopes: z.array(z.enum(OPEN_API_SCOPES)),
  enabled: z.boolean(),
  /** Unix ms until which the secret replaced by the last rotation still works; null when none. */
  previousSecretUntil: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type OpenApiClient = z.infer<typeof OpenApiClientSchema>;

const ClientFieldsSchema = z.strictObject({
  name: ClientNameSchema,
  isAdmin: z.boolean().default(false),
  allInterfaces: z.boolean().default(true),
  interfaces: InterfaceIdsSchema.default([]),
  scopes: ScopesSchema,
  enabled: z.boolean().default(true),
});

/** The secret travels once, in this answer; the platform keeps only its hash. */
export const ClientWithSecretSchema = z.object({
  client: OpenApiClientSchema,
  clientSecret: z.string(),
});

const ClientIdInput = z.strictObject({ id: z.number().int().positive() });

/**
 * A current code from the caller's authenticator app, asked when the caller has two-factor sign-in on
 * (610031 without it, 610022/610023 when wrong): a stolen session alone cannot mint API credentials.
 */
const SecondFactorInput = { twoFactorCode: TotpCodeSchema.optional() };

export const listOpenApiClientsCall = defineCall({
  id: 'openApi.listClients',
  method: 'POST',
  path: '/pl/openApi/client/list',
  input: z.strictObject({}),
  output: z.array(OpenApiClientSchema),
  permission: 'openApi.view',
  adminOnly: true,
  summary: "The company's open API clients",
});

export const createOpenApiClientCall = defineCall({
  id: 'openApi.createClient',
  method: 'POST',
  path: '/pl/openApi/client/create',
  input: ClientFieldsSchema.extend(SecondFactorInput),
  output: ClientWithSecretSchema,
  permission: 'openApi.create',
  adminOnly: true,
  mutates: true,
  summary:
    'Create a client; its secret is answered once (610010 name exists; 610031 when a creator with two-factor on sends no code)',
});

export const updateOpenApiClientCall = defineCall({
  id: 'openApi.updateClient',
  method: 'POST',
  path: '/pl/openApi/client/update',
  input: ClientFieldsSchema.extend({ id: z.number().int().positive() }),
  output: OpenApiClientSchema,
  permission: 'openApi.edit',
  adminOnly: true,
  mutates: true,
  summary:
    'Edit a client; disabling it or narrowing its scopes ends its tokens immediately; 610011 when unknown',
});

export const rotateOpenApiSecretCall = defineCall({
  id: 'openApi.rotateSecret',
  method: 'POST',
  path: '/pl/openApi/client/rotateSecret',
  input: ClientIdInput.extend(SecondFactorInput),
  output: ClientWithSecretSchema,
  permission: 'openApi.edit',
  adminOnly: true,
  mutates: true,
  summary:
    'New secret, answered once; the old one gets tokens 24 h more, the tokens issued so far end now (610031 as for create)',
});

export const deleteOpenApiClientCall = defineCall({
  id: 'openApi.deleteClient',
  method: 'POST',
  path: '/pl/openApi/client/delete',
  input: ClientIdInput,
  output: z.null(),
  permission: 'openApi.remove',
  adminOnly: true,
  mutates: true,
  summary: 'Delete a client with its tokens (its calling log stays for its 90 days)',
});

/** Unix ms range of the usage calls; `to` inclusive. */
const RangeSchema = z.strictObject({
  from: InstantMsSchema,
  to: InstantMsSchema,
  /** One client's calls (its `id`), or every client of the company. */
  clientId: z.number().int().positive().optional(),
});

export const UsageDaySchema = z.object({
  /** Unix ms of the day's start in the caller's time zone (`timeZoneOffset` header). */
  day: z.number().int(),
  calls: z.number().int(),
  /** Answers other than 2xx. */
  failed: z.number().int(),
});

export const openApiUsageTrendCall = defineCall({
  id: 'openApi.usageTrend',
  method: 'POST',
  path: '/pl/openApi/usage/trend',
  input: RangeSchema,
  output: z.array(UsageDaySchema),
  permission: 'openApi.view',
  adminOnly: true,
  summary: 'Calls per day over at most a month (120098 past it)',
});

export const UsageRankSchema = z.object({
  interfaceId: z.string(),
  calls: z.number().int(),
  failed: z.number().int(),
  /** Mean duration in ms. */
  averageMs: z.number().int(),
});

export const openApiUsageRankingCall = defineCall({
  id: 'openApi.usageRanking',
  method: 'POST',
  path: '/pl/openApi/usage/ranking',
  input: RangeSchema,
  output: z.array(UsageRankSchema),
  permission: 'openApi.view',
  adminOnly: true,
  summary: 'Interfaces by calls over at most a month, most called first (120098 past it)',
});

export const CallLogRowSchema = z.object({
  id: z.number().int(),
  at: z.number().int(),
  clientName: z.string(),
  clientId: z.string(),
  /** Interface id, or `oauth.token` for the token call, or `unknown` for a path no interface serves. */
  interfaceId: z.string(),
  method: z.string(),
  path: z.string(),
  /** HTTP status of the answer. */
  status: z.number().int(),
  /** Envelope code (0 success). */
  code: z.number().int(),
  durationMs: z.number().int(),
});
export type CallLogRow = z.infer<typeof CallLogRowSchema>;

export const CallLogFilterSchema = PageQuerySchema.extend({
  from: InstantMsSchema,
  to: InstantMsSchema,
  clientId: z.number().int().positive().optional(),
  interfaceId: z.string().trim().max(64).optional(),
  /** Successful (2xx) or failed answers only. */
  outcome: z.enum(['success', 'failure']).optional(),
}).strict();

export const openApiCallLogCall = defineCall({
  id: 'openApi.callLog',
  method: 'POST',
  path: '/pl/openApi/usage/log',
  input: CallLogFilterSchema,
  output: pageSchema(CallLogRowSchema),
  permission: 'openApi.view',
  adminOnly: true,
  paged: true,
  summary: 'The calling log, newest first, over at most three months (120098 past it)',
});

export const OPEN_API_CALLS = [
  listOpenApiClientsCall,
  createOpenApiClientCall,
  updateOpenApiClientCall,
  rotateOpenApiSecretCall,
  deleteOpenApiClientCall,
  openApiUsageTrendCall,
  openApiUsageRankingCall,
  openApiCallLogCall,
] as const;
