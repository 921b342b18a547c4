import { sql } from 'kysely';
import type { DbOrTx } from '../../platform/db/open.ts';

/** SQL of the device registry: devices, the import rows a claim is proven against, the claim log. */

export interface DeviceCredentials {
  sn: string;
  companyId: number;
  secretHash: string;
}

export async function findDeviceCredentials(
  db: DbOrTx,
  sns: readonly string[],
): Promise<Map<string, DeviceCredentials>> {
  if (sns.length === 0) return new Map();
  const rows = await db
    .selectFrom('device')
    .select(['sn', 'company_id', 'secret_hash'])
    .where('sn', 'in', [...sns])
    .execute();
  return new Map(rows.map((r) => [r.sn, { sn: r.sn, companyId: r.company_id, secretHash: r.secret_hash }]));
}

/** The companies of the given devices that exist; unknown serial numbers are left out. */
export async function findDeviceCompanies(db: DbOrTx, sns: readonly string[]): Promise<Map<string, number>> {
  if (sns.length === 0) return new Map();
  const rows = await db
    .selectFrom('device')
    .select(['sn', 'company_id'])
    .where('sn', 'in', [...sns])
    .execute();
  return new Map(rows.map((r) => [r.sn, r.company_id]));
}

export interface DeviceImportRow {
  companyId: number;
  sn: string;
  name?: string;
  model?: string;
  mac?: string | null;
  imei?: string | null;
  tags?: string[];
}

/** Adds or replaces import rows (the SN belongs to the company that imported it last). */
export async function upsertDeviceImports(db: DbOrTx, rows: readonly DeviceImportRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('device_import')
    .values(
      rows.map((r) => ({
        company_id: r.companyId,
        sn: r.sn,
        name: r.name ?? '',
        model: r.model ?? '',
        mac: r.mac ?? null,
        imei: r.imei ?? null,
        tags: JSON.stringify(r.tags ?? []),
      })),
    )
    .onConflict((oc) =>
      oc.column('sn').doUpdateSet((eb) => ({
        company_id: eb.ref('excluded.company_id'),
        name: eb.ref('excluded.name'),
        model: eb.ref('excluded.model'),
        mac: eb.ref('excluded.mac'),
        imei: eb.ref('excluded.imei'),
        tags: eb.ref('excluded.tags'),
      })),
    )
    .execute();
}

export async function findDeviceImport(db: DbOrTx, sn: string) {
  return db.selectFrom('device_import').selectAll().where('sn', '=', sn).executeTakeFirst();
}

