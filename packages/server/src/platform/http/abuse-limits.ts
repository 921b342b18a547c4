import rateLimit from '@fastify/rate-limit';
import {
  acceptInvitationCall,
  acceptSplashCall,
  type CallDef,
  captchaCall,
  checkCellphoneCall,
  ErrorCode,
  getInvitationCall,
  getSplashCall,
  loginCall,
  loginSecondFactorCall,
  MAX_JSON_DEPTH,
  PORTAL_SPLASH_PER_MINUTE,
  refuseInvitationCall,
  registerCall,
  resetPasswordCall,
  sendCodeCall,
  sendEmailCodeCall,
} from '@fleetport/contract';
import type { FastifyInstance } from 'fastify';
import type { AbuseLimits } from '../config.ts';
import { AppError } from '../errors.ts';
import { FORM_BODY } from './multipart.ts';

type LimitKind = 'signIn' | 'captcha' | 'registration' | 'codes' | 'splash';

/**
 * The anonymous calls a stranger can make in a loop, by the budget they draw from. Each kind is
 * counted per remote address on top of the per-account ladder (14010/14030/14031) and the
 * per-recipient code interval (14081).
 */
const LIMITED_CALLS: ReadonlyArray<readonly [CallDef, LimitKind]> = [
  [loginCall, 'signIn'],
  [loginSecondFactorCall, 'signIn'],
  [captchaCall, 'captcha'],
  [registerCall, 'registration'],
  [resetPasswordCall, 'registration'],
  [getInvitationCall, 'registration'],
  [acceptInvitationCall, 'registration'],
  [refuseInvitationCall, 'registration'],
  [sendEmailCodeCall, 'codes'],
  [sendCodeCall, 'codes'],
  [checkCellphoneCall, 'codes'],
  [getSplashCall, 'splash'],
  [acceptSplashCall, 'splash'],
];

const MINUTE_MS = 60_000;

function perMinute(limits: AbuseLimits, kind: LimitKind): number {
  if (kind === 'signIn') return limits.signInPerMinute;
  if (kind === 'captcha') return limits.captchaPerMinute;
  if (kind === 'registration') return limits.registrationPerMinute;
  if (kind === 'splash') return PORTAL_SPLASH_PER_MINUTE;
  return limits.codesPerMinute;
}

/** Nesting depth of a JSON text, read without parsing it (strings skipped); stops past `limit`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character.
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > limit) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

/**
 * Per-address limits and small bodies for the anonymous calls, and bounded JSON depth for every
 * call. Must be installed before the calls are registered: the limits attach to routes as they are
 * added. A refusal is HTTP 429 with `Retry-After` and the catalogue code: 14081 for code sending (the
 * spec's "code requested too often"), 14080 for the others; `data` is the seconds to wait.
 */
export async function installAbuseLimits(app: FastifyInstance, limits: AbuseLimits, prefix: string) {
  const kindByUrl = new Map(LIMITED_CALLS.map(([call, kind]) => [prefix + call.path, kind]));
  app.addHook('onRoute', (route) => {
    const kind = kindByUrl.get(route.url);
    if (!kind) return;
    route.bodyLimit = Math.min(route.bodyLimit ?? limits.anonymousBodyLimit, limits.anonymousBodyLimit);
    route.config = {
      ...route.config,
      rateLimit: { max: perMinute(limits, kind), timeWindow: MINUTE_MS, groupId: kind },
    };
  });
  await app.register(rateLimit, {
    global: false,
    // The address the socket came from; behind a proxy, Fastify's trustProxy decides what `ip` is.
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (request, context) => {
      const codes = kindByUrl.get(request.routeOptions.url ?? '') === 'codes';
      return new AppError(
        codes ? ErrorCode.CODE_TOO_OFTEN : ErrorCode.TOO_MANY_REQUESTS,
        Math.max(1, Math.ceil(context.ttl / 1000)),
        429,
      );
    },
  });

  // A deeply nested body costs the parser (and everything after it) far more than its size says.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepthExceeds(body as string, MAX_JSON_DEPTH)) {
      const error = Object.assign(new Error('body: nested too deeply'), {
        statusCode: 400,
        code: 'FP_JSON_TOO_DEEP',
      });
      done(error, undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
  // HTML form posts, for the calls that take them (contract `form`: a mail client's one-click
  // unsubscribe); every other call refuses them (platform/http/calls.ts). Parsed flat, never nested.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, { [FORM_BODY]: Object.fromEntries(new URLSearchParams(body as string)) });
    },
  );
}
