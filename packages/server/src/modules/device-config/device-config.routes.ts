import {
  adoptConfigDriftCall,
  applyConfigCall,
  applyGroupProfileCall,
  clearConfigSettingCall,
  getChangeSetsCall,
  getConfigSectionsCall,
  getGroupProfileCall,
  restoreConfigDriftCall,
  rollbackConfigCall,
  saveGroupProfileCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import * as config from './device-config.service.ts';
import * as profiles from './group-profile.service.ts';

/** Remote configuration's calls: the actor from the session, the service, the answer. */
export function deviceConfigRoutes(deps: ModuleDeps<'db' | 'clock' | 'gateway' | 'hub' | 'files'>) {
  return [
    bind(getConfigSectionsCall, async (ctx) =>
      config.getSections(deps, companyActor(ctx), ctx.input.sn, ctx.lang),
    ),
    bind(applyConfigCall, async (ctx) => config.applyChangeSet(deps, companyActor(ctx), ctx.input)),
    bind(getChangeSetsCall, async (ctx) => config.changeSets(deps, companyActor(ctx), ctx.input, ctx.lang)),
    bind(adoptConfigDriftCall, async (ctx) => config.adoptDrift(deps, companyActor(ctx), ctx.input.sn)),
    bind(restoreConfigDriftCall, async (ctx) => config.restoreDrift(deps, companyActor(ctx), ctx.input)),
    bind(clearConfigSettingCall, async (ctx) => config.clearOwnSetting(deps, companyActor(ctx), ctx.input)),
    bind(rollbackConfigCall, async (ctx) => config.rollbackChangeSet(deps, companyActor(ctx), ctx.input)),
    bind(getGroupProfileCall, async (ctx) => profiles.getGroupProfile(deps, companyActor(ctx), ctx.input)),
    bind(saveGroupProfileCall, async (ctx) => profiles.saveGroupProfile(deps, companyActor(ctx), ctx.input)),
    bind(applyGroupProfileCall, async (ctx) =>
      profiles.applyGroupProfile(deps, companyActor(ctx), ctx.input, ctx.lang),
    ),
  ];
}
