import {
  addPackageVersionCall,
  deletePackageVersionCall,
  getPackageCall,
  listPackagesCall,
  searchTargetCompaniesCall,
  setPackagePublishedCall,
  setPackageTargetCall,
} from '@fleetport/contract';
import { companyActor } from '../../platform/auth/actor.ts';
import type { Session } from '../../platform/auth/session.ts';
import { bind } from '../../platform/http/calls.ts';
import * as appCentre from './app-centre.service.ts';

/**
 * The caller of a catalogue call: the Super Admin manages the platform's packages; anyone else acts
 * for its company's scope (its own apps, and what the platform published to it).
 */
function catalogueCaller(ctx: { session: Session | null }): appCentre.CatalogueCaller {
  if (ctx.session?.superAdmin) return { viewer: { kind: 'platform' }, userId: ctx.session.userId };
  const actor = companyActor(ctx);
  return { viewer: { kind: 'company', scope: actor.scope }, userId: actor.userId };
}

/** The app centre's calls: the catalogue, a package's history, uploads, publication and deletion. */
export function appCentreRoutes(deps: appCentre.AppCentreDeps) {
  const viewer = (ctx: { session: Session | null }) => catalogueCaller(ctx).viewer;
  return [
    bind(listPackagesCall, async (ctx) => appCentre.listPackages(deps, viewer(ctx), ctx.input)),
    bind(getPackageCall, async (ctx) => appCentre.getPackage(deps, viewer(ctx), ctx.input.packageId)),
    bind(addPackageVersionCall, async (ctx) => appCentre.addVersion(deps, catalogueCaller(ctx), ctx.input)),
    bind(setPackagePublishedCall, async (ctx) =>
      appCentre.setPublished(deps, viewer(ctx), ctx.input.versionId, ctx.input.published),
    ),
    bind(setPackageTargetCall, async (ctx) =>
      appCentre.setTarget(deps, ctx.input.versionId, ctx.input.target),
    ),
    bind(deletePackageVersionCall, async (ctx) =>
      appCentre.removeVersion(deps, viewer(ctx), ctx.input.versionId),
    ),
    bind(searchTargetCompaniesCall, async (ctx) => appCentre.searchCompanies(deps, ctx.input.search)),
  ];
}
