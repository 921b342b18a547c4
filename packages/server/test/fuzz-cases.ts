import type { CallDef } from '@fleetport/contract';
import { z } from 'zod';

/**
 * Hostile requests for the route fuzz test (platform/http/fuzz.test.ts). Each case is what a broken
 * or malicious client could send; `input` is what the call's schema would see after parsing, so the
 * test can ask the contract itself whether the case must be refused.
 */
export interface FuzzCase {
  name: string;
  /** Query string appended to the path, without '?'. */
  query?: string;
  /** Raw request body and its content type. */
  body?: string;
  contentType?: string;
  /** What the call's validation would see once Fastify has parsed the request, when that is known. */
  input?: unknown;
  /** The request can never be a valid call (malformed JSON, oversized body, wrong content type). */
  mustRefuse?: boolean;
}

const NESTING = 400;
const HUGE = 'x'.repeat(64 * 1024);

function nested(depth: number): unknown {
  let value: unknown = { junk: true };
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

let oversizedBody = '';
/** One JSON body just over the limit, built once for all routes. */
function oversized(bodyLimit: number): string {
  if (oversizedBody.length <= bodyLimit) oversizedBody = JSON.stringify({ blob: 'z'.repeat(bodyLimit + 1) });
  return oversizedBody;
}

type JsonSchema = { type?: string | string[]; maxLength?: number; properties?: Record<string, JsonSchema> };

/** The call's top-level input fields with their JSON-schema types ({} when the input is not an object). */
export function inputFields(call: CallDef): Record<string, JsonSchema> {
  try {
    const schema = z.toJSONSchema(call.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    return schema.properties ?? {};
  } catch {
    return {};
  }
}

/** A value of some other type than the field accepts, one per JSON type the field does not allow. */
function wrongValues(schema: JsonSchema): unknown[] {
  const types = new Set(Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);
  const values: unknown[] = [];
  if (!types.has('number') && !types.has('integer')) values.push(12345);
  if (!types.has('string')) values.push('not-a-valid-value');
  if (!types.has('boolean')) values.push(true);
  if (!types.has('object')) values.push({ unexpected: 'object' });
  if (!types.has('array')) values.push([1, 'two', null]);
  values.push(nested(20));
  if (typeof schema.maxLength === 'number') values.push('y'.repeat(schema.maxLength + 1));
  return values;
}

function raw(name: string, body: string, contentType = 'application/json'): FuzzCase {
  return { name, body, contentType, mustRefuse: true };
}

function json(name: string, value: unknown): FuzzCase {
  return { name, body: JSON.stringify(value), contentType: 'application/json', input: value };
}

/** Body cases for POST / PUT / PATCH calls. */
export function bodyCases(call: CallDef, bodyLimit: number): FuzzCase[] {
  const cases: FuzzCase[] = [
    raw('malformed JSON', '{"__fuzzUnknown__": [1, 2'),
    raw('JSON with trailing junk', '{} trailing'),
    raw('empty JSON body', ''),
    raw('plain text body', 'hello', 'text/plain'),
    raw('form body', '__fuzzUnknown__=1&b=2', 'application/x-www-form-urlencoded'),
    raw(
      'lone surrogates, odd charset',
      '{"__fuzzUnknown__":"\udc00\ud800"}',
      'application/json; charset=latin1',
    ),
    json('array instead of object', [1, 'two', { three: 3 }]),
    json('array of objects', [{}, {}]),
    json('null', null),
    json('number', 42),
    json('string', 'text'),
    json('boolean', true),
    json('unknown field', { __fuzzUnknown__: 1 }),
    json('deeply nested junk', { __fuzzUnknown__: nested(NESTING) }),
    raw('deeply nested arrays', `${'['.repeat(5000)}${']'.repeat(5000)}`),
    json('huge string', { __fuzzUnknown__: HUGE }),
    json('huge top-level string', HUGE),
    raw('prototype pollution', '{"__proto__": {"superAdmin": true}}'),
    json('constructor pollution', { constructor: { prototype: { superAdmin: true } } }),
    raw(`oversized body (> bodyLimit ${bodyLimit} bytes)`, oversized(bodyLimit)),
  ];
  for (const [field, schema] of Object.entries(inputFields(call))) {
    for (const value of wrongValues(schema)) {
      cases.push(json(`${field} = ${JSON.stringify(value).slice(0, 40)}`, { [field]: value }));
    }
  }
  return cases;
}

/** Query-string cases for GET / DELETE calls (what Fastify's parser would hand the handler). */
export function queryCases(call: CallDef): FuzzCase[] {
  const q = (name: string, query: string, input?: unknown): FuzzCase => ({ name, query, input });
  const cases: FuzzCase[] = [
    q('unknown parameter', '__fuzzUnknown__=1', { __fuzzUnknown__: '1' }),
    q('bracketed parameter', '__fuzz[b][c]=1', { '__fuzz[b][c]': '1' }),
    q('repeated parameter', '__fuzz=1&__fuzz=2&__fuzz=3', { __fuzz: ['1', '2', '3'] }),
    // How these parse is the query parser's business: any answer but a crash will do.
    { name: 'broken percent-encoding', query: '__fuzz=%E0%A4%A&b=%' },
    { name: 'empty names', query: '=1&&=' },
    q('huge parameter', `__fuzz=${HUGE}`, { __fuzz: HUGE }),
    // A body on a GET is not the call's input (Fastify does not read it); it must not break the route.
    { name: 'malformed JSON body on a query call', body: '{"a": [', contentType: 'application/json' },
    { name: 'large body on a query call', body: 'q'.repeat(64 * 1024), contentType: 'text/plain' },
  ];
  for (const [field, schema] of Object.entries(inputFields(call))) {
    for (const value of wrongValues(schema)) {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      cases.push(
        q(`${field} = ${text.slice(0, 40)}`, `${field}=${encodeURIComponent(text)}`, { [field]: text }),
      );
    }
    cases.push(q(`${field} repeated`, `${field}=1&${field}=2`, { [field]: ['1', '2'] }));
  }
  return cases;
}

/**
 * True when the case can never be a valid call of `call`: the request is broken, or the call's own
 * schema refuses what Fastify would hand it. Such a case must not be answered with success.
 */
export function contractRefuses(call: CallDef, fuzz: FuzzCase): boolean {
  if (fuzz.mustRefuse) return true;
  if (!('input' in fuzz)) return false;
  return !call.input.safeParse(fuzz.input ?? {}).success;
}
