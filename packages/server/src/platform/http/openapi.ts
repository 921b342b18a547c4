import { type CallDef, envelopeSchema } from '@fleetport/contract';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  try {
    const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
    return rest;
  } catch {
    return {};
  }
}

/** Builds the OpenAPI 3.1 document straight from the contract, so the docs cannot drift from the code. */
export function buildOpenApiDocument(calls: readonly CallDef[], prefix: string, version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const call of calls) {
    const path = (prefix + call.path).replace(/:(\w+)/g, '{$1}');
    const readsQuery = call.method === 'GET' || call.method === 'DELETE';
    const input = toJsonSchema(call.input, 'input');
    const operation: Record<string, unknown> = {
      operationId: call.id,
      summary: call.summary,
      tags: [call.id.split('.')[0]],
      'x-permission': call.permission,
      responses: {
        200: {
          description: 'Envelope; code 0 is success, any other code is from the error catalogue',
          content: { 'application/json': { schema: toJsonSchema(envelopeSchema(call.output), 'output') } },
        },
      },
    };
    if (call.permission !== 'public') operation.security = [{ ticket: [] }];
    if (readsQuery) {
      const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((input.required as string[] | undefined) ?? []);
      operation.parameters = Object.entries(properties).map(([name, schema]) => ({
        name,
        in: 'query',
        required: required.has(name),
        schema,
      }));
    } else {
      operation.requestBody = { required: true, content: { 'application/json': { schema: input } } };
    }
    paths[path] ??= {};
    paths[path][call.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Fleetport console API',
      version,
      description:
        'Every response is the envelope {code, data, msg, pageSize, pageNum, total}. See docs/api.md.',
    },
    components: {
      securitySchemes: {
        ticket: {
          type: 'apiKey',
          in: 'header',
          name: 'ticket',
          description: '<ticket>.<unix-ms>.<hmac> (docs/api.md)',
        },
      },
    },
    paths,
  };
}
