import type { DeviceApp, DeviceUpdate, UpdateKind, UpdateState } from '@fleetport/contract';
import { sql } from 'kysely';
import type { RpcCommandRow } from '../../gateway/rpc.store.ts';
import { type CompanyScope, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/**
 * SQL of a device's software: its updates are the RPC commands that install or remove software, their
 * progress the `updateProgress` events the device tied to each command (docs/device-protocol.md §9).
 * Both are read for a device of the caller's scope.
 */

export const UPDATE_METHODS_BY_KIND: Record<UpdateKind, readonly string[]> = {
  firmware: ['firmwareInstall'],
  app: ['appInstall', 'appUninstall'],
};

interface Progress {
  state: Exclude<UpdateState, 'timeout'>;
  percent: number | null;
  errorCode: number | null;
}

export async function findUpdateCommands(
  db: DbOrTx,
  scope: CompanyScope,
  sn: string,
  kind: UpdateKind,
  offset: number,
  limit: number,
): Promise<{ total: number; rows: RpcCommandRow[] }> {
  const base = db
    .selectFrom('rpc_command')
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('sn', '=', sn)
    .where('method', 'in', [...UPDATE_METHODS_BY_KIND[kind]]);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('created_at', 'desc').orderBy('id').offset(offset).limit(limit).execute(),
  ]);
  return { total: Number(count.n), rows: rows as RpcCommandRow[] };
}

/** The last progress event of each command (by device time, then arrival). */
export async function latestProgress(
  db: DbOrTx,
  sn: string,
  rpcIds: readonly string[],
): Promise<Map<string, Progress>> {
  const found = new Map<string, Progress>();
  if (rpcIds.length === 0) return found;
  const rows = await db
    .selectFrom('device_event')
    .select(['data', 'at', 'id'])
    .where('sn', '=', sn)
    .where('type', '=', 'updateProgress')
    .where(sql<string>`data->>'rpcId'`, 'in', [...rpcIds])
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows) {
    const data = row.data as {
      rpcId: string;
      state: Progress['state'];
      percent?: number;
      errorCode?: number;
    };
    if (found.has(data.rpcId)) continue;
    found.set(data.rpcId, {
      state: data.state,
      percent: data.percent ?? null,
      errorCode: data.errorCode ?? null,
    });
  }
  return found;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** One update as the console shows it: the command's final state, or the device's last progress. */
export function toDeviceUpdate(row: RpcCommandRow, progress: Progress | undefined): DeviceUpdate {
  const params = (row.params ?? {}) as Record<string, unknown>;
  const result = (row.result ?? {}) as Record<string, unknown>;
  const error = (row.error ?? null) as { code?: unknown; message?: unknown } | null;
  const state: UpdateState = row.state === 'inExecution' ? (progress?.state ?? 'pending') : row.state;
  const errorCode =
    typeof error?.code === 'number' ? error.code : state === 'failure' ? (progress?.errorCode ?? null) : null;
  return {
    rpcId: row.id,
    method: row.method,
    state,
    percent: state === 'success' ? 100 : (progress?.percent ?? null),
    version: text(result.version) ?? text(params.version),
    packageName: text(params.packageName),
    name: text(params.name),
    errorCode,
    errorMessage: text(error?.message),
    createdAt: row.created_at.getTime(),
    updatedAt: row.updated_at.getTime(),
  };
}

/** The last app list the device answered, if any. */
export async function lastAppList(
  db: DbOrTx,
  scope: CompanyScope,
  sn: string,
): Promise<{ apps: DeviceApp[]; reportedAt: number } | null> {
  const row = await db
    .selectFrom('rpc_command')
    .select(['result', 'updated_at'])
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('sn', '=', sn)
    .where('method', '=', 'appList')
    .where('state', '=', 'success')
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return { apps: toDeviceApps(row.result), reportedAt: row.updated_at.getTime() };
}

export function toDeviceApps(result: unknown): DeviceApp[] {
  const apps = (result as { apps?: unknown } | null)?.apps;
  if (!Array.isArray(apps)) return [];
  return apps.map((a: Record<string, unknown>) => ({
    packageName: String(a.packageName),
    name: text(a.name) ?? String(a.packageName),
    version: text(a.version) ?? '',
    state: a.state === 'stopped' ? 'stopped' : 'running',
    sizeKb: typeof a.sizeKb === 'number' ? a.sizeKb : null,
  }));
}

const INSTALL_METHODS = ['firmwareInstall', 'appInstall', 'appUninstall'];

/** An install or uninstall of the device still open (before its deadline), if any. */
export async function runningUpdate(
  db: DbOrTx,
  scope: CompanyScope,
  sn: string,
  now: Date,
): Promise<boolean> {
  return (await runningUpdates(db, scope, [sn], now)).has(sn);
}

/** `runningUpdate` of many devices in one statement: the SNs with an install still open. */
export async function runningUpdates(
  db: DbOrTx,
  scope: CompanyScope,
  sns: readonly string[],
  now: Date,
): Promise<Set<string>> {
  if (sns.length === 0) return new Set();
  const rows = await db
    .selectFrom('rpc_command')
    .select('sn')
    .distinct()
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('sn', 'in', [...sns])
    .where('method', 'in', INSTALL_METHODS)
    .where('state', '=', 'inExecution')
    .where('deadline', '>', now)
    .execute();
  return new Set(rows.map((r) => r.sn));
}

/** When each device's last install was sent (the 15-minute spacing of 120072). */
export async function lastUpdateStarts(
  db: DbOrTx,
  scope: CompanyScope,
  sns: readonly string[],
): Promise<Map<string, Date>> {
  if (sns.length === 0) return new Map();
  const rows = await db
    .selectFrom('rpc_command')
    .select(['sn', (eb) => eb.fn.max('created_at').as('last')])
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('sn', 'in', [...sns])
    .where('method', 'in', ['firmwareInstall', 'appInstall'])
    .groupBy('sn')
    .execute();
  return new Map(rows.map((r) => [r.sn, new Date(r.last as unknown as string)]));
}
