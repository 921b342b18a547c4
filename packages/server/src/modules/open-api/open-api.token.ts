import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  OPEN_API_SCOPES,
  OPEN_API_TOKEN_INTERFACE,
  OPEN_API_TOKEN_SECONDS,
} from '@fleetport/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../platform/app-deps.ts';
import { isAppError } from '../../platform/errors.ts';
import { companyDisabled } from '../super-admin/super-admin-gates.ts';
import { admitCall } from './open-api.limit.ts';
import { hashSecret, sameHash } from './open-api.service.ts';
import { clientByKey, insertToken } from './open-api.store.ts';

/**
 * `POST /openapi/v1/oauth/token`: OAuth 2.0 client credentials (RFC 6749 §4.4). The client authenticates
 * with HTTP Basic or `client_id`/`client_secret` in the body (form or JSON); errors are RFC 6749 §5.2's
 * `{error, error_description}` beside the catalogue `code`, so both kinds of client read them.
 */

type OAuthError =
  | 'invalid_request'
  | 'invalid_client'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope';

function refuse(reply: FastifyReply, status: number, error: OAuthError, description: string, code: number) {
  reply.header('Cache-Control', 'no-store');
  return reply.status(status).send({ error, error_description: description, code });
}

/** The client's credentials from Basic auth (RFC 6749 §2.3.1: form-encoded parts) or the body. */
function credentialsOf(authorization: string | undefined, body: Record<string, unknown>) {
  const basic = /^Basic\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (basic) {
    const text = Buffer.from(basic, 'base64').toString('utf8');
    const colon = text.indexOf(':');
    if (colon < 0) return { basic: true };
    return {
      basic: true,
      id: decodeURIComponent(text.slice(0, colon)),
      secret: decodeURIComponent(text.slice(colon + 1)),
    };
  }
  const id = typeof body.client_id === 'string' ? body.client_id : undefined;
  const secret = typeof body.client_secret === 'string' ? body.client_secret : undefined;
  return { basic: false, id, secret };
}

export function registerTokenCall(api: FastifyInstance, deps: AppDeps) {
  api.post('/oauth/token', { bodyLimit: 4096 }, async (request, reply) => {
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
      string,
      unknown
    >;
    let credentials: ReturnType<typeof credentialsOf>;
    try {
      credentials = credentialsOf(request.headers.authorization, body);
    } catch {
      credentials = { basic: true };
    }
    const invalidClient = () => {
      if (credentials.basic) reply.header('WWW-Authenticate', 'Basic realm="openapi"');
      return refuse(
        reply,
        401,
        'invalid_client',
        'client authentication failed',
        ErrorCode.OPEN_API_INVALID_CLIENT,
      );
    };
    if (!credentials.id || !credentials.secret || credentials.id.length > 100) return invalidClient();
    const client = await clientByKey(deps.db, credentials.id);
    if (!client) return invalidClient();
    request.openApiCaller = { client, interfaceId: OPEN_API_TOKEN_INTERFACE, code: 0 };
    try {
      await admitCall(deps, client, reply);
    } catch (error) {
      if (!isAppError(error)) throw error;
      request.openApiCaller.code = error.code;
      reply.header('Cache-Control', 'no-store');
      return reply.status(429).send({
        error: 'rate_limited',
        error_description: 'too many calls: retry after the seconds of Retry-After',
        code: error.code,
      });
    }
    const now = deps.clock.now();
    const given = hashSecret(credentials.secret);
    const current = sameHash(client.secret_hash, given);
    const previous =
      !!client.previous_secret_hash &&
      !!client.previous_secret_until &&
      client.previous_secret_until.getTime() > now.getTime() &&
      sameHash(client.previous_secret_hash, given);
    if (!client.enabled || !(current || previous)) {
      request.openApiCaller.code = ErrorCode.OPEN_API_INVALID_CLIENT;
      return invalidClient();
    }
    // A company the Super Admin disabled gets no new token, as its tokens are refused (610041).
    if (await companyDisabled(deps, Number(client.company_id))) {
      request.openApiCaller.code = ErrorCode.COMPANY_DISABLED;
      return refuse(reply, 403, 'unauthorized_client', 'the company is disabled', ErrorCode.COMPANY_DISABLED);
    }
    const grant = body.grant_type;
    if (grant === undefined || grant === '' || typeof grant !== 'string') {
      request.openApiCaller.code = ErrorCode.PARAMETER_ERROR;
      return refuse(reply, 400, 'invalid_request', 'grant_type is required', ErrorCode.PARAMETER_ERROR);
    }
    if (grant !== 'client_credentials') {
      request.openApiCaller.code = ErrorCode.PARAMETER_ERROR;
      return refuse(
        reply,
        400,
        'unsupported_grant_type',
        'only client_credentials',
        ErrorCode.PARAMETER_ERROR,
      );
    }
    const asked =
      typeof body.scope === 'string' && body.scope.trim() !== '' ? body.scope.trim().split(/\s+/) : null;
    const scopes = asked ?? client.scopes;
    const missing = scopes.find(
      (s) => !client.scopes.includes(s) || !(OPEN_API_SCOPES as readonly string[]).includes(s),
    );
    if (missing !== undefined) {
      request.openApiCaller.code = ErrorCode.OPEN_API_SCOPE_NOT_GRANTED;
      return refuse(
        reply,
        400,
        'invalid_scope',
        `scope not granted: ${missing.slice(0, 64)}`,
        ErrorCode.OPEN_API_SCOPE_NOT_GRANTED,
      );
    }
    const token = randomBytes(32).toString('base64url');
    const granted = [...new Set(scopes)];
    await insertToken(deps.db, {
      hash: hashSecret(token),
      clientId: Number(client.id),
      scopes: granted,
      expiresAt: new Date(now.getTime() + OPEN_API_TOKEN_SECONDS * 1000),
      at: now,
    });
    reply.header('Cache-Control', 'no-store');
    reply.header('Pragma', 'no-cache');
    return {
      access_token: token,
      token_type: 'Bearer',
      expires_in: OPEN_API_TOKEN_SECONDS,
      scope: granted.join(' '),
    };
  });
}
