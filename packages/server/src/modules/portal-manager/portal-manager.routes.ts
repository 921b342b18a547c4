import {
  acceptSplashCall,
  addPortalDevicesCall,
  createPortalTemplateCall,
  deletePortalTemplateCall,
  getPortalTemplateCall,
  getSplashCall,
  listPortalDevicesCall,
  listPortalTemplatesCall,
  removePortalDevicesCall,
  updatePortalTemplateCall,
} from '@fleetport/contract';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import * as portal from './portal-manager.service.ts';
import { acceptSplash, showSplash } from './splash.ts';

/** The portal manager's calls: the actor from the session, the service, the answer. */
export function portalManagerRoutes(deps: portal.PortalManagerDeps) {
  return [
    bind(listPortalTemplatesCall, async (ctx) => portal.listTemplates(deps, companyActor(ctx), ctx.input)),
    bind(getPortalTemplateCall, async (ctx) =>
      portal.getTemplate(deps, companyActor(ctx), ctx.input.portalId),
    ),
    bind(createPortalTemplateCall, async (ctx) =>
      portal.createTemplate(deps, companyActor(ctx), ctx.input, ctx.lang),
    ),
    bind(updatePortalTemplateCall, async (ctx) =>
      portal.updateTemplate(deps, companyActor(ctx), ctx.input, ctx.lang),
    ),
    bind(deletePortalTemplateCall, async (ctx) =>
      portal.deleteTemplate(deps, companyActor(ctx), ctx.input.portalId),
    ),
    bind(listPortalDevicesCall, async (ctx) => portal.listDevices(deps, companyActor(ctx), ctx.input)),
    bind(addPortalDevicesCall, async (ctx) =>
      portal.addDevices(deps, companyActor(ctx), ctx.input, ctx.lang),
    ),
    bind(removePortalDevicesCall, async (ctx) => portal.removeDevices(deps, companyActor(ctx), ctx.input)),
    bind(getSplashCall, async (ctx) => showSplash(deps, ctx.input, ctx)),
    bind(acceptSplashCall, async (ctx) => acceptSplash(deps, ctx.input, ctx)),
  ];
}
