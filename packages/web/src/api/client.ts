import type { CallDef, CallInput, CallOutput, Envelope } from '@fleetport/contract';
import { currentLanguage } from '../i18n/index.ts';

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

export interface CallOptions {
  /** Handle every non-zero code in the caller; no toast or dialog is shown. */
  silent?: boolean;
  signal?: AbortSignal;
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
  const readsQuery = call.method === 'GET' || call.method === 'DELETE';
  let url = API_PREFIX + call.path;
  if (readsQuery && input && Object.keys(input as object).length) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
      if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
      else if (value !== undefined && value !== null) params.append(key, String(value));
    }
    url += `?${params.toString()}`;
  }
  const headers: Record<string, string> = {
    language: currentLanguage(),
    timeZoneOffset: String(-new Date().getTimezoneOffset()),
  };
  if (!readsQuery) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method: call.method,
    headers,
    ...(readsQuery ? {} : { body: JSON.stringify(input ?? {}) }),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const envelope = (await response.json()) as Envelope<CallOutput<C>>;
  if (envelope.code !== 0) throw new ApiError(envelope.code, envelope.msg, envelope.data);
  return envelope;
}
