import { type CallDef, type CallInput, type CallOutput, type Envelope, ErrorCode } from '@fleetport/contract';
import { currentLanguage } from '../i18n/index.ts';
import { applyReaction } from './notifier.tsx';
import { codeText, reactionFor } from './reactions.ts';
import { currentPath } from './session-hooks.ts';
import { recentTicketHeader, signedTicketHeader } from './ticket-store.ts';

/** A non-zero envelope code (or a transport failure as -1 / 404) raised by `apiCall`. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const API_PREFIX = '/api';

/** A call that has not answered after this long is reported as a slow network (code 404). */
export const REQUEST_TIMEOUT_MS = 60_000;

export interface CallOptions {
  /** Handle every non-zero code in the caller; no toast or dialog is shown. */
  silent?: boolean;
  signal?: AbortSignal;
  /** Overrides REQUEST_TIMEOUT_MS (the export helper waits longer). */
  timeoutMs?: number;
  /** Extra headers for this call (the export helper's visibleModule). */
  headers?: Record<string, string>;
}

function plainHeaders(now: number): Record<string, string> {
  return {
    language: currentLanguage(),
    // Minutes east of UTC, the sign users expect (UTC+8 -> 480).
    timeZoneOffset: String(-new Date(now).getTimezoneOffset()),
  };
}

/** core §7 "Conventions": language, timeZoneOffset and the signed ticket on every call. */
export async function requestHeaders(now = Date.now()): Promise<Record<string, string>> {
  const headers = plainHeaders(now);
  const ticket = await signedTicketHeader(now);
  if (ticket) headers.ticket = ticket;
  return headers;
}

/** The same at once, with the header signed last (a request sent as the page goes away). */
export function requestHeadersNow(now = Date.now()): Record<string, string> {
  const headers = plainHeaders(now);
  const ticket = recentTicketHeader(60_000, now);
  if (ticket) headers.ticket = ticket;
  return headers;
}

/** GET and DELETE send their input as query parameters, array keys repeated. */
export function queryString(input: unknown): string {
  if (!input || typeof input !== 'object') return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Raises the error and, unless the caller handles it, shows the catalogue's reaction. */
function fail(code: number, data: unknown, msg: string | undefined, options: CallOptions): never {
  const lang = currentLanguage();
  const error = new ApiError(code, codeText(code, data, lang, msg), data);
  if (!options.silent) applyReaction(reactionFor(code, data, { lang, path: currentPath(), msg }));
  throw error;
}

/** Fetches and reads the envelope; a time-out is 404 (check the network), anything else -1. */
async function fetchEnvelope(url: string, init: RequestInit, options: CallOptions): Promise<Envelope> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const cancel = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) cancel();
  else options.signal?.addEventListener('abort', cancel);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    const envelope = (await response.json()) as Envelope;
    if (typeof envelope?.code !== 'number') return fail(ErrorCode.REQUEST_ERROR, null, undefined, options);
    return envelope;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) return fail(ErrorCode.NOT_FOUND, null, undefined, options);
    // The caller cancelled (a query went stale): nobody is waiting for an answer.
    if (options.signal?.aborted) throw error;
    return fail(ErrorCode.REQUEST_ERROR, null, undefined, options);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}

/** Sends a POST body to a path that is not a contract call as such (the export helper's). */
export async function sendToPath(
  method: CallDef['method'],
  path: string,
  body: unknown,
  options: CallOptions = {},
): Promise<Envelope> {
  const readsQuery = method === 'GET' || method === 'DELETE';
  const headers = { ...(await requestHeaders()), ...options.headers };
  // Signing is asynchronous: a caller may have given up meanwhile.
  options.signal?.throwIfAborted();
  if (!readsQuery) headers['content-type'] = 'application/json';
  const url = API_PREFIX + path + (readsQuery ? queryString(body) : '');
  const envelope = await fetchEnvelope(
    url,
    { method, headers, ...(readsQuery ? {} : { body: JSON.stringify(body ?? {}) }) },
    options,
  );
  if (envelope.code !== ErrorCode.SUCCESS) fail(envelope.code, envelope.data, envelope.msg, options);
  return envelope;
}

/**
 * The one way the console talks to the server: sets the language, timeZoneOffset and ticket
 * headers, reads the envelope and applies the catalogue's reaction for a non-zero code.
 * Resolves with the envelope's `data`; rejects with ApiError.
 */
export async function apiCall<C extends CallDef>(call: C, input?: CallInput<C>, options: CallOptions = {}) {
  const envelope = await sendCall(call, input, options);
  return envelope.data as CallOutput<C>;
}

/** Like apiCall but resolves with the whole envelope (paged lists read total/pageNum from it). */
export async function sendCall<C extends CallDef>(
  call: C,
  input?: CallInput<C>,
  options: CallOptions = {},
): Promise<Envelope<CallOutput<C>>> {
  return (await sendToPath(call.method, call.path, input, options)) as Envelope<CallOutput<C>>;
}
