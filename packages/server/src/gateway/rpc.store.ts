import { RPC_SECRET_PARAMS, type RpcState } from '@fleetport/contract';
import { sql } from 'kysely';
import type { DbOrTx } from '../platform/db/open.ts';

/** SQL of the RPC commands. Every state change is conditional on the command still running. */

export interface RpcCommandRow {
  id: string;
  company_id: number;
  sn: string;
  method: string;
  params: unknown;
  state: RpcState;
  deadline: Date;
  /** When the device acknowledged the command (any reply); null while it may not have it. */
  delivered_at: Date | null;
  /** The device connection the command was last sent on. */
  sent_session: string | null;
  result: unknown;
  error: unknown;
  created_at: Date;
  updated_at: Date;
}

export async function insertRpcCommands(
  db: DbOrTx,
  commands: readonly {
    id: string;
    companyId: number;
    sn: string;
    method: string;
    params: unknown;
    deadline: Date;
    at: Date;
  }[],
): Promise<void> {
  if (commands.length === 0) return;
  await db
    .insertInto('rpc_command')
    .values(
      commands.map((c) => ({
        id: c.id,
        company_id: c.companyId,
        sn: c.sn,
        method: c.method,
        params: JSON.stringify(c.params),
        state: 'inExecution' as const,
        deadline: c.deadline,
        created_at: c.at,
        updated_at: c.at,
      })),
    )
    .execute();
}

/**
 * Takes the commands of one device to send on its connection `session`: running, before their
 * deadline, not yet acknowledged by the device, and not yet sent on this connection. Marking them sent
 * in the same statement keeps each to one send per connection, even when two nodes see the device.
 */
export async function takeUnsent(
  db: DbOrTx,
  sn: string,
  session: string,
  now: Date,
): Promise<RpcCommandRow[]> {
  const query = db
    .updateTable('rpc_command')
    .set({ sent_session: session, updated_at: now })
    .where('sn', '=', sn)
    .where('state', '=', 'inExecution')
    .where('delivered_at', 'is', null)
    .where('deadline', '>', now)
    .where((eb) => eb.or([eb('sent_session', 'is', null), eb('sent_session', '<>', session)]))
    // Only commands of the company that owns the device now: one queued by a company the device
    // was since transferred away from stays undelivered and times out at its deadline.
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('device')
          .select('device.sn')
          .whereRef('device.sn', '=', 'rpc_command.sn')
          .whereRef('device.company_id', '=', 'rpc_command.company_id'),
      ),
    );
  const rows = await query.returningAll().execute();
  return (rows as RpcCommandRow[]).sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
}

/**
 * `takeUnsent` for commands just created, each for its device's session, in one statement: a bulk
 * action or a rollout's batch of 1,000 devices was 1,000 statements, which set the batch's pace.
 * The same conditions hold per row (running, unacknowledged, before its deadline, the company owning
 * the device now).
 */
export async function takeUnsentCommands(
  db: DbOrTx,
  commands: readonly { id: string; sn: string; session: string }[],
  now: Date,
): Promise<RpcCommandRow[]> {
  if (commands.length === 0) return [];
  const values = commands.map((c) => sql`(${c.id}::text, ${c.sn}::text, ${c.session}::text)`);
  const { rows } = await sql<RpcCommandRow>`
    update rpc_command rc set sent_session = v.session, updated_at = ${now}
      from (values ${sql.join(values)}) as v(id, sn, session)
     where rc.id = v.id and rc.sn = v.sn and rc.state = 'inExecution' and rc.delivered_at is null
       and rc.deadline > ${now}
       and (rc.sent_session is null or rc.sent_session <> v.session)
       and exists (select 1 from device d where d.sn = rc.sn and d.company_id = rc.company_id)
    returning rc.*`.execute(db);
  return rows;
}

