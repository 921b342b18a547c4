import { captchaCall, loginCall, logoutCall, queryUserInfoCall } from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { endSession } from '../../platform/auth/session.store.ts';
import { bind, requireSession } from '../../platform/http/calls.ts';
import { login } from './auth.service.ts';
import { drawCaptcha, newCaptchaAnswer } from './captcha-image.ts';
import { insertCaptcha } from './login-attempts.store.ts';
import { sessionUserInfo } from './user-info.ts';

export function authRoutes(deps: ModuleDeps<'clock' | 'config' | 'db'>) {
  return [
    bind(loginCall, async ({ input, lang }) => login(deps, input, lang)),
    bind(logoutCall, async (ctx) => {
      await endSession(deps.db, requireSession(ctx).sessionId, 'logout', deps.clock.now());
      return null;
    }),
    bind(captchaCall, async ({ reply }) => {
      const answer = newCaptchaAnswer();
      const captchaId = await insertCaptcha(deps.db, answer, deps.clock.now());
      reply.header('cache-control', 'no-store');
      const image = `data:image/svg+xml;base64,${Buffer.from(drawCaptcha(answer)).toString('base64')}`;
      return { captchaId, image };
    }),
    bind(queryUserInfoCall, async (ctx) => sessionUserInfo(deps.db, requireSession(ctx))),
  ];
}
