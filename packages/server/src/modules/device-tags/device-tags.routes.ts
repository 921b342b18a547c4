import {
  createTagCall,
  deleteTagCall,
  getTagsCall,
  renameTagCall,
  setDeviceTagsCall,
  tagDevicesCall,
} from '@fleetport/contract';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import * as tags from './device-tags.service.ts';

/** The tags area's calls: the actor from the session, the service, the answer. */
export function deviceTagRoutes(deps: tags.DeviceTagDeps) {
  return [
    bind(getTagsCall, async (ctx) => tags.getTags(deps, companyActor(ctx), ctx.input.tagName)),
    bind(createTagCall, async (ctx) => tags.createTag(deps, companyActor(ctx), ctx.input.tagName)),
    bind(renameTagCall, async (ctx) =>
      tags.renameTagOf(deps, companyActor(ctx), ctx.input.tagId, ctx.input.tagName),
    ),
    bind(deleteTagCall, async (ctx) => tags.deleteTagOf(deps, companyActor(ctx), ctx.input.tagId)),
    bind(tagDevicesCall, async (ctx) => tags.tagDevices(deps, companyActor(ctx), ctx.input, ctx.lang)),
    bind(setDeviceTagsCall, async (ctx) => tags.setDeviceTags(deps, companyActor(ctx), ctx.input)),
  ];
}
