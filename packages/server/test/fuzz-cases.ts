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

// ---- numeric edges ---------------------------------------------------------------------------------

/**
 * Numbers at the edges of what JavaScript, PostgreSQL's integer types and JSON can carry. Each is sent
 * in every numeric field of every call: the contract must refuse what the server cannot hold (code 1),
 * and what it accepts must never reach the database as an overflow (HTTP 500).
 */
export const NUMERIC_EDGES: { name: string; text: string }[] = [
  { name: 'MAX_SAFE_INTEGER', text: String(Number.MAX_SAFE_INTEGER) },
  { name: 'MAX_SAFE_INTEGER + 1', text: String(Number.MAX_SAFE_INTEGER + 1) },
  { name: 'MAX_SAFE_INTEGER - 1', text: String(Number.MAX_SAFE_INTEGER - 1) },
  { name: '-MAX_SAFE_INTEGER', text: String(-Number.MAX_SAFE_INTEGER) },
  { name: '-MAX_SAFE_INTEGER - 1', text: String(-Number.MAX_SAFE_INTEGER - 1) },
  { name: 'int4 max', text: '2147483647' },
  { name: 'int4 max + 1', text: '2147483648' },
  { name: 'int4 min - 1', text: '-2147483649' },
  { name: 'int8 max + 1', text: '9223372036854775808' },
  { name: '1e21', text: '1e21' },
  { name: 'huge float', text: '1.7976931348623157e308' },
  { name: 'huge negative float', text: '-1.7976931348623157e308' },
  { name: 'beyond double', text: '1e400' },
  { name: 'fraction', text: '1.5' },
  { name: 'tiny float', text: '5e-324' },
  { name: 'zero', text: '0' },
  { name: 'minus one', text: '-1' },
];

type SchemaNode = JsonSchema & { items?: SchemaNode; anyOf?: SchemaNode[]; oneOf?: SchemaNode[] };

function isNumeric(schema: SchemaNode): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('number') || types.includes('integer')) return true;
  return (schema.anyOf ?? schema.oneOf ?? []).some(isNumeric);
}

/** Paths of every numeric field in an input schema: `['pageNum']`, `['devices', 0, 'port']`, ... */
export function numericPaths(call: CallDef): (string | number)[][] {
  let root: SchemaNode;
  try {
    root = z.toJSONSchema(call.input, { io: 'input', unrepresentable: 'any' }) as SchemaNode;
  } catch {
    return [];
  }
  const paths: (string | number)[][] = [];
  const walk = (schema: SchemaNode, at: (string | number)[], depth: number) => {
    if (depth > 4) return;
    if (isNumeric(schema) && at.length > 0) paths.push(at);
    for (const option of schema.anyOf ?? schema.oneOf ?? []) {
      if (!isNumeric(option)) walk(option, at, depth + 1);
    }
    for (const [key, prop] of Object.entries(schema.properties ?? {}))
      walk(prop as SchemaNode, [...at, key], depth + 1);
    if (schema.items) walk(schema.items, [...at, 0], depth + 1);
  };
  walk(root, [], 0);
  // A field reached through two options of a union is one field.
  return [...new Map(paths.map((p) => [p.join('.'), p])).values()];
}

/** `base` with `value` at `path` (copied; missing objects and arrays are created). */
function withValueAt(base: unknown, path: (string | number)[], value: unknown): unknown {
  const root: unknown = structuredClone(base && typeof base === 'object' ? base : {});
  let node = root as Record<string | number, unknown>;
  path.forEach((key, i) => {
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = node[key];
    if (!next || typeof next !== 'object') node[key] = typeof path[i + 1] === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  });
  return root;
}

/** A JSON text with `marker` (a quoted placeholder) replaced by a raw number text such as `1e400`. */
const MARKER = '__fuzzNumber__';

/**
 * Numeric-edge cases: every numeric field (top level and nested) of a plausible input `base` set to
 * each of NUMERIC_EDGES. Body calls get the number as JSON, query calls as text.
 */
export function numericEdgeCases(call: CallDef, base: unknown): FuzzCase[] {
  const readsQuery = call.method === 'GET' || call.method === 'DELETE';
  const cases: FuzzCase[] = [];
  const paths = numericPaths(call);
  // Every field at once as well: an offset is pageNum × pageSize, a range is end − start.
  if (!readsQuery && paths.length > 1) {
    for (const edge of NUMERIC_EDGES) {
      let marked: unknown = base;
      for (const path of paths) marked = withValueAt(marked, path, MARKER);
      const body = JSON.stringify(marked).replaceAll(`"${MARKER}"`, edge.text);
      const value = Number(edge.text);
      let input: unknown = base;
      for (const path of paths) input = withValueAt(input, path, value);
      cases.push(
        Number.isFinite(value)
          ? { name: `every number = ${edge.name}`, body, contentType: 'application/json', input }
          : { name: `every number = ${edge.name}`, body, contentType: 'application/json' },
      );
    }
  }
  // A deep page of the largest pages the call allows: the offset is where a bigint overflows.
  const hasPaging = ['pageNum', 'pageSize'].every((f) => paths.some((p) => p.length === 1 && p[0] === f));
  const largest = [99999, 9999, 1000, 100].find(
    (size) => call.input.safeParse({ ...(base as object), pageSize: size }).success,
  );
  if (!readsQuery && hasPaging && largest) {
    for (const edge of NUMERIC_EDGES) {
      const marked = { ...(base as object), pageSize: largest, pageNum: MARKER };
      const body = JSON.stringify(marked).replace(`"${MARKER}"`, edge.text);
      const value = Number(edge.text);
      const name = `pageNum = ${edge.name}, pageSize = ${largest}`;
      cases.push(
        Number.isFinite(value)
          ? { name, body, contentType: 'application/json', input: { ...marked, pageNum: value } }
          : { name, body, contentType: 'application/json' },
      );
    }
  }
  for (const path of paths) {
    if (readsQuery && path.length !== 1) continue;
    for (const edge of NUMERIC_EDGES) {
      const name = `${path.join('.')} = ${edge.name}`;
      if (readsQuery) {
        const input = { ...(base && typeof base === 'object' ? base : {}), [path[0]!]: edge.text };
        const query = Object.entries(input)
          .filter(([, v]) => v !== undefined && (typeof v !== 'object' || v === null))
          .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
          .join('&');
        cases.push({ name, query, input: Object.fromEntries(new URLSearchParams(query)) });
        continue;
      }
      const value = Number(edge.text);
      const body = JSON.stringify(withValueAt(base, path, MARKER)).replace(`"${MARKER}"`, edge.text);
      const input = Number.isFinite(value) ? withValueAt(base, path, value) : undefined;
      cases.push(
        input === undefined
          ? { name, body, contentType: 'application/json' }
          : { name, body, contentType: 'application/json', input },
      );
    }
  }
  return cases;
}
