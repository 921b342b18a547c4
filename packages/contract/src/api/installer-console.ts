import { z } from 'zod';
import { INSTALLER_CONSOLE_STATES } from '../enums/licences.ts';
import { defineCall } from './define.ts';
import { IdempotencyKeySchema } from './licences.ts';

/**
 * The installer console (issue 20; core §2 /installerconsole, §3-§4 installer licence, §7
 * verifyHasLegalLicense, §8 190326-190329; features §1-§9 installer parts). This file holds its
 * licence and its dashboard: the free trial the Super Admin grants once per company, licences applied
 * from the company's pool (OPERATIONS_CONSOLE, 30 days each, one per 5,000 devices), and the freeze
 * of every installer call but these and the settings once access ends (190328).
 */

/** The licence check's answer (core §3: state and salt), with the business state for the banner. */
export const InstallerLicenceAnswerSchema = z.object({
  /** Sealed state (rules/installer-licence.ts): opens to `salt` while the console may be used. */
  state: z.string(),
  /** A fresh salt per answer. */
  salt: z.string(),
  consoleState: z.enum(INSTALLER_CONSOLE_STATES),
  /** When access ends (Unix ms): the later of the paid period and the trial; null when expired. */
  endsAt: z.number().int().nullable(),
});
export type InstallerLicenceAnswer = z.infer<typeof InstallerLicenceAnswerSchema>;

export const verifyInstallerLicenceCall = defineCall({
  id: 'installerConsole.verifyLicence',
  method: 'POST',
  path: '/pl/installerConsoleLicense/verifyHasLegalLicense',
  input: z.strictObject({}),
  output: InstallerLicenceAnswerSchema,
  permission: 'session',
  summary:
    "The company's installer console licence, sealed with a salt; during the free trial it answers 190326 with the same data (banner, days left)",
});

/** The settings page's licence panel. */
export const InstallerLicenceStatusSchema = z.object({
  consoleState: z.enum(INSTALLER_CONSOLE_STATES),
  /** Unix ms; null before the Super Admin granted the trial. */
  trialStartedAt: z.number().int().nullable(),
  trialEndsAt: z.number().int().nullable(),
  /** End of the last paid period (Unix ms), or null. */
  paidUntil: z.number().int().nullable(),
  endsAt: z.number().int().nullable(),
  /** The company's devices, which decide the licences each 30-day period takes. */
  devices: z.number().int(),
  /** Licences one 30-day period takes: one per started 5,000 devices. */
  licencesPerPeriod: z.number().int(),
  /** Unused installer console (OPERATIONS_CONSOLE) licences in the company's pool. */
  licencesAvailable: z.number().int(),
});
export type InstallerLicenceStatus = z.infer<typeof InstallerLicenceStatusSchema>;

export const installerLicenceStatusCall = defineCall({
  id: 'installerConsole.licenceStatus',
  method: 'GET',
  path: '/pl/installerConsoleLicense/getStatus',
  input: z.strictObject({}),
  output: InstallerLicenceStatusSchema,
  permission: 'installerSettings.view',
  summary: 'The installer console licence: trial, paid period, devices and the licences they take',
});

/** Most licences one apply takes (10 years of a company of up to 5,000 devices). */
export const INSTALLER_APPLY_MAX_LICENCES = 120;

export const ApplyInstallerLicenceSchema = z.strictObject({
  /** Licences to take from the pool; a whole number of periods is taken, the rest stays (190329 below one). */
  licences: z.number().int().min(1).max(INSTALLER_APPLY_MAX_LICENCES),
  idempotencyKey: IdempotencyKeySchema,
});

export const applyInstallerLicenceCall = defineCall({
  id: 'installerConsole.applyLicence',
  method: 'POST',
  path: '/pl/installerConsoleLicense/apply',
  input: ApplyInstallerLicenceSchema,
  output: z.object({
    transactionNo: z.string(),
    /** Licences taken from the pool (whole periods). */
    licencesUsed: z.number().int(),
    daysAdded: z.number().int(),
    paidUntil: z.number().int(),
  }),
  permission: 'installerSettings.edit',
  mutates: true,
  summary:
    'Apply installer console licences from the pool: 30 days per period, one licence per started 5,000 devices (190329 fewer, 190302 pool short)',
});

export const grantInstallerTrialCall = defineCall({
  id: 'installerConsole.grantTrial',
  method: 'POST',
  path: '/pl/superAdmin/installerConsole/grantTrial',
  input: z.strictObject({ companyId: z.number().int().positive() }),
  output: z.object({ trialStartedAt: z.number().int(), trialEndsAt: z.number().int() }),
  permission: 'superAdmin',
  mutates: true,
  summary: 'Grant a company the two-month installer console free trial, once (190327 again, 610043 unknown)',
});

/** The installer dashboard's figures over the last COMMERCIAL_WINDOW_DAYS days. */
export const InstallerDashboardSchema = z.object({
  devices: z.number().int(),
  online: z.number().int(),
  /** Bytes up and down over the window, every link. */
  dataUsedBytes: z.number(),
  /** Mean of each device's last reported uptime (seconds since boot) in the window; null with none. */
  averageUptimeSeconds: z.number().nullable(),
});
export type InstallerDashboard = z.infer<typeof InstallerDashboardSchema>;

export const installerDashboardCall = defineCall({
  id: 'installerConsole.dashboard',
  method: 'GET',
  path: '/ic/dashboard/getSummary',
  input: z.strictObject({}),
  output: InstallerDashboardSchema,
  permission: 'installerDashboard.view',
  summary: "The installer dashboard's figures over 30 days (190328 while the console is frozen)",
});

export const INSTALLER_CONSOLE_CALLS = [
  verifyInstallerLicenceCall,
  installerLicenceStatusCall,
  applyInstallerLicenceCall,
  grantInstallerTrialCall,
  installerDashboardCall,
] as const;

/** Calls that answer while the console is frozen: the licence's own and the settings page's. */
export const INSTALLER_CALLS_OPEN_WHEN_FROZEN: ReadonlySet<string> = new Set([
  verifyInstallerLicenceCall.id,
  installerLicenceStatusCall.id,
  applyInstallerLicenceCall.id,
  grantInstallerTrialCall.id,
]);

/** The permission areas of the installer console that freeze with its licence (settings stay open). */
export const INSTALLER_FROZEN_AREAS: ReadonlySet<string> = new Set([
  'installerDashboard',
  'provisioning',
  'installations',
  'techSupport',
  'commercial',
  'systemLog',
  'videos',
]);
