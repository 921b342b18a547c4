import {
  createTemplateCall,
  deleteTemplateCall,
  getProvisioningCall,
  getTemplatesCall,
  setTemplateEnabledCall,
  updateTemplateCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import * as templates from './device-templates.service.ts';
import { listProvisioning } from './provisioning.service.ts';

/** Zero-touch templates and the provisioning list: the actor from the session, the service, the answer. */
export function deviceTemplateRoutes(deps: ModuleDeps<'db' | 'clock' | 'files'>) {
  // Routers download the template's packages from the address the console reached this server by,
  // as for a person's install (docs/decisions.md "Zero-touch templates").
  const originOf = (ctx: { request: { protocol: string; host: string } }) =>
    `${ctx.request.protocol}://${ctx.request.host}`;
  return [
    bind(getTemplatesCall, async (ctx) => templates.listTemplates(deps, companyActor(ctx), ctx.input)),
    bind(createTemplateCall, async (ctx) =>
      templates.createTemplate(deps, companyActor(ctx), ctx.input, originOf(ctx)),
    ),
    bind(updateTemplateCall, async (ctx) =>
      templates.editTemplate(deps, companyActor(ctx), ctx.input, originOf(ctx)),
    ),
    bind(setTemplateEnabledCall, async (ctx) =>
      templates.setTemplateEnabled(deps, companyActor(ctx), ctx.input),
    ),
    bind(deleteTemplateCall, async (ctx) =>
      templates.removeTemplate(deps, companyActor(ctx), ctx.input.templateId),
    ),
    bind(getProvisioningCall, async (ctx) => listProvisioning(deps, companyActor(ctx), ctx.lang, ctx.input)),
  ];
}
