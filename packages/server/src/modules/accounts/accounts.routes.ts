import {
  checkCellphoneCall,
  registerCall,
  resetPasswordCall,
  sendCodeCall,
  sendEmailCodeCall,
  updateMyAccountCall,
  updatePasswordCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { noPermission } from '../../platform/errors.ts';
import { bind, requireSession } from '../../platform/http/calls.ts';
import * as accounts from './accounts.service.ts';
import * as store from './accounts.store.ts';
import { codeRequester, sendEmailCode } from './codes.service.ts';
import { normalizeAccount } from './login-account.ts';

export function accountRoutes(deps: ModuleDeps<'clock' | 'config' | 'db' | 'mailer' | 'sms'>) {
  return [
    bind(registerCall, async ({ input, lang }) => accounts.register(deps, input, lang)),
    bind(resetPasswordCall, async ({ input, lang }) => {
      await accounts.resetPassword(deps, input, lang);
      return null;
    }),
    bind(sendEmailCodeCall, async ({ input, lang, request }) => {
      await sendEmailCode(deps, normalizeAccount(input.email), lang, codeRequester(deps, request.ip));
      return null;
    }),
    bind(sendCodeCall, async ({ input, lang, request }) => {
      await accounts.sendCode(deps, input, lang, codeRequester(deps, request.ip));
      return null;
    }),
    bind(checkCellphoneCall, async ({ input }) => {
      await accounts.checkCellphone(deps, input.cellphone, input.src);
      return null;
    }),
    bind(updatePasswordCall, async (ctx) => {
      await accounts.updateOwnPassword(deps, requireSession(ctx), ctx.input, ctx.lang);
      return null;
    }),
    bind(updateMyAccountCall, async (ctx) => {
      const session = requireSession(ctx);
      // The console recognises the Super Admin by this exact name (core §6), so it stays.
      if (session.superAdmin) throw noPermission();
      await store.updateUserName(deps.db, session.userId, ctx.input.userName);
      return null;
    }),
  ];
}
