import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * JSON Schema of a zod schema as it reads input or writes output, for the OpenAPI documents: the
 * console API's (server platform/http/openapi.ts) and the open API's (api/open-api.document.ts).
 * A schema JSON Schema cannot say is documented as "anything" rather than breaking the document.
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  try {
    const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
    return rest;
  } catch {
    return {};
  }
}
