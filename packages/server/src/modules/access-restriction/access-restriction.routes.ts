import { getAccessRestrictionCall, saveAccessRestrictionCall } from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import { getRestriction, saveRestriction } from './access-restriction.service.ts';

export function accessRestrictionRoutes(deps: ModuleDeps<'clock' | 'db'>) {
  return [
    bind(getAccessRestrictionCall, async (ctx) => getRestriction(deps, companyActor(ctx))),
    bind(saveAccessRestrictionCall, async (ctx) => {
      await saveRestriction(deps, companyActor(ctx), ctx.input);
      return null;
    }),
  ];
}
