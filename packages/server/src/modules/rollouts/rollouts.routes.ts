import {
  cancelRolloutCall,
  createRolloutCall,
  getRolloutCall,
  listDeviceRolloutsCall,
  listRolloutDevicesCall,
  listRolloutsCall,
  pauseRolloutCall,
  previewRolloutCall,
  resumeRolloutCall,
  retryRolloutCall,
} from '@fleetport/contract';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import type { RolloutEngineDeps } from './rollout-engine.ts';
import * as rollouts from './rollouts.service.ts';
import { rolloutsOfDevice } from './rollouts-of-device.ts';

/** Rollouts' calls: the actor from the session, the service, the answer in the caller's language. */
export function rolloutRoutes(deps: RolloutEngineDeps) {
  return [
    bind(createRolloutCall, async (ctx) =>
      // The devices download from the address the console reached this server by (as a single install).
      rollouts.createRollout(
        deps,
        companyActor(ctx),
        ctx.input,
        `${ctx.request.protocol}://${ctx.request.host}`,
        ctx.lang,
      ),
    ),
    bind(previewRolloutCall, async (ctx) => rollouts.previewRollout(deps, companyActor(ctx), ctx.input)),
    bind(listRolloutsCall, async (ctx) => rollouts.rollouts(deps, companyActor(ctx), ctx.input, ctx.lang)),
    bind(getRolloutCall, async (ctx) =>
      rollouts.rolloutDetail(deps, companyActor(ctx), ctx.input.id, ctx.lang),
    ),
    bind(listRolloutDevicesCall, async (ctx) =>
      rollouts.rolloutDevices(deps, companyActor(ctx), ctx.input, ctx.lang),
    ),
    bind(listDeviceRolloutsCall, async (ctx) =>
      rolloutsOfDevice(deps.db, companyActor(ctx), ctx.input, ctx.lang),
    ),
    bind(pauseRolloutCall, async (ctx) =>
      rollouts.changeRollout(deps, companyActor(ctx), ctx.input.id, 'pause', ctx.lang),
    ),
    bind(resumeRolloutCall, async (ctx) =>
      rollouts.changeRollout(deps, companyActor(ctx), ctx.input.id, 'resume', ctx.lang),
    ),
    bind(cancelRolloutCall, async (ctx) =>
      rollouts.changeRollout(deps, companyActor(ctx), ctx.input.id, 'cancel', ctx.lang),
    ),
    bind(retryRolloutCall, async (ctx) =>
      rollouts.changeRollout(deps, companyActor(ctx), ctx.input.id, 'retryFailed', ctx.lang),
    ),
  ];
}
