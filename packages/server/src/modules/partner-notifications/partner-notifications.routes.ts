import {
  alertEmailSettingsCall,
  clearSmtpCall,
  createNoticeCall,
  deleteNoticeCall,
  listNoticesCall,
  markNoticesReadCall,
  noticeCustomersCall,
  publishNoticeCall,
  receivedNoticesCall,
  saveAlertEmailCall,
  saveSmtpCall,
  testSmtpCall,
  unpublishNoticeCall,
  updateNoticeCall,
} from '@fleetport/contract';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import * as emails from './alert-emails.service.ts';
import * as notices from './notices.service.ts';

/** The partner notifications area's calls: the actor from the session, the service, the answer. */
export function partnerNotificationRoutes(deps: emails.AlertEmailDeps) {
  return [
    bind(listNoticesCall, (ctx) => notices.listNotices(deps, companyActor(ctx), ctx.input)),
    bind(noticeCustomersCall, (ctx) => notices.noticeCustomers(deps, companyActor(ctx))),
    bind(createNoticeCall, (ctx) => notices.createNotice(deps, companyActor(ctx), ctx.input)),
    bind(updateNoticeCall, (ctx) => notices.updateNotice(deps, companyActor(ctx), ctx.input)),
    bind(publishNoticeCall, (ctx) => notices.publishNotice(deps, companyActor(ctx), ctx.input.noticeId)),
    bind(unpublishNoticeCall, (ctx) => notices.unpublishNotice(deps, companyActor(ctx), ctx.input.noticeId)),
    bind(deleteNoticeCall, (ctx) => notices.deleteNotice(deps, companyActor(ctx), ctx.input.noticeId)),
    bind(receivedNoticesCall, (ctx) => notices.receivedNotices(deps, companyActor(ctx), ctx.input)),
    bind(markNoticesReadCall, (ctx) => notices.markNoticesRead(deps, companyActor(ctx), ctx.input)),
    bind(alertEmailSettingsCall, (ctx) => emails.alertEmailSettings(deps, companyActor(ctx))),
    bind(saveAlertEmailCall, (ctx) => emails.saveAlertEmail(deps, companyActor(ctx), ctx.input)),
    bind(saveSmtpCall, (ctx) => emails.saveSmtp(deps, companyActor(ctx), ctx.input)),
    bind(clearSmtpCall, (ctx) => emails.clearSmtp(deps, companyActor(ctx))),
    bind(testSmtpCall, (ctx) => emails.sendTestMail(deps, companyActor(ctx), ctx.input, ctx.lang)),
  ];
}
