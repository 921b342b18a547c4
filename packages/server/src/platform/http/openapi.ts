import { type CallDef, envelopeSchema, toJsonSchema } from '@fleetport/contract';

type JsonSchema = Record<string, unknown>;

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
    } else if (call.upload) {
      // The fields first, then the file parts (docs/api.md "Files").
      const properties = {
        ...((input.properties ?? {}) as JsonSchema),
        file: { type: 'string', format: 'binary' },
      };
      const schema = { ...input, properties };
      operation.requestBody = { required: true, content: { 'multipart/form-data': { schema } } };
    } else if (call.form) {
      // An HTML form post; its fields may come in the query string too (RFC 8058 one-click).
      operation.requestBody = {
        required: true,
        content: {
          'application/x-www-form-urlencoded': { schema: input },
          'multipart/form-data': { schema: input },
        },
      };
    } else {
      operation.requestBody = { required: true, content: { 'application/json': { schema: input } } };
    }
    if (call.download) {
      operation.responses = {
        200: { description: 'The file', content: { 'application/octet-stream': {} } },
        206: { description: 'The requested byte range (Range: bytes=start-end)' },
        403: { description: 'Envelope with code 5: the signature does not match' },
        410: { description: 'Envelope with code 14065: the link has expired' },
        416: { description: 'Envelope with code 1: the range starts past the end of the file' },
      };
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
