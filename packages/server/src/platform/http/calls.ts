import type { MultipartFile } from '@fastify/multipart';
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
import { BODY_TEXT } from './http.text.ts';
import { lingerOnClose } from './linger.ts';
import { badBody, FORM_BODY, readFormFields, readUploadForm, refuseMultipart } from './multipart.ts';

export interface CallContext<C extends CallDef> {
  input: CallParsedInput<C>;
  lang: Lang;
  /** The caller's session; null only on public calls. */
  session: Session | null;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Upload calls (`upload: true`): the file parts, in order, each to be read to its end. */
  files?: AsyncIterable<MultipartFile>;
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
  /** What `describe` told before the handler ran (names of the objects the input points at). */
  described: unknown;
}

export interface RegisterOptions {
  prefix: string;
  sessions: SessionResolver;
  /** Runs after the permission check of every signed-in call; throws to refuse it (e.g. 14091). */
  admit?: (call: CallDef, session: Session, lang: Lang) => Promise<void>;
  /** Told how every call whose def `mutates` ended; must not throw. */
  onCallFinished?: (outcome: CallOutcome) => Promise<void>;
  /**
   * Tests set it: an answer that breaks its call's output schema then names the broken fields in the
   * 500's message, so the test that met it fails loudly. Otherwise the 500 is masked.
   */
  revealBadResponses?: boolean;
  /**
   * Asked before the handler of every call whose def `mutates` runs, with its validated input: what
   * `onCallFinished` will want that the handler may remove (the name of the group it deletes).
   * Must not throw.
   */
  describe?: (call: CallDef, session: Session | null, input: unknown) => Promise<unknown>;
}

/**
 * Checks a handler's answer against its call's `output` schema, so the console's types, the OpenAPI
 * document and the wire agree. A mismatch is a server bug: logged with the fields and answered 500.
 * The answer sent is the handler's own (not the parsed copy), so the check only looks.
 */
export function checkResponse(call: CallDef, data: unknown, request: FastifyRequest, reveal: boolean): void {
  const result = call.output.safeParse(data);
  if (result.success) return;
  const fields = result.error.issues.map(
    (issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`,
  );
  request.log.error({ callId: call.id, fields }, 'answer does not match its contract');
  throw new AppError(
    ErrorCode.INTERNAL_ERROR,
    null,
    500,
    reveal ? `answer of ${call.id} does not match its contract: ${fields.join('; ')}` : undefined,
  );
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
      seen: { session: Session | null; input: unknown; described: unknown },
    ) => {
      const lang = languageOf(request);
      const session =
        call.permission === 'public' ? null : (request.session ?? (await options.sessions.resolve(request)));
      if (session) {
        request.session = session;
        seen.session = session;
        checkPermission(call, session);
        await options.admit?.(call, session, lang);
      }
      let raw: unknown;
      let files: AsyncIterable<MultipartFile> | undefined;
      if (call.upload) {
        ({ fields: raw, files } = await readUploadForm(request, lang));
      } else if (call.form) {
        const body = request.body as { [FORM_BODY]?: Record<string, string> } | null | undefined;
        const form =
          typeof request.isMultipart === 'function' && request.isMultipart()
            ? await readFormFields(request, lang)
            : (body?.[FORM_BODY] ?? {});
        raw = { ...(request.query as Record<string, unknown>), ...form };
      } else {
        refuseMultipart(request, lang);
        if ((request.body as { [FORM_BODY]?: unknown } | null | undefined)?.[FORM_BODY])
          throw badBody(BODY_TEXT.FST_ERR_CTP_INVALID_MEDIA_TYPE!, lang);
        raw =
          readsQuery && (request.body === undefined || request.body === null) ? request.query : request.body;
      }
      const input = parseInput(call, raw, lang);
      seen.input = input;
      if (call.mutates && options.describe) seen.described = await options.describe(call, session, input);
      const data = await binding.handle({
        input,
        lang,
        session,
        request,
        reply,
        ...(files ? { files } : {}),
      });
      // A download has sent the file's bytes itself.
      if (call.download) return reply;
      checkResponse(call, data ?? null, request, options.revealBadResponses === true);
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
        const seen: { session: Session | null; input: unknown; described: unknown } = {
          session: null,
          input: null,
          described: null,
        };
        const finish = call.mutates ? options.onCallFinished : undefined;
        try {
          const envelope = await answer(request, reply, seen);
          await finish?.({ call, request, ...seen, code: 0 });
          return envelope;
        } catch (error) {
          // A refused upload is answered before its body ends: close the connection rather than read
          // (say) the rest of 600 MB only to throw it away, lingering so the client can read the answer.
          if (call.upload) {
            reply.header('connection', 'close');
            lingerOnClose(request);
          }
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
