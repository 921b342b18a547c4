import type { z } from 'zod';

/**
 * A list's input (page, sort and filters) kept in the address's query string, so a reload or a shared
 * link shows the same page. The call's own input schema decides what a parameter may hold: each field
 * is read alone and one that its schema refuses is dropped (its default applies), and an input the
 * schema refuses as a whole (a range the wrong way round) falls back to the defaults. Nothing in the
 * address can make the console send a call its contract refuses.
 */

/** Fields every paged call takes; the page number is 1 and the page size the call's default unless set. */
export const PAGING_FIELDS = ['pageNum', 'pageSize'] as const;
/** Fields of the calls that sort on the server. */
export const SORT_FIELDS = ['sortField', 'sortOrder'] as const;

export type ListValues = Record<string, unknown>;

export interface ListUrlOptions {
  /** Values the page starts from (a page size, a scope); left out of the address while unchanged. */
  defaults?: ListValues;
  /** Values the page fixes (the group of a group's device list): never read from, nor written to, the address. */
  fixed?: ListValues;
  /** Prepended to each parameter's name (`invitations.pageNum`) when two lists share a page. */
  prefix?: string;
}

/** The fields an object schema declares, or none for a schema that is not a plain object. */
export function schemaFields(schema: z.ZodType): Record<string, z.ZodType> {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  return shape && typeof shape === 'object' ? shape : {};
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/** What a text from the address may have meant: itself, a number, a boolean. */
function readings(text: string): unknown[] {
  const out: unknown[] = [text];
  if (NUMBER.test(text)) out.push(Number(text));
  if (text === 'true' || text === 'false') out.push(text === 'true');
  return out;
}

/** The first reading of a parameter's values the field's schema accepts, parsed; undefined if none. */
function readField(field: z.ZodType, texts: string[]): { ok: true; value: unknown } | { ok: false } {
  const candidates: unknown[] = [];
  if (texts.length === 1) candidates.push(...readings(texts[0]!));
  // A list field: every value as text, then every value as a number.
  candidates.push(texts);
  if (texts.every((text) => NUMBER.test(text))) candidates.push(texts.map(Number));
  for (const candidate of candidates) {
    const parsed = field.safeParse(candidate);
    if (parsed.success && parsed.data !== undefined) return { ok: true, value: parsed.data };
  }
  return { ok: false };
}

const paramName = (prefix: string | undefined, field: string) => (prefix ? `${prefix}.${field}` : field);

/** The fields found in the address that their schemas accept (unknown and refused ones left out). */
export function readListParams(schema: z.ZodType, params: URLSearchParams, options: ListUrlOptions = {}) {
  const values: ListValues = {};
  for (const [name, field] of Object.entries(schemaFields(schema))) {
    if (options.fixed && name in options.fixed) continue;
    const texts = params.getAll(paramName(options.prefix, name));
    if (texts.length === 0) continue;
    const read = readField(field, texts);
    if (read.ok) values[name] = read.value;
  }
  return values;
}

/**
 * The input the page sends: defaults, then the address, then the page's fixed values, run through the
 * call's schema (so its defaults fill the rest). If the whole is refused, the address is ignored.
 */
export function listInput(
  schema: z.ZodType,
  params: URLSearchParams,
  options: ListUrlOptions = {},
): ListValues {
  const fromUrl = readListParams(schema, params, options);
  const merged = schema.safeParse({ ...options.defaults, ...fromUrl, ...options.fixed });
  if (merged.success) return merged.data as ListValues;
  const fallback = schema.safeParse({ ...options.defaults, ...options.fixed });
  if (fallback.success) return fallback.data as ListValues;
  return { ...options.defaults, ...options.fixed };
}

function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The address's parameters after the list moved to `values`: the list's own parameters rewritten
 * (those equal to their defaults left out, page 1 included), every other parameter kept.
 */
export function writeListParams(
  schema: z.ZodType,
  params: URLSearchParams,
  values: ListValues,
  options: ListUrlOptions = {},
): URLSearchParams {
  const next = new URLSearchParams(params);
  const baseline = listInput(schema, new URLSearchParams(), options);
  for (const name of Object.keys(schemaFields(schema))) {
    const key = paramName(options.prefix, name);
    next.delete(key);
    if (options.fixed && name in options.fixed) continue;
    const value = values[name];
    if (isBlank(value) || same(value, baseline[name])) continue;
    if (Array.isArray(value)) for (const item of value) next.append(key, String(item));
    else next.set(key, String(value));
  }
  return next;
}
