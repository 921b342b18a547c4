import { FELL_BACK_MESSAGE, type ReplyMessage, UPDATE_ERROR } from '@fleetport/contract';
import { sql } from 'kysely';
import type { DbOrTx } from '../platform/db/open.ts';
import type { RpcCommandRow } from './rpc.store.ts';

/**
 * A firmware update counts as a success only on independent evidence (issue 14): after the reboot the
 * device connects again and its `hello` carries the new version. The device's own `success` reply is
 * not enough: a router whose new image does not boot comes back on the old one and may still say
 * success. So a firmware install that reboots ends:
 * - `success` when the device's hello (before or after its reply) reports the target version;
 * - `failure` code 0 "fell back to the previous image" when, after `rebooting` or its success reply,
 *   the hello reports another version;
 * - `timeout` when neither happens before the deadline (the RPC sweep).
 * `updateOnly` installs and app installs end on the device's reply as before.
 */

export interface Verdict {
  state: 'success' | 'failure';
  result: unknown;
  error: unknown;
}

const fellBack = (version: string | null): Verdict => ({
  state: 'failure',
  result: null,
  error: { code: UPDATE_ERROR.updateFailed, message: FELL_BACK_MESSAGE, version },
});

/** Whether this firmware install reboots into the new image (so needs the hello as evidence). */
export function needsEvidence(row: RpcCommandRow): boolean {
  if (row.method !== 'firmwareInstall' || row.state !== 'inExecution') return false;
  const params = (row.params ?? {}) as { timing?: string };
  return params.timing !== 'updateOnly';
}

const targetOf = (row: RpcCommandRow) => String((row.params as { version?: unknown }).version ?? '');

/**
 * What a device's success reply to a firmware install means: a verdict at once when the hello already
 * spoke (or the reply names another version), or null to hold it until the hello.
 */
export async function judgeSuccessReply(
  db: DbOrTx,
  row: RpcCommandRow,
  reply: ReplyMessage,
): Promise<Verdict | null> {
  const result = (reply.result ?? {}) as { version?: unknown; activeAfterReboot?: unknown };
  if (result.activeAfterReboot === true) return { state: 'success', result: reply.result, error: null };
  const target = targetOf(row);
  const device = await db
    .selectFrom('device')
    .select('firmware_version')
    .where('sn', '=', row.sn)
    .executeTakeFirst();
  // The device's record holds the version of its last hello: the target there is the evidence (a hello
  // before the reply; one after it decides in judgeHello).
  if (device?.firmware_version === target) return { state: 'success', result: reply.result, error: null };
  if (typeof result.version === 'string' && result.version !== target) return fellBack(result.version);
  // Held: the command stays open with the reply kept; the next hello decides.
  await db
    .updateTable('rpc_command')
    .set({ result: JSON.stringify({ ...result, awaitingHello: true }) })
    .where('id', '=', row.id)
    .where('state', '=', 'inExecution')
    .execute();
  return null;
}

/** The open firmware installs a hello of this device decides, with the verdict for each. */
export async function judgeHello(
  db: DbOrTx,
  sn: string,
  firmwareVersion: string,
): Promise<{ id: string; verdict: Verdict }[]> {
  const rows = (await db
    .selectFrom('rpc_command')
    .selectAll()
    .where('sn', '=', sn)
    .where('method', '=', 'firmwareInstall')
    .where('state', '=', 'inExecution')
    .execute()) as RpcCommandRow[];
  const decided: { id: string; verdict: Verdict }[] = [];
  for (const row of rows) {
    if (!needsEvidence(row)) continue;
    const held = (row.result as { awaitingHello?: unknown } | null)?.awaitingHello === true;
    if (!held && !(await hasReported(db, row, 'rebooting'))) continue;
    const target = targetOf(row);
    decided.push({
      id: row.id,
      verdict:
        firmwareVersion === target
          ? { state: 'success', result: { version: target, activeAfterReboot: false }, error: null }
          : fellBack(firmwareVersion),
    });
  }
  return decided;
}

async function hasReported(db: DbOrTx, row: RpcCommandRow, state: string): Promise<boolean> {
  const found = await db
    .selectFrom('device_event')
    .select('id')
    .where('sn', '=', row.sn)
    .where('type', '=', 'updateProgress')
    .where(sql<string>`data->>'rpcId'`, '=', row.id)
    .where(sql<string>`data->>'state'`, '=', state)
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}
