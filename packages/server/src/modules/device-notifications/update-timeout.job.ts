import { findRpcCommands, type RpcCommandRow } from '../../gateway/rpc.store.ts';
import type { Clock } from '../../platform/clock.ts';
import type { DbOrTx, Tx } from '../../platform/db/open.ts';
import { defineJob, enqueueJob } from '../../platform/jobs/index.ts';
import type { LiveHub } from '../../platform/live/hub.ts';
import { createNotifier, UPDATE_TARGETS } from './notifier.ts';

export const UPDATES_TIMED_OUT_JOB = 'deviceNotifications.updatesTimedOut';

interface Payload {
  ids: string[];
  /** When the deadline timed them out: the notifications' time. */
  at: string;
}

/**
 * The follow-up of the RPC deadline timers: firmware and app updates that timed out become
 * `updateFailed` notifications. Enqueued in the transaction that times the commands out, run by any
 * node's worker.
 */
export async function enqueueTimedOutUpdates(
  tx: Tx,
  rows: readonly RpcCommandRow[],
  clock: Clock,
): Promise<void> {
  const ids = rows.filter((r) => r.method in UPDATE_TARGETS).map((r) => r.id);
  if (ids.length === 0) return;
  await enqueueJob<Payload>(tx, {
    kind: UPDATES_TIMED_OUT_JOB,
    payload: { ids, at: clock.now().toISOString() },
    clock,
  });
}

/** Safe to run again: the notifier skips an update whose failure the company was told already. */
export function updatesTimedOutJob(deps: { db: DbOrTx; hub: LiveHub; clock: Clock }) {
  return defineJob<Payload>({
    kind: UPDATES_TIMED_OUT_JOB,
    async run(ctx) {
      const notifier = createNotifier({
        ...deps,
        // A failure fails the attempt, so the job retries instead of losing the news.
        onError: (error) => {
          throw error;
        },
      });
      const rows = await findRpcCommands(deps.db, ctx.payload.ids);
      await notifier.commandsTimedOut(
        rows.filter((r) => r.state === 'timeout'),
        new Date(ctx.payload.at),
      );
    },
  });
}
