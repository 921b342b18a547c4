import {
  type CallDef,
  type CallOutput,
  type CallParsedInput,
  ErrorCode,
  isAdminRoleType,
  type Lang,
  langFromHeader,
  localizeIssues,
  type Page,
  summarizeFieldErrors,
} from '@fleetport/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Session, SessionResolver } from '../auth/session.ts';
import { AppError } from '../errors.ts';
import { okEnvelope, pageEnvelope } from './envelope.ts';

export interface CallContext<C extends CallDef> {
  input: CallParsedInput<C>;
  lang: Lang;
  /** The caller's session; null only on public calls. */
  session: Session | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A contract call bound to the function that answers it. */
export interface RouteBinding {
  call: CallDef;
  handle(ctx: CallContext<CallDef>): Promise<unknown>;
}

export function bind<C extends CallDef>(
  call: C,
  handle: (ctx: CallContext<C>) => Promise<CallOutput<C>>,
): RouteBinding {
  return { call, handle: handle as unknown as RouteBinding['handle'] };
}

/** The session of a non-public call; throws if a handler of a public call asks for one. */
export function requireSession(ctx: { session: Session | null }): Session {
  if (!ctx.session) throw new AppError(ErrorCode.NO_CREDENTIALS);
  return ctx.session;
}

export function languageOf(request: FastifyRequest): Lang {
  return langFromHeader(request.headers.language);
}

/** Validates a call's input against its contract schema; bad input is code 1 naming the field. */
export function parseInput<C extends CallDef>(call: C, raw: unknown, lang: Lang): CallParsedInput<C> {
  const result = call.input.safeParse(raw ?? {}, { reportInput: true });
  if (!result.success) {
    const fields = localizeIssues(result.error, lang);
    throw new AppError(ErrorCode.PARAMETER_ERROR, { fields }, 400, summarizeFieldErrors(fields));
  }
  return result.data as CallParsedInput<C>;
}

export function checkPermission(call: CallDef, session: Session): void {
  if (call.permission === 'session') return;
  if (call.permission === 'superAdmin') {
    if (!session.superAdmin) throw new AppError(ErrorCode.NO_PERMISSION);
    return;
  }
  if (session.superAdmin) return;
  if (call.adminOnly && !isAdminRoleType(session.roleType)) throw new AppError(ErrorCode.NOT_ADMINISTRATOR);
  if (!session.funCodes.has(call.permission)) throw new AppError(ErrorCode.NO_PERMISSION);
}

/** How a call ended, for the activity log: `input` is null when validation refused it. */
export interface CallOutcome {
  call: CallDef;
  request: FastifyRequest;
  session: Session | null;
  input: unknown;
  /** Catalogue code of the answer; 0 success. */
  code: number;
}

export interface RegisterOptions {
  prefix: string;
  sessions: SessionResolver;
  /** Runs after the permission check of every signed-in call; throws to refuse it (e.g. 14091). */
  admit?: (call: CallDef, session: Session) => Promise<void>;
  /** Told how every call whose def `mutates` ended; must not throw. */
  onCallFinished?: (outcome: CallOutcome) => Promise<void>;
}

function codeOfError(error: unknown): number {
  if (error instanceof AppError) return error.code;
  const status = (error as { statusCode?: unknown })?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500
    ? ErrorCode.PARAMETER_ERROR
    : ErrorCode.INTERNAL_ERROR;
}

/**
 * Registers contract calls on Fastify: permission, then validation, then the handler, then the
 * envelope. Public calls skip the session; every other call resolves and checks it first, so an
 * unauthenticated caller learns nothing about the shape of the input.
 */
export function registerCalls(
  app: FastifyInstance,
  bindings: readonly RouteBinding[],
  options: RegisterOptions,
) {
  for (const binding of bindings) {
    const { call } = binding;
    const readsQuery = call.method === 'GET' || call.method === 'DELETE';
    const answer = async (
      request: FastifyRequest,
      reply: FastifyReply,
      seen: { session: Session | null; input: unknown },
    ) => {
      const lang = languageOf(request);
      const session =
        call.permission === 'public' ? null : (request.session ?? (await options.sessions.resolve(request)));
      if (session) {
        request.session = session;
        seen.session = session;
        checkPermission(call, session);
        await options.admit?.(call, session);
      }
      const raw =
        readsQuery && (request.body === undefined || request.body === null) ? request.query : request.body;
      const input = parseInput(call, raw, lang);
      seen.input = input;
      const data = await binding.handle({ input, lang, session, request, reply });
      if (call.paged) {
        const paging = input as { pageNum?: number; pageSize?: number };
        return pageEnvelope(data as Page<unknown>, paging.pageNum ?? 1, paging.pageSize ?? 10, lang);
      }
      return okEnvelope(data ?? null, lang);
    };
    app.route({
      method: call.method,
      url: options.prefix + call.path,
      config: { callId: call.id },
      // The session is resolved before the body is read, so a caller without one cannot make the
      // server parse a large body for a call it may not make.
      ...(call.permission === 'public'
        ? {}
        : {
            onRequest: async (request: FastifyRequest) => {
              request.session = await options.sessions.resolve(request);
            },
          }),
      handler: async (request, reply) => {
        const seen: { session: Session | null; input: unknown } = { session: null, input: null };
        const finish = call.mutates ? options.onCallFinished : undefined;
        try {
          const envelope = await answer(request, reply, seen);
          await finish?.({ call, request, ...seen, code: 0 });
          return envelope;
        } catch (error) {
          await finish?.({ call, request, ...seen, code: codeOfError(error) });
          throw error;
        }
      },
    });
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    session?: Session;
  }
  interface FastifyContextConfig {
    callId?: string;
  }
}
