import type { Db } from '../../platform/db/open.ts';
import { confirmPush } from './portal-push.store.ts';

/**
 * The RPC service's news of a command (gateway.ts `onAnswered`): a `portalApply` a router ran is its
 * version and RADIUS secret from now on (portal-push.ts). Apart from the push service, which the
 * gateway must not import (it reaches the app's deps).
 */
export async function portalCommandAnswered(
  db: Db,
  row: { id: string; method: string; state: string },
): Promise<void> {
  if (row.method !== 'portalApply' || row.state !== 'success') return;
  await confirmPush(db, row.id);
}
