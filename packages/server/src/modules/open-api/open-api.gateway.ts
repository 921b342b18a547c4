import { createHash } from 'node:crypto';
import {
  buildOpenApiV1Document,
  ErrorCode,
  localizeIssues,
  OPEN_API_IDEMPOTENCY_HOURS,
  OPEN_API_IDEMPOTENCY_KEY_MAX,
  OPEN_API_INTERFACES,
  OPEN_API_PREFIX,
  type OpenApiInterface,
  summarizeFieldErrors,
} from '@fleetport/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps.ts';
import { type CompanyScope, companyScope } from '../../platform/auth/actor.ts';
import { AppError, isAppError } from '../../platform/errors.ts';
import { languageOf } from '../../platform/http/calls.ts';
import { errorEnvelope, okEnvelope } from '../../platform/http/envelope.ts';
import { companyDisabled } from '../super-admin/super-admin-gates.ts';
import { INTERFACE_HANDLERS } from './open-api.handlers.ts';
import { admitCall, openApiError, statusOfError } from './open-api.limit.ts';
import { hashSecret } from './open-api.service.ts';
import {
  type ClientRow,
  claimIdempotencyKey,
  companyTree,
  insertCallLog,
  releaseIdempotencyKey,
  saveIdempotentAnswer,
  tokenByHash,
} from './open-api.store.ts';
import { registerTokenCall } from './open-api.token.ts';

/**
 * The open API's gateway (issue 18): bearer tokens, the per-client token bucket, interface and scope
 * checks, idempotent writes and the calling log, in front of the handlers of open-api.handlers.ts.
 * Every answer is the envelope with an honest HTTP status (docs/api.md "Open API").
 */

/** The companies a client reaches: its own, and for a partner every company below it. */
async function scopeOfClient(deps: AppDeps, client: ClientRow): Promise<CompanyScope> {
  const ids = await companyTree(deps.db, Number(client.company_id));
  return ids.length === 1 ? companyScope(Number(client.company_id)) : { kind: 'companies', companyIds: ids };
}

function parsePart(schema: z.ZodObject, raw: unknown, lang: 'en' | 'cn', where: string) {
  const result = schema.safeParse(raw ?? {}, { reportInput: true });
  if (result.success) return result.data as Record<string, unknown>;
  const fields = localizeIssues(result.error, lang).map((f) => ({ ...f, field: `${where}.${f.field}` }));
  throw new AppError(ErrorCode.PARAMETER_ERROR, { fields }, 400, summarizeFieldErrors(fields));
}

function requestHash(def: OpenApiInterface, request: FastifyRequest): string {
  return createHash('sha256')
    .update(JSON.stringify([def.id, request.params, request.query, request.body ?? null]))
    .digest('hex');
}

async function answerInterface(
  deps: AppDeps,
  def: OpenApiInterface,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const lang = languageOf(request);
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const found = bearer ? await tokenByHash(deps.db, hashSecret(bearer)) : undefined;
  if (!found) {
    reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
    throw openApiError(ErrorCode.OPEN_API_TOKEN_INVALID);
  }
  request.openApiCaller = { client: found, interfaceId: def.id, code: 0 };
  if (!found.enabled) throw openApiError(ErrorCode.OPEN_API_INVALID_CLIENT);
  // A company the Super Admin disabled is refused here as on the console (610041), token or not.
  if (await companyDisabled(deps, Number(found.company_id))) throw openApiError(ErrorCode.COMPANY_DISABLED);
  if (found.expires_at.getTime() <= deps.clock.now().getTime()) {
    reply.header('WWW-Authenticate', 'Bearer error="invalid_token", error_description="expired"');
    throw openApiError(ErrorCode.OPEN_API_TOKEN_EXPIRED);
  }
  await admitCall(deps, found, reply);
  if (!found.all_interfaces && !found.interfaces.includes(def.id))
    throw openApiError(ErrorCode.OPEN_API_INTERFACE_NOT_AUTHORISED, { interfaceId: def.id });
  if (def.adminOnly && !found.is_admin) throw openApiError(ErrorCode.OPEN_API_ADMIN_ONLY);
  if (!found.token_scopes.includes(def.scope)) {
    reply.header('WWW-Authenticate', `Bearer error="insufficient_scope", scope="${def.scope}"`);
    throw openApiError(ErrorCode.OPEN_API_SCOPE_MISSING, { scope: def.scope });
  }
  const params = parsePart(def.params, request.params, lang, 'path');
  const query = parsePart(def.query, request.query, lang, 'query');
  const body = def.body ? parsePart(def.body, request.body, lang, 'body') : null;
  const run = async () => {
    const data = await INTERFACE_HANDLERS[def.id]!(deps, {
      scope: await scopeOfClient(deps, found),
      clientId: Number(found.id),
      params,
      query,
      body,
    });
    const checked = def.output.safeParse(data);
    if (!checked.success) {
      request.log.error(
        { interfaceId: def.id, issues: checked.error.issues },
        'answer does not match its contract',
      );
      throw new AppError(ErrorCode.INTERNAL_ERROR, null, 500);
    }
    return okEnvelope(data, lang);
  };
  if (!def.mutates) return run();
  return idempotently(deps, def, found, request, reply, run);
}

