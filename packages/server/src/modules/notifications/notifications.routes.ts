import {
  clearMailServerCall,
  createWebhookCall,
  deleteWebhookCall,
  getMailServerCall,
  getNotificationChoicesCall,
  listWebhookDeliveriesCall,
  listWebhooksCall,
  replayEventsCall,
  saveMailServerCall,
  saveNotificationChoicesCall,
  testMailServerCall,
  testWebhookCall,
  unsubscribeCall,
  unsubscribeOneClickCall,
  updateWebhookCall,
} from '@fleetport/contract';
import { companyActor, owningScope } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import { forgetSmtp, smtpOf, storeSmtp, trySmtp } from '../partner-notifications/alert-emails.service.ts';
import { myChoices, saveMyChoices } from './notification-choices.service.ts';
import * as notifications from './notifications.service.ts';

/** Webhooks, the event replay and the mail's unsubscribe link. */
export function notificationRoutes(deps: notifications.NotificationDeps) {
  return [
    bind(listWebhooksCall, async (ctx) => notifications.getWebhooks(deps, companyActor(ctx))),
    bind(createWebhookCall, async (ctx) => notifications.createWebhook(deps, companyActor(ctx), ctx.input)),
    bind(updateWebhookCall, async (ctx) => {
      const { webhookId, ...values } = ctx.input;
      return notifications.editWebhook(deps, companyActor(ctx), webhookId, values);
    }),
    bind(deleteWebhookCall, async (ctx) =>
      notifications.removeWebhook(deps, companyActor(ctx), ctx.input.webhookId),
    ),
    bind(testWebhookCall, async (ctx) =>
      notifications.testWebhook(deps, companyActor(ctx), ctx.input.webhookId),
    ),
    bind(listWebhookDeliveriesCall, async (ctx) =>
      notifications.getDeliveries(deps, companyActor(ctx), ctx.input),
    ),
    bind(replayEventsCall, async (ctx) => notifications.replayEvents(deps, companyActor(ctx), ctx.input)),
    bind(unsubscribeCall, async (ctx) => notifications.unsubscribe(deps, ctx.input.token)),
    bind(unsubscribeOneClickCall, async (ctx) => notifications.unsubscribe(deps, ctx.input.token)),
    // The company's own SMTP server: the partner consoles' settings, for every company's administrators.
    bind(getMailServerCall, async (ctx) => smtpOf(deps, owningScope(companyActor(ctx).scope))),
    bind(saveMailServerCall, async (ctx) => storeSmtp(deps, owningScope(companyActor(ctx).scope), ctx.input)),
    bind(clearMailServerCall, async (ctx) => forgetSmtp(deps, owningScope(companyActor(ctx).scope))),
    // Each person's own notification choices: the caller's cells only.
    bind(getNotificationChoicesCall, async (ctx) => myChoices(deps, companyActor(ctx))),
    bind(saveNotificationChoicesCall, async (ctx) => saveMyChoices(deps, companyActor(ctx), ctx.input)),
    bind(testMailServerCall, async (ctx) =>
      trySmtp(deps, owningScope(companyActor(ctx).scope), ctx.input, ctx.lang),
    ),
  ];
}
