import { sql } from 'kysely';
import { type CompanyScope, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/** SQL of template pushes: each version a router is sent, its command's state, and secret rotation. */

export async function insertPushes(
  db: DbOrTx,
  rows: readonly {
    rpcId: string;
    companyId: number;
    portalId: number;
    sn: string;
    version: number;
    sealedSecret: string;
  }[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('portal_push')
    .values(
      rows.map((r) => ({
        rpc_id: r.rpcId,
        company_id: r.companyId,
        portal_id: r.portalId,
        sn: r.sn,
        version: r.version,
        radius_secret: r.sealedSecret,
        created_at: now,
      })),
    )
    .execute();
}

/** The secret a router is moving to: good beside the current one until it confirms. */
/** The secret sent to the router and not yet confirmed (sealed), or null. */
export async function pendingSecret(db: DbOrTx, sn: string, portalId: number): Promise<string | null> {
  const row = await db
    .selectFrom('portal_device')
    .select('radius_secret_next')
    .where('sn', '=', sn)
    .where('portal_id', '=', portalId)
    .executeTakeFirst();
  return row?.radius_secret_next ?? null;
}

export async function setNextSecret(db: DbOrTx, sn: string, portalId: number, sealed: string): Promise<void> {
  await db
    .updateTable('portal_device')
    .set({ radius_secret_next: sealed })
    .where('sn', '=', sn)
    .where('portal_id', '=', portalId)
    .execute();
}

/**
 * The router confirmed the version of `rpcId`: it runs that version and its secret from now on. A
 * confirmation of an older version than one it confirmed already changes nothing.
 */
export async function confirmPush(db: DbOrTx, rpcId: string): Promise<boolean> {
  const push = await db
    .selectFrom('portal_push')
    .select(['sn', 'portal_id', 'version', 'radius_secret'])
    .where('rpc_id', '=', rpcId)
    .executeTakeFirst();
  if (!push) return false;
  const latest = await db
    .selectFrom('portal_push')
    .select('rpc_id')
    .where('sn', '=', push.sn)
    .where('portal_id', '=', push.portal_id)
    .orderBy('version', 'desc')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const newest = latest?.rpc_id === rpcId;
  const updated = await db
    .updateTable('portal_device')
    .set({
      applied_version: push.version,
      radius_secret: push.radius_secret,
      // The newest push's secret is the one in use now; an older one leaves the newer secret waiting.
      ...(newest ? { radius_secret_next: null } : {}),
    })
    .where('sn', '=', push.sn)
    .where('portal_id', '=', push.portal_id)
    .where((eb) => eb.or([eb('applied_version', 'is', null), eb('applied_version', '<=', push.version)]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** A packet checked with the waiting secret: the router has it, so it is the current one now. */
export async function promoteNextSecret(db: DbOrTx, sn: string, sealed: string): Promise<void> {
  await db
    .updateTable('portal_device')
    .set({ radius_secret: sealed, radius_secret_next: null })
    .where('sn', '=', sn)
    .where('radius_secret_next', '=', sealed)
    .execute();
}

/** Pushes of a template joined with their commands and routers, newest first. */
export async function listPushes(
  db: DbOrTx,
  scope: CompanyScope,
  filter: { portalId: number; sn?: string; pageNum: number; pageSize: number },
) {
  let q = db
    .selectFrom('portal_push')
    .innerJoin('rpc_command', 'rpc_command.id', 'portal_push.rpc_id')
    .innerJoin('device', (join) =>
      // The company's own router: one moved to another company is not shown with its new owner's name.
      join
        .onRef('device.sn', '=', 'portal_push.sn')
        .onRef('device.company_id', '=', 'portal_push.company_id'),
    )
    .where('portal_push.portal_id', '=', filter.portalId)
    .where('portal_push.company_id', 'in', scopedCompanyIds(scope));
  if (filter.sn) q = q.where('portal_push.sn', '=', filter.sn);
  const [rows, total] = await Promise.all([
    q
      .select([
        'portal_push.sn',
        'device.name',
        'device.online',
        'portal_push.version',
        'portal_push.created_at',
        'rpc_command.state',
        'rpc_command.delivered_at',
        'rpc_command.error',
        'rpc_command.updated_at',
      ])
      .orderBy('portal_push.created_at', 'desc')
      .orderBy('portal_push.version', 'desc')
      .orderBy('portal_push.sn')
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The scope's blocked MACs of a template, newest first. */
export async function blockedMacs(db: DbOrTx, scope: CompanyScope, portalId: number) {
  return db
    .selectFrom('portal_blocked_client')
    .leftJoin('portal_client', (join) =>
      join
        .onRef('portal_client.portal_id', '=', 'portal_blocked_client.portal_id')
        .onRef('portal_client.mac', '=', 'portal_blocked_client.mac'),
    )
    .select(['portal_blocked_client.mac', 'portal_blocked_client.blocked_at', 'portal_client.name'])
    .where('portal_blocked_client.portal_id', '=', portalId)
    .where('portal_blocked_client.company_id', 'in', scopedCompanyIds(scope))
    .orderBy('portal_blocked_client.blocked_at', 'desc')
    .orderBy('portal_blocked_client.mac')
    .execute();
}

/** Raises a template's version (a block or unblock changes what its routers run). */
export async function raiseVersion(db: DbOrTx, scope: CompanyScope, portalId: number, now: Date) {
  await db
    .updateTable('portal_template')
    .set({ version: sql`version + 1`, updated_at: now })
    .where('id', '=', portalId)
    .where('company_id', 'in', scopedCompanyIds(scope))
    .execute();
}
