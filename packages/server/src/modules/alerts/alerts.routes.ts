import {
  acknowledgeAlertCall,
  createAlertRuleCall,
  createAlertSilenceCall,
  deleteAlertRuleCall,
  deleteAlertSilenceCall,
  listAlertRulesCall,
  listAlertSilencesCall,
  listAlertsCall,
  markAlertsReadCall,
  markAllAlertsReadCall,
  setAlertRuleEnabledCall,
  unreadAlertCountCall,
  updateAlertRuleCall,
} from '@fleetport/contract';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import * as alerts from './alerts.service.ts';

/** The alert centre's calls: the actor from the session, the service, the answer. */
export function alertRoutes(deps: alerts.AlertDeps) {
  return [
    bind(listAlertRulesCall, async (ctx) => alerts.getRules(deps, companyActor(ctx), ctx.input)),
    bind(createAlertRuleCall, async (ctx) => alerts.createRule(deps, companyActor(ctx), ctx.input)),
    bind(updateAlertRuleCall, async (ctx) => {
      const { ruleId, ...values } = ctx.input;
      return alerts.editRule(deps, companyActor(ctx), ruleId, values);
    }),
    bind(setAlertRuleEnabledCall, async (ctx) =>
      alerts.enableRule(deps, companyActor(ctx), ctx.input.ruleId, ctx.input.enabled),
    ),
    bind(deleteAlertRuleCall, async (ctx) => alerts.removeRule(deps, companyActor(ctx), ctx.input.ruleId)),
    bind(listAlertsCall, async (ctx) => alerts.getAlerts(deps, companyActor(ctx), ctx.input)),
    bind(acknowledgeAlertCall, async (ctx) =>
      alerts.acknowledge(deps, companyActor(ctx), ctx.input.alertId, ctx.input.note),
    ),
    bind(markAlertsReadCall, async (ctx) => alerts.markRead(deps, companyActor(ctx), ctx.input.alertIds)),
    bind(markAllAlertsReadCall, async (ctx) => alerts.markRead(deps, companyActor(ctx), 'all')),
    bind(unreadAlertCountCall, async (ctx) => alerts.unreadCount(deps, companyActor(ctx))),
    bind(listAlertSilencesCall, async (ctx) => alerts.getSilences(deps, companyActor(ctx))),
    bind(createAlertSilenceCall, async (ctx) => alerts.createSilence(deps, companyActor(ctx), ctx.input)),
    bind(deleteAlertSilenceCall, async (ctx) =>
      alerts.removeSilence(deps, companyActor(ctx), ctx.input.silenceId),
    ),
  ];
}
