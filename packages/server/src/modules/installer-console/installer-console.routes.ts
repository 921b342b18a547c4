import {
  applyInstallerLicenceCall,
  grantInstallerTrialCall,
  installerDashboardCall,
  installerLicenceStatusCall,
  verifyInstallerLicenceCall,
} from '@fleetport/contract';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import * as installer from './installer-console.service.ts';

/** The installer console's calls: its licence (check, status, apply, the Super Admin's trial) and dashboard. */
export function installerConsoleRoutes(deps: installer.InstallerConsoleDeps) {
  return [
    bind(verifyInstallerLicenceCall, async (ctx) => installer.verifyLicence(deps, companyActor(ctx))),
    bind(installerLicenceStatusCall, async (ctx) => installer.licenceStatus(deps, companyActor(ctx))),
    bind(applyInstallerLicenceCall, async (ctx) =>
      installer.applyLicence(deps, companyActor(ctx), ctx.input),
    ),
    bind(grantInstallerTrialCall, async (ctx) => installer.grantTrial(deps, ctx.input.companyId)),
    bind(installerDashboardCall, async (ctx) => installer.dashboard(deps, companyActor(ctx))),
  ];
}
