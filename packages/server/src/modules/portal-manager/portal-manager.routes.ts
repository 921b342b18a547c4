import {
  acceptSplashCall,
  addPortalDevicesCall,
  blockPortalClientCall,
  createPortalTemplateCall,
  deletePortalTemplateCall,
  getPortalTemplateCall,
  getSplashCall,
  listBlockedPortalClientsCall,
  listPortalClientHistoryCall,
  listPortalClientsCall,
  listPortalDevicesCall,
  listPortalPushesCall,
  listPortalTemplatesCall,
  portalTermsHtmlCall,
  portalUsageCall,
  removePortalDevicesCall,
  renamePortalClientCall,
  unblockPortalClientCall,
  updatePortalTemplateCall,
} from '@fleetport/contract';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import * as clients from './portal-clients.ts';
import * as portal from './portal-manager.service.ts';
import { listPushes } from './portal-push.ts';
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
    bind(listPortalPushesCall, async (ctx) => {
      const actor = companyActor(ctx);
      await portal.getTemplate(deps, actor, ctx.input.portalId);
      return listPushes(deps, actor.scope, ctx.input, ctx.lang);
    }),
    bind(listPortalClientsCall, async (ctx) => clients.currentClients(deps, companyActor(ctx), ctx.input)),
    bind(listPortalClientHistoryCall, async (ctx) =>
      clients.clientHistory(deps, companyActor(ctx), ctx.input),
    ),
    bind(renamePortalClientCall, async (ctx) => clients.renameClient(deps, companyActor(ctx), ctx.input)),
    bind(blockPortalClientCall, async (ctx) => clients.blockClient(deps, companyActor(ctx), ctx.input)),
    bind(unblockPortalClientCall, async (ctx) => clients.unblockClient(deps, companyActor(ctx), ctx.input)),
    bind(listBlockedPortalClientsCall, async (ctx) =>
      clients.blockedClients(deps, companyActor(ctx), ctx.input.portalId),
    ),
    bind(portalUsageCall, async (ctx) => clients.usage(deps, companyActor(ctx), ctx.input)),
    bind(portalTermsHtmlCall, async (ctx) => portal.getTermsHtml(deps, companyActor(ctx), ctx.input)),
    bind(getSplashCall, async (ctx) => showSplash(deps, ctx.input, ctx)),
    bind(acceptSplashCall, async (ctx) => acceptSplash(deps, ctx.input, ctx)),
  ];
}
