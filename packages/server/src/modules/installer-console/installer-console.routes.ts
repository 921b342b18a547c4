import {
  addSowTemplateCall,
  applyInstallerLicenceCall,
  deleteSowTemplateCall,
  getSowTemplateCall,
  grantInstallerTrialCall,
  installerDashboardCall,
  installerLicenceStatusCall,
  listSowTemplatesCall,
  updateSowTemplateCall,
  verifyInstallerLicenceCall,
} from '@fleetport/contract';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import * as installer from './installer-console.service.ts';
import * as sow from './sow-templates.service.ts';

/** The installer console's calls: its licence (check, status, apply, the Super Admin's trial), dashboard and SOW templates. */
export function installerConsoleRoutes(deps: installer.InstallerConsoleDeps & sow.SowDeps) {
  return [
    bind(verifyInstallerLicenceCall, async (ctx) => installer.verifyLicence(deps, companyActor(ctx))),
    bind(installerLicenceStatusCall, async (ctx) => installer.licenceStatus(deps, companyActor(ctx))),
    bind(applyInstallerLicenceCall, async (ctx) =>
      installer.applyLicence(deps, companyActor(ctx), ctx.input),
    ),
    bind(grantInstallerTrialCall, async (ctx) => installer.grantTrial(deps, ctx.input.companyId)),
    bind(installerDashboardCall, async (ctx) => installer.dashboard(deps, companyActor(ctx))),
    bind(listSowTemplatesCall, async (ctx) => sow.listSowTemplates(deps, companyActor(ctx), ctx.input)),
    bind(getSowTemplateCall, async (ctx) => sow.getSowTemplate(deps, companyActor(ctx), ctx.input.sowId)),
    bind(addSowTemplateCall, async (ctx) => sow.addSowTemplate(deps, companyActor(ctx), ctx.input)),
    bind(updateSowTemplateCall, async (ctx) => sow.updateSowTemplate(deps, companyActor(ctx), ctx.input)),
    bind(deleteSowTemplateCall, async (ctx) =>
      sow.deleteSowTemplate(deps, companyActor(ctx), ctx.input.sowId),
    ),
  ];
}
