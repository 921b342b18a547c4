import {
  brandingLogoCall,
  consoleBrandingCall,
  getBrandingCall,
  getCompanyMapConfigCall,
  getMapKeysCall,
  getOemSettingCall,
  setBrandingCall,
  setMapKeysCall,
  setOemSettingCall,
} from '@fleetport/contract';
import { companyActor, companyActorIfAny } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import * as branding from './branding.service.ts';
import * as mapKeys from './map-keys.ts';

/** The branding area's calls: a partner's and a company's OEM settings, what a console shows, and the logo's bytes. */
export function brandingRoutes(deps: branding.BrandingDeps) {
  return [
    bind(getBrandingCall, async (ctx) => branding.getBranding(deps, companyActor(ctx))),
    bind(setBrandingCall, async (ctx) => branding.setBranding(deps, companyActor(ctx), ctx.input)),
    bind(getOemSettingCall, async (ctx) => branding.getOem(deps, companyActor(ctx))),
    bind(setOemSettingCall, async (ctx) => branding.setOem(deps, companyActor(ctx), ctx.input)),
    bind(getMapKeysCall, async (ctx) => mapKeys.getMapKeys(deps, companyActor(ctx))),
    bind(setMapKeysCall, async (ctx) => mapKeys.setMapKeys(deps, companyActor(ctx), ctx.input)),
    bind(getCompanyMapConfigCall, async (ctx) => mapKeys.companyMapConfig(deps, companyActor(ctx))),
    bind(consoleBrandingCall, async (ctx) => branding.consoleBranding(deps, companyActorIfAny(ctx))),
    bind(brandingLogoCall, async (ctx) => {
      const logo = await branding.logoByKey(deps, ctx.input.key);
      // The type is the bytes' own (PNG or JPEG); the browser may not guess another, nor run anything.
      return ctx.reply
        .header('content-type', logo.contentType)
        .header('content-length', logo.size)
        .header('etag', `"${logo.sha256}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline')
        .header('cache-control', 'public, max-age=300')
        .send(logo.stream);
    }),
  ];
}
