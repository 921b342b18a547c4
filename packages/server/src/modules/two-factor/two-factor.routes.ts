import {
  beginTwoFactorCall,
  confirmTwoFactorCall,
  getTwoFactorPolicyCall,
  getTwoFactorStatusCall,
  loginSecondFactorCall,
  removeTwoFactorCall,
  resetMemberTwoFactorCall,
  setTwoFactorPolicyCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind, requireSession } from '../../platform/http/calls.ts';
import {
  beginEnrolment,
  confirmEnrolment,
  getPolicy,
  removeFactor,
  resetMemberFactor,
  setPolicy,
  twoFactorStatus,
} from './two-factor.service.ts';
import { completeSecondFactor } from './two-factor-sign-in.ts';

export function twoFactorRoutes(deps: ModuleDeps<'clock' | 'config' | 'db'>) {
  return [
    bind(loginSecondFactorCall, async ({ input }) => completeSecondFactor(deps, input)),
    bind(getTwoFactorStatusCall, async (ctx) => twoFactorStatus(deps, requireSession(ctx))),
    bind(beginTwoFactorCall, async (ctx) => beginEnrolment(deps, requireSession(ctx))),
    bind(confirmTwoFactorCall, async (ctx) => confirmEnrolment(deps, requireSession(ctx), ctx.input.code)),
    bind(removeTwoFactorCall, async (ctx) => {
      await removeFactor(deps, requireSession(ctx), ctx.input.code);
      return null;
    }),
    bind(getTwoFactorPolicyCall, async (ctx) => getPolicy(deps, companyActor(ctx))),
    bind(setTwoFactorPolicyCall, async (ctx) => {
      await setPolicy(deps, companyActor(ctx), ctx.input.policy);
      return null;
    }),
    bind(resetMemberTwoFactorCall, async (ctx) => {
      await resetMemberFactor(deps, companyActor(ctx), ctx.input.userId);
      return null;
    }),
  ];
}
