import {
  acceptInvitationCall,
  createUserCall,
  deleteUserCall,
  getInvitationCall,
  invitationListCall,
  inviteUserCall,
  refuseInvitationCall,
  setUserStatusCall,
  updateUserCall,
  userListCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import * as invitations from './invitations.service.ts';
import * as users from './users.service.ts';

export function userRoutes(deps: ModuleDeps<'clock' | 'config' | 'db' | 'mailer'>) {
  return [
    bind(userListCall, async (ctx) => users.listUsers(deps, companyActor(ctx), ctx.input)),
    bind(createUserCall, async (ctx) => users.createUser(deps, companyActor(ctx), ctx.input)),
    bind(updateUserCall, async (ctx) => {
      await users.updateUser(deps, companyActor(ctx), ctx.input);
      return null;
    }),
    bind(setUserStatusCall, async (ctx) => {
      await users.setUserStatus(deps, companyActor(ctx), ctx.input.userId, ctx.input.status);
      return null;
    }),
    bind(deleteUserCall, async (ctx) => {
      await users.deleteUser(deps, companyActor(ctx), ctx.input.userId);
      return null;
    }),
    bind(inviteUserCall, async (ctx) =>
      invitations.inviteUser(deps, companyActor(ctx), ctx.input, ctx.lang, ctx.request),
    ),
    bind(invitationListCall, async (ctx) => invitations.listInvitations(deps, companyActor(ctx), ctx.input)),
    bind(getInvitationCall, async (ctx) => invitations.viewInvitation(deps, ctx.input.token)),
    bind(acceptInvitationCall, async (ctx) => invitations.acceptInvitation(deps, ctx.input, ctx.lang)),
    bind(refuseInvitationCall, async (ctx) => {
      await invitations.refuseInvitation(deps, ctx.input.token);
      return null;
    }),
  ];
}
