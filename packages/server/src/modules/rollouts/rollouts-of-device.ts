import type { CallParsedInput, DeviceRollout, Lang, listDeviceRolloutsCall } from '@fleetport/contract';
import type { Actor } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import { getCompanyDevice } from '../devices/device-list.store.ts';
import { reasonOf } from './rollouts.service.ts';
import { deviceRolloutRows, findRollouts } from './rollouts.store.ts';

/**
 * The rollouts one device was in, for its page: each with the device's own state, step and reason
 * in it (a rollout's verdict can differ from the command's: a router that reported success but whose
 * link did not come back failed the rollout). The device's rows in one query, their rollouts in another.
 */
export async function rolloutsOfDevice(
  db: DbOrTx,
  actor: Actor,
  input: CallParsedInput<typeof listDeviceRolloutsCall>,
  lang: Lang,
): Promise<{ total: number; list: DeviceRollout[] }> {
  // 120002 for an SN the company does not have, as every call naming an SN.
  await getCompanyDevice(db, actor.scope, input.sn);
  const { total, rows } = await deviceRolloutRows(
    db,
    actor.scope,
    input.sn,
    (input.pageNum - 1) * input.pageSize,
    input.pageSize,
  );
  const rollouts = new Map(
    (
      await findRollouts(
        db,
        actor.scope,
        rows.map((row) => row.rolloutId),
      )
    ).map((r) => [r.id, r]),
  );
  const list = rows.flatMap((row): DeviceRollout[] => {
    const rollout = rollouts.get(row.rolloutId);
    if (!rollout) return [];
    return [
      {
        id: rollout.id,
        name: rollout.name,
        kind: rollout.kind,
        packageName: rollout.packageName,
        version: rollout.version,
        rolloutState: rollout.state,
        state: row.state,
        step: row.stage + 1,
        steps: 1 + rollout.stages.length,
        batch: row.batch,
        reason: reasonOf(row, rollout, lang),
        attempts: row.attempts,
        updatedAt: row.updatedAt.getTime(),
      },
    ];
  });
  return { total, list };
}
