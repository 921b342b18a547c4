import {
  captchaCall,
  ErrorCode,
  type LoginSession,
  loginCall,
  queryUserInfoCall,
  type SecondFactorChallenge,
} from '@fleetport/contract';
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

/** Where a sign-in stands: done (go to `next`), or a second factor is due. */
export type SignInStep = { next: string } | { challenge: SecondFactorChallenge };

/**
 * Signs in with the password: either the session (remembered; answers where to go: the super-admin
 * console, the console of the only company, or the company selection) or a second-factor challenge.
 */
export async function signIn(input: SignInInput): Promise<SignInStep> {
  // A previous user's tabs, menus and flags must not leak into this session.
  forgetSession();
  reloadTabsFromStorage();
  queryClient.clear();
  const result = await apiCall(loginCall, input, { silent: true });
  if ('challenge' in result) return { challenge: result };
  return { next: await startSession(result) };
}

/** Keeps the session's ticket and key, remembers the user and answers where to go. */
export async function startSession(result: LoginSession): Promise<string> {
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
