import {
  createRoleCall,
  deleteRoleCall,
  getRoleCall,
  roleListCall,
  updateRoleCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import * as roles from './roles.service.ts';

export function roleRoutes(deps: ModuleDeps<'clock' | 'db'>) {
  return [
    bind(roleListCall, async (ctx) => roles.listRoles(deps, companyActor(ctx), ctx.input)),
    bind(getRoleCall, async (ctx) => roles.getRole(deps, companyActor(ctx), ctx.input.roleId)),
    bind(createRoleCall, async (ctx) => roles.createRole(deps, companyActor(ctx), ctx.input)),
    bind(updateRoleCall, async (ctx) => {
      await roles.updateRole(deps, companyActor(ctx), ctx.input);
      return null;
    }),
    bind(deleteRoleCall, async (ctx) => {
      await roles.deleteRole(deps, companyActor(ctx), ctx.input.roleId);
      return null;
    }),
  ];
}
