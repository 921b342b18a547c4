import {
  createGroupCall,
  deleteGroupCall,
  getGroupAdminsCall,
  getGroupCall,
  moveDevicesCall,
  queryGroupInformationCall,
  renameGroupCall,
  searchGroupAdminCandidatesCall,
  setGroupAdminCall,
} from '@fleetport/contract';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import * as groups from './device-groups.service.ts';

/** Device groups and their administrators; the rules are in the service. */
export function deviceGroupRoutes(deps: groups.DeviceGroupDeps) {
  return [
    bind(queryGroupInformationCall, (ctx) => groups.groupInformation(deps, companyActor(ctx), ctx.input)),
    bind(getGroupCall, (ctx) => groups.getGroup(deps, companyActor(ctx), ctx.input.groupId)),
    bind(createGroupCall, (ctx) => groups.createGroup(deps, companyActor(ctx), ctx.input)),
    bind(renameGroupCall, (ctx) => groups.renameGroupOf(deps, companyActor(ctx), ctx.input)),
    bind(deleteGroupCall, (ctx) => groups.deleteGroup(deps, companyActor(ctx), ctx.input.groupId)),
    bind(moveDevicesCall, (ctx) => groups.moveDevices(deps, companyActor(ctx), ctx.input, ctx.lang)),
    bind(setGroupAdminCall, (ctx) => groups.setGroupAdministrator(deps, companyActor(ctx), ctx.input)),
    bind(getGroupAdminsCall, (ctx) => groups.groupAdministrators(deps, companyActor(ctx), ctx.input.groupId)),
    bind(searchGroupAdminCandidatesCall, (ctx) =>
      groups.adminCandidates(deps, companyActor(ctx), ctx.input.keyword),
    ),
  ];
}
