import { envelopeSchema } from '../envelope.ts';
import { ERROR_CATALOGUE, ErrorCode } from '../errors/index.ts';
import type { Localized } from '../i18n.ts';
import { toJsonSchema } from '../json-schema.ts';
import { OPEN_API_PREFIX, OPEN_API_RATE, OPEN_API_SCOPES, OPEN_API_TOKEN_SECONDS } from './open-api.ts';
import { OPEN_API_INTERFACES, type OpenApiInterface } from './open-api-interfaces.ts';

/**
 * `/openapi/v1/openapi.json`, built from the interface list (open-api-interfaces.ts): the server serves
 * it and the console's API manual (`/operation/apiManual`, `/support/apiManual`) renders it, so the
 * manual, the document and the wire cannot drift. Besides OpenAPI 3.1 it carries what a reader of the
 * manual needs in both languages, as `x-` extensions (docs/api.md "Open API"):
 * - a tag's `x-name` (`{en, cn}`);
 * - an operation's `x-summary` (`{en, cn}`), `x-errors` (each code with its HTTP status and both
 *   messages), `x-sample` (a request that runs against a company holding `FP-SAMPLE-01`),
 *   `x-admin-only` and `x-idempotent`.
 */

/** The HTTP status each code is answered with; other codes are 422 (500 for an internal fault). */
const STATUS_OF_CODE: ReadonlyMap<number, number> = /* @__PURE__ */ new Map([
  [ErrorCode.PARAMETER_ERROR, 400],
  [ErrorCode.NO_PERMISSION, 403],
  [ErrorCode.DEVICE_NOT_FOUND, 404],
  [ErrorCode.DEVICE_OFFLINE_OPERATION, 409],
  [ErrorCode.OPEN_API_INVALID_CLIENT, 401],
  [ErrorCode.OPEN_API_TOKEN_INVALID, 401],
  [ErrorCode.OPEN_API_TOKEN_EXPIRED, 401],
  [ErrorCode.OPEN_API_SCOPE_MISSING, 403],
  [ErrorCode.OPEN_API_INTERFACE_NOT_AUTHORISED, 403],
  [ErrorCode.OPEN_API_RATE_LIMITED, 429],
  [ErrorCode.OPEN_API_IDEMPOTENCY_KEY_REUSED, 422],
  [ErrorCode.OPEN_API_IDEMPOTENCY_KEY_MISSING, 400],
  [ErrorCode.OPEN_API_IDEMPOTENCY_IN_PROGRESS, 409],
  [ErrorCode.OPEN_API_NOT_FOUND, 404],
  [ErrorCode.OPEN_API_ADMIN_ONLY, 403],
  [ErrorCode.OPEN_API_SCOPE_NOT_GRANTED, 400],
  [ErrorCode.COMPANY_DISABLED, 403],
]);

/** The open API's HTTP status of a code: the table's, else 500 for an internal fault and 422 for a refusal. */
export function openApiStatusOfCode(code: number): number {
  return STATUS_OF_CODE.get(code) ?? (code === ErrorCode.INTERNAL_ERROR ? 500 : 422);
}

/** The codes every interface may answer, whatever it does. */
const COMMON_CODES = [
  ErrorCode.OPEN_API_TOKEN_INVALID,
  ErrorCode.OPEN_API_TOKEN_EXPIRED,
  ErrorCode.OPEN_API_SCOPE_MISSING,
  ErrorCode.OPEN_API_INTERFACE_NOT_AUTHORISED,
  ErrorCode.OPEN_API_RATE_LIMITED,
  ErrorCode.COMPANY_DISABLED,
];
/** And those of every write (Idempotency-Key). */
const WRITE_CODES = [
  ErrorCode.OPEN_API_IDEMPOTENCY_KEY_REUSED,
  ErrorCode.OPEN_API_IDEMPOTENCY_KEY_MISSING,
  ErrorCode.OPEN_API_IDEMPOTENCY_IN_PROGRESS,
];

/** The families of interfaces (the tags of the document, the sections of the manual). */
export const OPEN_API_FAMILIES: Readonly<Record<string, Localized>> = {
  oauth: { en: 'Access tokens', cn: '访问令牌' },
  devices: { en: 'Devices', cn: '设备' },
  groups: { en: 'Device groups', cn: '设备分组' },
  tags: { en: 'Tags', cn: '标签' },
  alerts: { en: 'Alerts', cn: '告警' },
  actions: { en: 'Remote actions', cn: '远程操作' },
  activity: { en: 'Activity log', cn: '操作日志' },
};

/** One code an operation may answer, as `x-errors` lists it. */
export interface OpenApiDocumentError {
  code: number;
  status: number;
  en: string;
  cn: string;
}

/** A request the manual shows as a curl command (`x-sample`); paths relative to the document's server. */
export interface OpenApiDocumentSample {
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

type Json = Record<string, unknown>;

function errorsOf(codes: readonly number[]): OpenApiDocumentError[] {
  return [...new Set(codes)]
    .map((code) => {
      const entry = ERROR_CATALOGUE.get(code);
      return { code, status: openApiStatusOfCode(code), en: entry?.en ?? '', cn: entry?.cn ?? '' };
    })
    .sort((a, b) => a.status - b.status || a.code - b.code);
}

function errorResponses(errors: readonly OpenApiDocumentError[]): Json {
  const responses: Json = {};
  for (const status of [...new Set(errors.map((e) => e.status))]) {
    responses[String(status)] = {
      description: errors
        .filter((e) => e.status === status)
        .map((e) => `${e.code}: ${e.en} / ${e.cn}`)
        .join('\n'),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    };
  }
  return responses;
}

function parameters(def: OpenApiInterface): Json[] {
  const out: Json[] = [];
  for (const [where, schema] of [
    ['path', def.params],
    ['query', def.query],
  ] as const) {
    const json = toJsonSchema(schema, 'input');
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries((json.properties ?? {}) as Record<string, Json>)) {
      out.push({ name, in: where, required: where === 'path' || required.has(name), schema: property });
    }
  }
  if (def.mutates)
    out.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: true,
      description: 'Any unique text up to 128 characters; a repeat within 24 h replays the first answer',
      schema: { type: 'string', maxLength: 128 },
    });
  return out;
}

