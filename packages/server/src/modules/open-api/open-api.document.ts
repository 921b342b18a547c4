import {
  ERROR_CATALOGUE,
  envelopeSchema,
  OPEN_API_INTERFACES,
  OPEN_API_PREFIX,
  OPEN_API_SCOPES,
  OPEN_API_TOKEN_SECONDS,
  type OpenApiInterface,
} from '@fleetport/contract';
import { toJsonSchema } from '../../platform/http/openapi.ts';
import { statusOfCode } from './open-api.limit.ts';

type Json = Record<string, unknown>;

/** The codes every interface may answer, whatever it does (docs/api.md "Open API"). */
const COMMON_CODES = [610002, 610003, 610004, 610005, 610006, 610013];
const WRITE_CODES = [610007, 610008, 610009];

function errorResponses(def: OpenApiInterface): Json {
  const codes = [...COMMON_CODES, ...(def.mutates ? WRITE_CODES : []), ...def.errors];
  const byStatus = new Map<number, number[]>();
  for (const code of codes)
    byStatus.set(statusOfCode(code), [...(byStatus.get(statusOfCode(code)) ?? []), code]);
  const responses: Json = {};
  for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    responses[String(status)] = {
      description: list
        .map((code) => {
          const entry = ERROR_CATALOGUE.get(code);
          return `${code}: ${entry?.en ?? ''} / ${entry?.cn ?? ''}`;
        })
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
  const op: Json = {
    operationId: def.id,
    summary: def.summary.en,
    description: `${def.summary.en}\n\n${def.summary.cn}\n\nScope: \`${def.scope}\`${def.adminOnly ? ' (administrator clients only)' : ''}`,
    tags: [def.id.split('.')[0]],
    security: [{ oauth2: [def.scope] }],
    'x-scopes': [def.scope],
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
      ...errorResponses(def),
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

/** `/openapi/v1/openapi.json`: OpenAPI 3.1 of the open API, built from the contract's interface list. */
export function buildOpenApiV1Document(version: string): Json {
  const paths: Record<string, Json> = {};
  for (const def of OPEN_API_INTERFACES) {
    const path = def.path.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    (paths[path] as Json)[def.method.toLowerCase()] = operation(def);
  }
  paths['/oauth/token'] = {
    post: {
      operationId: 'oauth.token',
      summary: 'OAuth 2.0 client credentials (RFC 6749 §4.4): an access token for an hour',
      tags: ['oauth'],
      security: [],
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
        429: { description: 'Over the limit (610006); Retry-After says when to try again' },
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Fleetport open API',
      version,
      description:
        'Every answer but the token call is the envelope {code, data, msg}; codes 610001-610020 are the open API family. See docs/api.md "Open API".',
    },
    servers: [{ url: OPEN_API_PREFIX }],
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
