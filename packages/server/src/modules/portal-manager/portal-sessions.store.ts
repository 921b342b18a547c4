import { createHash, randomBytes } from 'node:crypto';
import { PORTAL_SPLASH_TOKEN_SECONDS } from '@fleetport/contract';
import { sql } from 'kysely';
import { type CompanyScope, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/**
 * What RADIUS and the splash page read and write: a router's portal (found by its serial number, the
 * request's NAS-Identifier, before any company is known), blocked clients, one-time splash tokens and
 * the sessions accounting reports.
 */

/** "aa-bb-cc-dd-ee-ff" or "aabb.ccdd.eeff" → "AA:BB:CC:DD:EE:FF"; null when it is no MAC. */
export function normalMac(value: string): string | null {
  const hex = value.replace(/[^0-9a-f]/gi, '');
  if (hex.length !== 12) return null;
  return hex.toUpperCase().match(/../g)!.join(':');
}

/** The router's portal and its sealed secret; the router itself names the company. */
export async function routerPortal(db: DbOrTx, sn: string) {
  return db
    .selectFrom('portal_device')
    .innerJoin('portal_template', 'portal_template.id', 'portal_device.portal_id')
    .select([
      'portal_device.sn',
      'portal_device.company_id',
      'portal_device.portal_id',
      'portal_device.radius_secret',
      'portal_device.radius_secret_next',
      'portal_template.session_settings',
      'portal_template.redirection_url',
      'portal_template.languages',
      'portal_template.name',
      'portal_template.pc_background_file_id',
      'portal_template.mobile_background_file_id',
      'portal_template.auth_mode',
    ])
    .where('portal_device.sn', '=', sn)
    .executeTakeFirst();
}
export type RouterPortal = NonNullable<Awaited<ReturnType<typeof routerPortal>>>;

export async function isBlocked(db: DbOrTx, scope: CompanyScope, portalId: number, mac: string) {
  const row = await db
    .selectFrom('portal_blocked_client')
    .select('mac')
    .where('portal_id', '=', portalId)
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('mac', '=', mac)
    .executeTakeFirst();
  return row !== undefined;
}

export async function blockClient(db: DbOrTx, scope: CompanyScope, portalId: number, mac: string, now: Date) {
  await db
    .insertInto('portal_blocked_client')
    .values({ portal_id: portalId, company_id: owningCompany(scope), mac, blocked_at: now })
    .onConflict((oc) => oc.columns(['portal_id', 'mac']).doNothing())
    .execute();
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A one-time token for this router and client, valid 2 minutes; only its hash is kept. */
export async function issueSplashToken(
  db: DbOrTx,
  scope: CompanyScope,
  sn: string,
  mac: string,
  now: Date,
): Promise<string> {
  const token = randomBytes(18).toString('base64url');
  await db
    .insertInto('portal_splash_token')
    .values({
      token_hash: tokenHash(token),
      company_id: owningCompany(scope),
      sn,
      client_mac: mac,
      expires_at: new Date(now.getTime() + PORTAL_SPLASH_TOKEN_SECONDS * 1000),
      used_at: null,
    })
    .execute();
  // Spent and expired tokens are of no use to anyone: each issue sweeps a few.
  await db
    .deleteFrom('portal_splash_token')
    .where('expires_at', '<', new Date(now.getTime() - PORTAL_SPLASH_TOKEN_SECONDS * 1000))
    .execute();
  return token;
}

/** Spends the token when it was issued for this router and client and is unused and unexpired. */
export async function spendSplashToken(
  db: DbOrTx,
  sn: string,
  mac: string,
  token: string,
  now: Date,
): Promise<boolean> {
  const spent = await db
    .updateTable('portal_splash_token')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash(token))
    .where('sn', '=', sn)
    .where('client_mac', '=', mac)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('token_hash')
    .executeTakeFirst();
  return spent !== undefined;
}

/** Bytes down and up a client used on the template's routers since `since`. */
export async function usageSince(db: DbOrTx, portal: RouterPortal, mac: string, since: Date) {
  const row = await db
    .selectFrom('portal_session')
    .select([
      sql<string>`coalesce(sum(input_octets), 0)`.as('input'),
      sql<string>`coalesce(sum(output_octets), 0)`.as('output'),
    ])
    .where('company_id', '=', portal.company_id)
    .where('portal_id', '=', portal.portal_id)
    .where('client_mac', '=', mac)
    .where('updated_at', '>=', since)
    .executeTakeFirstOrThrow();
  return { input: Number(row.input), output: Number(row.output) };
}

export interface AccountingRecord {
  sn: string;
  acctSessionId: string;
  mac: string;
  ip: string | null;
  userName: string;
  ssid: string | null;
  inputOctets: number;
  outputOctets: number;
  sessionSeconds: number;
  /** Null until Stop. */
  terminateCause: string | null;
  stop: boolean;
}

/** Start, Interim-Update and Stop of one session are one row (keyed by router and Acct-Session-Id). */
export async function recordAccounting(
  db: DbOrTx,
  portal: RouterPortal,
  record: AccountingRecord,
  now: Date,
) {
  const startedAt = new Date(now.getTime() - record.sessionSeconds * 1000);
  await db
    .insertInto('portal_session')
    .values({
      company_id: portal.company_id,
      portal_id: portal.portal_id,
      sn: record.sn,
      acct_session_id: record.acctSessionId,
      client_mac: record.mac,
      client_ip: record.ip,
      user_name: record.userName,
      ssid: record.ssid,
      started_at: startedAt,
      updated_at: now,
      ended_at: record.stop ? now : null,
      input_octets: record.inputOctets,
      output_octets: record.outputOctets,
      session_seconds: record.sessionSeconds,
      terminate_cause: record.terminateCause,
    })
    .onConflict((oc) =>
      oc.columns(['sn', 'acct_session_id']).doUpdateSet((eb) => ({
        updated_at: now,
        // Counters only grow; a repeated or late Interim-Update never takes bytes away.
        input_octets: sql`greatest(${eb.ref('portal_session.input_octets')}, ${eb.ref('excluded.input_octets')})`,
        output_octets: sql`greatest(${eb.ref('portal_session.output_octets')}, ${eb.ref('excluded.output_octets')})`,
        session_seconds: sql`greatest(${eb.ref('portal_session.session_seconds')}, ${eb.ref('excluded.session_seconds')})`,
        client_ip: sql`coalesce(${eb.ref('excluded.client_ip')}, ${eb.ref('portal_session.client_ip')})`,
        ssid: sql`coalesce(${eb.ref('excluded.ssid')}, ${eb.ref('portal_session.ssid')})`,
        ended_at: sql`coalesce(${eb.ref('portal_session.ended_at')}, ${eb.ref('excluded.ended_at')})`,
        terminate_cause: sql`coalesce(${eb.ref('portal_session.terminate_cause')}, ${eb.ref('excluded.terminate_cause')})`,
      })),
    )
    .execute();
}

export async function sessionsOf(db: DbOrTx, scope: CompanyScope, sn: string) {
  return db
    .selectFrom('portal_session')
    .selectAll()
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('sn', '=', sn)
    .orderBy('started_at')
    .execute();
}