function operation(def: OpenApiInterface): Json {
  const errors = errorsOf([...COMMON_CODES, ...(def.mutates ? WRITE_CODES : []), ...def.errors]);
  const sample: OpenApiDocumentSample = {
    path: def.sample.path,
    ...(def.sample.query ? { query: def.sample.query } : {}),
    ...(def.sample.body !== undefined ? { body: def.sample.body } : {}),
  };
  const op: Json = {
    operationId: def.id,
    summary: def.summary.en,
    description: `${def.summary.en}\n\n${def.summary.cn}\n\nScope: \`${def.scope}\`${def.adminOnly ? ' (administrator clients only)' : ''}`,
    tags: [def.id.split('.')[0]],
    security: [{ oauth2: [def.scope] }],
    'x-scopes': [def.scope],
    'x-summary': def.summary,
    'x-errors': errors,
    'x-sample': sample,
    'x-admin-only': def.adminOnly === true,
    'x-idempotent': def.mutates === true,
    parameters: parameters(def),
    responses: {
      200: {
        description: 'The envelope; code 0. Headers RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset',
        content: {
          'application/json': {
            schema: toJsonSchema(envelopeSchema(def.output), 'output'),
            example: { code: 0, data: def.sample.response, msg: 'Success' },
          },
        },
      },
      ...errorResponses(errors),
    },
  };
  if (def.body) {
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: toJsonSchema(def.body, 'input'), example: def.sample.body } },
    };
  }
  return op;
}

function tokenOperation(): Json {
  const errors = errorsOf([
    ErrorCode.OPEN_API_INVALID_CLIENT,
    ErrorCode.OPEN_API_SCOPE_NOT_GRANTED,
    ErrorCode.OPEN_API_RATE_LIMITED,
    ErrorCode.COMPANY_DISABLED,
  ]);
  const summary = {
    en: 'OAuth 2.0 client credentials (RFC 6749 §4.4): an access token for an hour',
    cn: '用客户端ID和密钥获取有效期一小时的访问令牌',
  };
  return {
    operationId: 'oauth.token',
    summary: summary.en,
    tags: ['oauth'],
    security: [],
    'x-summary': summary,
    'x-errors': errors,
    'x-admin-only': false,
    'x-idempotent': false,
    requestBody: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': {
          schema: {
            type: 'object',
            required: ['grant_type'],
            properties: {
              grant_type: { type: 'string', enum: ['client_credentials'] },
              client_id: { type: 'string' },
              client_secret: { type: 'string' },
              scope: { type: 'string', description: 'Space-separated subset of the client scopes' },
            },
          },
          example: {
            grant_type: 'client_credentials',
            client_id: 'fp_0123456789abcdef01234567',
            client_secret: '…',
          },
        },
      },
    },
    responses: {
      200: {
        description: 'The token',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['access_token', 'token_type', 'expires_in', 'scope'],
              properties: {
                access_token: { type: 'string' },
                token_type: { type: 'string', enum: ['Bearer'] },
                expires_in: { type: 'integer' },
                scope: { type: 'string' },
              },
            },
            example: {
              access_token: 'x1y2…',
              token_type: 'Bearer',
              expires_in: OPEN_API_TOKEN_SECONDS,
              scope: 'devices:read',
            },
          },
        },
      },
      400: { description: 'invalid_request, unsupported_grant_type or invalid_scope (RFC 6749 §5.2)' },
      401: { description: 'invalid_client: unknown client, wrong secret or a disabled client (610001)' },
      403: { description: 'The company was disabled by the platform (610041)' },
      429: { description: 'Over the limit (610006); Retry-After says when to try again' },
    },
  };
}

/** `/openapi/v1/openapi.json`: OpenAPI 3.1 of the open API, built from the contract's interface list. */
export function buildOpenApiV1Document(version: string): Json {
  const paths: Record<string, Json> = { '/oauth/token': { post: tokenOperation() } };
  for (const def of OPEN_API_INTERFACES) {
    const path = def.path.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    (paths[path] as Json)[def.method.toLowerCase()] = operation(def);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Fleetport open API',
      version,
      description: `Every answer but the token call is the envelope {code, data, msg}; codes 610001-610020 are the open API family. At most ${OPEN_API_RATE.perSecond} calls a second per client. See docs/api.md "Open API".`,
    },
    servers: [{ url: OPEN_API_PREFIX }],
    tags: Object.entries(OPEN_API_FAMILIES).map(([name, label]) => ({
      name,
      description: label.en,
      'x-name': label,
    })),
    components: {
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          flows: {
            clientCredentials: {
              tokenUrl: `${OPEN_API_PREFIX}/oauth/token`,
              scopes: Object.fromEntries(OPEN_API_SCOPES.map((s) => [s, s])),
            },
          },
        },
      },
      schemas: {
        ErrorEnvelope: {
          type: 'object',
          required: ['code', 'msg'],
          properties: { code: { type: 'integer' }, data: {}, msg: { type: 'string' } },
        },
      },
    },
    paths,
  };
}
