import { getRolloutCall, type RolloutDetail } from '@fleetport/contract';
import { eventually } from '../../gateway/testing/gateway-env.ts';
import type { Owner } from '../devices/device-test-kit.ts';
import type { RolloutEngine } from './rollout-engine.ts';

/**
 * Takes the engine's steps (as the sweep job would) until the rollout, as `owner` reads it, satisfies
 * `done`; answers that reading.
 */
export function driveRollout(
  engine: RolloutEngine,
  owner: Owner,
  id: number,
  done: (d: RolloutDetail) => boolean,
  what: string,
): Promise<RolloutDetail> {
  return eventually(
    async () => {
      await engine.advance(id);
      const d = (await owner.run(getRolloutCall, { id })).data!;
      return done(d) ? d : undefined;
    },
    60_000,
    what,
  );
}