/** A write runs once per Idempotency-Key; the first answer is replayed for 24 h. */
async function idempotently(
  deps: AppDeps,
  def: OpenApiInterface,
  client: ClientRow,
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => Promise<unknown>,
) {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || key.length === 0 || key.length > OPEN_API_IDEMPOTENCY_KEY_MAX)
    throw openApiError(ErrorCode.OPEN_API_IDEMPOTENCY_KEY_MISSING);
  const now = deps.clock.now();
  const hash = requestHash(def, request);
  const claim = await claimIdempotencyKey(deps.db, {
    clientId: Number(client.id),
    key,
    requestHash: hash,
    at: now,
    expiredBefore: new Date(now.getTime() - OPEN_API_IDEMPOTENCY_HOURS * 3_600_000),
  });
  if (!claim.claimed) {
    const existing = claim.existing;
    if (!existing || existing.request_hash !== hash)
      throw openApiError(ErrorCode.OPEN_API_IDEMPOTENCY_KEY_REUSED);
    if (existing.status === null) throw openApiError(ErrorCode.OPEN_API_IDEMPOTENCY_IN_PROGRESS);
    const stored = typeof existing.response === 'string' ? JSON.parse(existing.response) : existing.response;
    reply.header('Idempotent-Replayed', 'true');
    if (request.openApiCaller) request.openApiCaller.code = (stored as { code?: number }).code ?? 0;
    return reply.status(existing.status).send(stored);
  }
  try {
    const envelope = await run();
    await saveIdempotentAnswer(deps.db, Number(client.id), key, { status: 200, response: envelope });
    return envelope;
  } catch (error) {
    if (isAppError(error) && statusOfError(error) < 500) {
      const envelope = errorEnvelope(error.code, languageOf(request), error.data, error.detail);
      await saveIdempotentAnswer(deps.db, Number(client.id), key, {
        status: statusOfError(error),
        response: envelope,
      });
    } else {
      await releaseIdempotencyKey(deps.db, Number(client.id), key);
    }
    throw error;
  }
}

/** Serves the open API under OPEN_API_PREFIX, outside the console API's prefix and its sessions. */
export async function registerOpenApi(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const document = buildOpenApiV1Document(deps.version);
  await app.register(
    async (api) => {
      // The token call takes an RFC 6749 form as plain fields: this scope's own parser replaces the
      // console's (which keeps a form apart for the calls that accept one).
      if (api.hasContentTypeParser('application/x-www-form-urlencoded'))
        api.removeContentTypeParser('application/x-www-form-urlencoded');
      api.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_request, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(body as string)));
        },
      );
      api.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
        const lang = languageOf(request);
        let code: number;
        let status: number;
        let sent: ReturnType<typeof errorEnvelope>;
        if (isAppError(error)) {
          code = error.code;
          status = statusOfError(error);
          sent = errorEnvelope(error.code, lang, error.data, error.detail);
        } else if (
          typeof error.statusCode === 'number' &&
          error.statusCode >= 400 &&
          error.statusCode < 500
        ) {
          code = ErrorCode.PARAMETER_ERROR;
          status = 400;
          sent = errorEnvelope(code, lang, null, error.message);
        } else {
          request.log.error({ err: error }, 'open API call failed');
          code = ErrorCode.INTERNAL_ERROR;
          status = 500;
          sent = errorEnvelope(code, lang);
        }
        if (request.openApiCaller) request.openApiCaller.code = code;
        return reply.status(status).send(sent);
      });
      api.setNotFoundHandler((request, reply) =>
        reply.status(404).send(errorEnvelope(ErrorCode.OPEN_API_NOT_FOUND, languageOf(request))),
      );
      // Every call of a known client is recorded, refusals included.
      api.addHook('onResponse', async (request, reply) => {
        const caller = request.openApiCaller;
        if (!caller) return;
        try {
          await insertCallLog(deps.db, {
            company_id: Number(caller.client.company_id),
            client_id: Number(caller.client.id),
            client_name: caller.client.name,
            client_key: caller.client.client_key,
            interface_id: caller.interfaceId,
            method: request.method,
            path: (request.url.split('?')[0] ?? '').slice(0, 300),
            status: reply.statusCode,
            code: caller.code,
            duration_ms: Math.round(reply.elapsedTime),
            at: deps.clock.now(),
          });
        } catch (error) {
          request.log.warn({ err: error }, 'open API call not logged');
        }
      });
      api.get('/openapi.json', async () => document);
      registerTokenCall(api, deps);
      for (const def of OPEN_API_INTERFACES) {
        api.route({
          method: def.method,
          url: def.path,
          handler: (request, reply) => answerInterface(deps, def, request, reply),
        });
      }
    },
    { prefix: OPEN_API_PREFIX },
  );
}