export async function logClaimAttempt(
  db: DbOrTx,
  entry: {
    sn: string;
    companyId: number | null;
    outcome: 'claimed' | 'refused';
    reason: string | null;
    mac: string | null;
    imei: string | null;
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto('device_claim_log')
    .values({
      sn: entry.sn,
      company_id: entry.companyId,
      outcome: entry.outcome,
      reason: entry.reason,
      mac: entry.mac,
      imei: entry.imei,
      at: entry.at,
    })
    .execute();
}

/** Creates the device of a proven claim, or gives an existing one (a factory reset) a new secret. */
export async function saveClaimedDevice(
  db: DbOrTx,
  device: {
    sn: string;
    companyId: number;
    name: string;
    model: string;
    mac: string | null;
    imei: string | null;
    secretHash: string;
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto('device')
    .values({
      sn: device.sn,
      company_id: device.companyId,
      name: device.name,
      model: device.model,
      mac: device.mac,
      imei: device.imei,
      secret_hash: device.secretHash,
      claimed_at: device.at,
      created_at: device.at,
      updated_at: device.at,
    })
    .onConflict((oc) =>
      oc.column('sn').doUpdateSet({
        company_id: device.companyId,
        secret_hash: device.secretHash,
        claimed_at: device.at,
        updated_at: device.at,
      }),
    )
    .execute();
  await db.updateTable('device_import').set({ claimed_at: device.at }).where('sn', '=', device.sn).execute();
}

/** What a device states about itself in `hello`; absent fields keep their stored value. */
export interface DeviceSelfReport {
  model?: string;
  series?: string;
  firmwareVersion?: string | null;
  appVersion?: string | null;
  capabilities?: unknown;
  mac?: string | null;
  imei?: string | null;
  iccid?: string | null;
  imsi?: string | null;
  ssid?: string | null;
  ip?: string | null;
  routerId?: string | null;
  networkEnv?: string | null;
  connectionType?: string | null;
  activeLink?: string | null;
  simCount?: number;
  keepAlive?: number | null;
  protocolVersion?: number | null;
}

const SELF_REPORT_COLUMNS = {
  model: 'model',
  series: 'series',
  firmwareVersion: 'firmware_version',
  appVersion: 'app_version',
  mac: 'mac',
  imei: 'imei',
  iccid: 'iccid',
  imsi: 'imsi',
  ssid: 'ssid',
  ip: 'ip',
  routerId: 'router_id',
  networkEnv: 'network_env',
  connectionType: 'connection_type',
  activeLink: 'active_link',
  simCount: 'sim_count',
  keepAlive: 'keep_alive',
  protocolVersion: 'protocol_version',
} as const;

export async function saveDeviceSelfReport(db: DbOrTx, sn: string, report: DeviceSelfReport, at: Date) {
  const set: Record<string, unknown> = { updated_at: at, last_seen_at: at };
  for (const [key, column] of Object.entries(SELF_REPORT_COLUMNS)) {
    const value = report[key as keyof DeviceSelfReport];
    if (value !== undefined) set[column] = value;
  }
  if (report.capabilities !== undefined) set.capabilities = JSON.stringify(report.capabilities);
  await db.updateTable('device').set(set).where('sn', '=', sn).execute();
}

/**
 * Records presence changes, one per device and connection (`session`), in one statement; returns
 * the devices whose stored state changed, with what it was before. Going offline only applies to
 * the connection that is online, so a late will of an older one is ignored, whichever server node
 * handles it and in whatever order.
 */
export async function setDevicePresence(
  db: DbOrTx,
  changes: readonly { sn: string; online: boolean; session: string }[],
  at: Date,
): Promise<{ sn: string; companyId: number; wasOnline: boolean }[]> {
  if (changes.length === 0) return [];
  const { rows } = await sql<{ sn: string; company_id: number; was_online: boolean }>`
    with change as (
      select * from unnest(${changes.map((c) => c.sn)}::text[], ${changes.map((c) => c.online)}::boolean[],
                           ${changes.map((c) => c.session)}::text[]) as c(sn, online, session)
    ), before as (
      select d.sn, d.online, d.presence_session from device d join change c on c.sn = d.sn for update of d
    )
    update device d
       set online = c.online, presence_session = c.session, online_changed_at = ${at},
           last_seen_at = ${at}, updated_at = ${at}
      from change c join before b on b.sn = c.sn
     where d.sn = c.sn
       and case when c.online then b.online = false or b.presence_session is distinct from c.session
                else b.online = true and b.presence_session = c.session end
    returning d.sn, d.company_id, b.online as was_online`.execute(db);
  return rows.map((r) => ({ sn: r.sn, companyId: Number(r.company_id), wasOnline: r.was_online }));
}

/**
 * Whether a device on an external broker may be listening for commands now: online, or heard from
 * (its hello, above all) since its presence last changed. The hello is written before it delivers
 * the queue, and a command is inserted before this is asked, so a command made while the device's
 * online presence is still on its way is sent either here or by the hello, never by neither.
 */
export async function isDeviceReachable(db: DbOrTx, sn: string): Promise<boolean> {
  const row = await db
    .selectFrom('device')
    .select(
      sql<boolean>`online or last_seen_at > coalesce(online_changed_at, '-infinity'::timestamptz)`.as(
        'reachable',
      ),
    )
    .where('sn', '=', sn)
    .executeTakeFirst();
  return row?.reachable === true;
}

/** A broker that starts holds no sessions: whatever was online before it stopped is offline now. */
export async function setAllDevicesOffline(db: DbOrTx, at: Date): Promise<number> {
  const result = await db
    .updateTable('device')
    .set({ online: false, online_changed_at: at, updated_at: at })
    .where('online', '=', true)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function touchDevicesLastSeen(db: DbOrTx, sns: readonly string[], at: Date): Promise<void> {
  if (sns.length === 0) return;
  await db
    .updateTable('device')
    .set({ last_seen_at: at })
    .where('sn', '=', sql<string>`any(${sql.val([...sns])}::text[])`)
    .execute();
}

export async function findDevice(db: DbOrTx, sn: string) {
  return db.selectFrom('device').selectAll().where('sn', '=', sn).executeTakeFirst();
}