/** Whether the device has commands it has not acknowledged yet (running, before their deadline). */
export async function hasUnacknowledged(db: DbOrTx, sn: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('rpc_command')
    .select('id')
    .where('sn', '=', sn)
    .where('state', '=', 'inExecution')
    .where('delivered_at', 'is', null)
    .where('deadline', '>', now)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The device acknowledged a running command (its `inExecution` reply); null when nothing changed. */
export async function markDelivered(
  db: DbOrTx,
  id: string,
  sn: string,
  at: Date,
): Promise<RpcCommandRow | null> {
  const row = await db
    .updateTable('rpc_command')
    .set({ delivered_at: at })
    .where('id', '=', id)
    .where('sn', '=', sn)
    .where('state', '=', 'inExecution')
    .where('delivered_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return (row as RpcCommandRow | undefined) ?? null;
}

/** Devices with commands waiting for delivery. */
export async function findQueuedDevices(db: DbOrTx, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('rpc_command')
    .select('sn')
    .distinct()
    .where('state', '=', 'inExecution')
    .where('delivered_at', 'is', null)
    .where('deadline', '>', now)
    .execute();
  return rows.map((r) => r.sn);
}

/** Puts a command back in the queue when publishing it failed. */
export async function markUnsent(db: DbOrTx, id: string): Promise<void> {
  await db
    .updateTable('rpc_command')
    .set({ sent_session: null })
    .where('id', '=', id)
    .where('state', '=', 'inExecution')
    .execute();
}

/**
 * The params with their secrets removed (contract RPC_SECRET_PARAMS), as SQL: what a command keeps
 * once it is final. Other params stay for the history and the areas that read them.
 */
const PARAMS_WITHOUT_SECRETS = sql<unknown>`case method ${sql.join(
  Object.entries(RPC_SECRET_PARAMS).map(
    ([method, paths]) =>
      sql`when ${method} then params${sql.join(
        (paths ?? []).map((path) => sql` #- ${`{${path.join(',')}}`}::text[]`),
        sql``,
      )}`,
  ),
  sql` `,
)} else params end`;

/** Applies a device's final reply; null when the command is unknown, another device's, or already final. */
export async function finishRpcCommand(
  db: DbOrTx,
  reply: { id: string; sn: string; state: 'success' | 'failure'; result: unknown; error: unknown; at: Date },
): Promise<RpcCommandRow | null> {
  const row = await db
    .updateTable('rpc_command')
    .set({
      state: reply.state,
      result: reply.result === undefined ? null : JSON.stringify(reply.result),
      error: reply.error === undefined ? null : JSON.stringify(reply.error),
      // A final reply is also the receipt, when no `inExecution` came first.
      delivered_at: sql<Date>`coalesce(delivered_at, ${reply.at})`,
      params: PARAMS_WITHOUT_SECRETS,
      updated_at: reply.at,
    })
    .where('id', '=', reply.id)
    .where('sn', '=', reply.sn)
    .where('state', '=', 'inExecution')
    .returningAll()
    .executeTakeFirst();
  return (row as RpcCommandRow | undefined) ?? null;
}

/** Marks every running command whose deadline has passed as timed out. */
export async function expireRpcCommands(db: DbOrTx, now: Date): Promise<RpcCommandRow[]> {
  const rows = await db
    .updateTable('rpc_command')
    .set({ state: 'timeout', params: PARAMS_WITHOUT_SECRETS, updated_at: now })
    .where('state', '=', 'inExecution')
    .where('deadline', '<=', now)
    .returningAll()
    .execute();
  return rows as RpcCommandRow[];
}

export async function findRpcCommands(db: DbOrTx, ids: readonly string[]): Promise<RpcCommandRow[]> {
  if (ids.length === 0) return [];
  return (await db
    .selectFrom('rpc_command')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute()) as RpcCommandRow[];
}

/** The earliest deadline of a running command, to arm the expiry timer after a restart. */
export async function nextRpcDeadline(db: DbOrTx): Promise<Date | null> {
  const row = await db
    .selectFrom('rpc_command')
    .select((eb) => eb.fn.min('deadline').as('deadline'))
    .where('state', '=', 'inExecution')
    .executeTakeFirst();
  return row?.deadline ? new Date(row.deadline) : null;
}

/**
 * Commands that only read the device (a status, the config, the app list, a timer list, a serial read
 * ...): their answers are shown once and kept for a while; every other command is history (updates,
 * reboots, captures) and stays. `action` names the params' action when only some of a method read.
 */
export const READ_ONLY_RPCS: readonly { method: string; action?: string }[] = [
  { method: 'configGet' },
  { method: 'statusGet' },
  { method: 'appList' },
  { method: 'poeStatus' },
  { method: 'lora' },
  { method: 'timers', action: 'list' },
  { method: 'serialPort', action: 'read' },
  { method: 'dataManagement', action: 'get' },
  { method: 'ioControl', action: 'read' },
];

/**
 * Deletes the finished read-only commands last changed before `before`. A device's newest app list
 * stays, whatever its age: the apps tab shows it while the device is offline.
 */
export async function deleteReadOnlyCommandsBefore(db: DbOrTx, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('rpc_command as c')
    .where('c.state', '<>', 'inExecution')
    .where('c.updated_at', '<', before)
    .where((eb) =>
      eb.or(
        READ_ONLY_RPCS.map(({ method, action }) =>
          action === undefined
            ? eb('c.method', '=', method)
            : eb.and([eb('c.method', '=', method), eb(sql<string>`c.params->>'action'`, '=', action)]),
        ),
      ),
    )
    .where((eb) =>
      eb.or([
        eb('c.method', '<>', 'appList'),
        eb('c.state', '<>', 'success'),
        eb.exists(
          eb
            .selectFrom('rpc_command as newer')
            .select('newer.id')
            .whereRef('newer.sn', '=', 'c.sn')
            .where('newer.method', '=', 'appList')
            .where('newer.state', '=', 'success')
            .where(sql<boolean>`(newer.updated_at, newer.id) > (c.updated_at, c.id)`),
        ),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
