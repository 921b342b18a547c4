import { captchaCall, ErrorCode, loginCall, queryUserInfoCall } from '@fleetport/contract';
import { ApiError, apiCall } from '../../api/client.ts';
import { saveTicket } from '../../api/ticket-store.ts';
import { queryClient } from '../../app/query-client.ts';
import { landingAfterSignIn } from '../companies/company-queries.ts';
import { shellKeys } from '../shell/shell-queries.ts';
import { reloadTabsFromStorage } from '../shell/tabs-store.ts';
import { forgetSession, rememberUser } from './session-store.ts';

export function fetchCaptcha() {
  return apiCall(captchaCall, {}, { silent: true });
}

export interface SignInInput {
  account: string;
  password: string;
  captcha?: string;
  captchaId?: string;
}

/**
 * Signs in, remembers who the user is and answers where to go: the super-admin console, the
 * console of the only company, or the company selection.
 */
export async function signIn(input: SignInInput): Promise<string> {
  // A previous user's tabs, menus and flags must not leak into this session.
  forgetSession();
  reloadTabsFromStorage();
  queryClient.clear();
  const result = await apiCall(loginCall, input, { silent: true });
  saveTicket({ ticket: result.ticket, key: result.key });
  const info = await apiCall(queryUserInfoCall, {});
  rememberUser(info);
  queryClient.setQueryData(shellKeys.userInfo(), info);
  if (info.rootGroupId === undefined) return '/superAdmin/myAccount';
  return landingAfterSignIn();
}

/** The server asks for a captcha (after a wrong password) or refused the one given. */
export function needsCaptcha(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.code === ErrorCode.CAPTCHA_REQUIRED || error.code === ErrorCode.WRONG_CAPTCHA;
}
