import type { z } from 'zod';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * Who may make a call:
 * - `public`: no ticket needed (login, registration, health ...)
 * - `session`: any signed-in user of the current company
 * - `superAdmin`: only the Super Admin
 * - any other string is a funCode of the permission tree; the server checks the role holds it.
 */
export type Permission = 'public' | 'session' | 'superAdmin' | (string & {});

/**
 * One call of the console API. `input` is the JSON body for POST/PUT/PATCH and the query string
 * for GET/DELETE; `output` is the envelope's `data`. Paths are relative to the API prefix.
 */
export interface CallDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** Stable id, `<area>.<name>`, used for logs, OpenAPI operation ids and the activity log. */
  id: string;
  method: HttpMethod;
  path: string;
  input: I;
  output: O;
  permission: Permission;
  /** One line for the API documentation. */
  summary: string;
  /** True when the call changes something: it is written to the activity log. */
  mutates?: boolean;
  /** List calls answer `{list, total}` and the envelope carries pageNum/pageSize/total. */
  paged?: boolean;
  /**
   * Only administrators (core §6 admin flag by roleType) may make the call: others get 6 "not an
   * administrator" before the funCode is checked.
   */
  adminOnly?: boolean;
  /**
   * The request is multipart/form-data: `input` is its fields (sent before the files), and the
   * handler streams the file parts itself. Permission, session and activity log apply as usual.
   */
  upload?: boolean;
  /** The answer is the bytes of a file, not an envelope; errors are still envelopes. */
  download?: boolean;
  /**
   * The request is an HTML form post (application/x-www-form-urlencoded, or multipart/form-data
   * without files): `input` is the query string's fields and the form's together. For senders that
   * cannot send JSON, such as a mail client's RFC 8058 one-click unsubscribe. Other calls refuse forms.
   */
  form?: boolean;
}

/** Keeps the path's literal type, so test fakes can be typed by path (`OutputOfPath`). */
export function defineCall<I extends z.ZodType, O extends z.ZodType, const P extends string = string>(
  def: CallDef<I, O> & { path: P },
): CallDef<I, O> & { path: P } {
  return def;
}

export type CallInput<C> = C extends CallDef<infer I, z.ZodType> ? z.input<I> : never;
export type CallParsedInput<C> = C extends CallDef<infer I, z.ZodType> ? z.output<I> : never;
export type CallOutput<C> = C extends CallDef<z.ZodType, infer O> ? z.output<O> : never;
