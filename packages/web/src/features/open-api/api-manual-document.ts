import {
  type Localized,
  OPEN_API_PREFIX,
  type OpenApiDocumentError,
  type OpenApiDocumentSample,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';

/**
 * The open API's document as the manual reads it: `/openapi/v1/openapi.json`, the one the server
 * serves to clients (built from the contract, api/open-api.document.ts), read as it is rather than
 * built again in the console, so the manual shows what the server answers.
 */

export type JsonSchema = Record<string, unknown>;

export interface ManualParameter {
  name: string;
  in: string;
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

export interface ManualOperation {
  id: string;
  method: string;
  /** As clients call it, under the document's server (`/openapi/v1/devices/{sn}`). */
  path: string;
  tag: string;
  summary: Localized;
  scopes: string[];
  adminOnly: boolean;
  idempotent: boolean;
  parameters: ManualParameter[];
  request: { contentType: string; schema: JsonSchema; example?: unknown } | null;
  /** The answer's schema: the envelope's `data` when `enveloped`, else the whole body (the token call). */
  response: { schema: JsonSchema; example?: unknown; enveloped: boolean } | null;
  errors: OpenApiDocumentError[];
  sample: OpenApiDocumentSample | null;
}

export interface ManualDocument {
  /** Where the interfaces are served (the document's first server), e.g. `/openapi/v1`. */
  server: string;
  version: string;
  families: { name: string; label: Localized }[];
  operations: ManualOperation[];
}

export const OPEN_API_DOCUMENT_URL = `${OPEN_API_PREFIX}/openapi.json`;

type Json = Record<string, unknown>;
const asJson = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});

/** A schema's non-null branch (zod writes a nullable field as `anyOf: [T, {type: null}]`). */
export function nonNull(schema: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (!branches) return { schema, nullable: false };
  const rest = branches.filter((b) => b.type !== 'null');
  if (rest.length === 1 && rest.length < branches.length) return { schema: rest[0]!, nullable: true };
  return { schema, nullable: false };
}

function readOperation(path: string, method: string, raw: Json, server: string): ManualOperation {
  const content = (body: unknown) => {
    const [type, media] = Object.entries(asJson(asJson(body).content))[0] ?? [];
    return type ? { contentType: type, media: asJson(media) } : null;
  };
  const request = content(raw.requestBody);
  const ok = content(asJson(raw.responses)['200']);
  const okSchema = asJson(ok?.media.schema);
  const data = asJson(okSchema.properties).data;
  const enveloped = data !== undefined && 'code' in asJson(okSchema.properties);
  const example = ok?.media.example;
  const summary = asJson(raw['x-summary']);
  return {
    id: String(raw.operationId ?? `${method} ${path}`),
    method: method.toUpperCase(),
    path: `${server}${path}`,
    tag: String((raw.tags as string[] | undefined)?.[0] ?? ''),
    summary: { en: String(summary.en ?? raw.summary ?? ''), cn: String(summary.cn ?? raw.summary ?? '') },
    scopes: (raw['x-scopes'] as string[] | undefined) ?? [],
    adminOnly: raw['x-admin-only'] === true,
    idempotent: raw['x-idempotent'] === true,
    parameters: ((raw.parameters as Json[] | undefined) ?? []).map((p) => ({
      name: String(p.name),
      in: String(p.in),
      required: p.required === true,
      schema: asJson(p.schema),
      ...(typeof p.description === 'string' ? { description: p.description } : {}),
    })),
    request: request
      ? {
          contentType: request.contentType,
          schema: asJson(request.media.schema),
          ...(request.media.example !== undefined ? { example: request.media.example } : {}),
        }
      : null,
    response: ok
      ? {
          schema: enveloped ? nonNull(asJson(data)).schema : okSchema,
          ...(example !== undefined ? { example: enveloped ? asJson(example).data : example } : {}),
          enveloped,
        }
      : null,
    errors: (raw['x-errors'] as OpenApiDocumentError[] | undefined) ?? [],
    sample: (raw['x-sample'] as OpenApiDocumentSample | undefined) ?? null,
  };
}

/** The document as the manual shows it: families in the document's order, then their interfaces. */
export function readManualDocument(raw: unknown): ManualDocument {
  const doc = asJson(raw);
  const server = String(asJson((doc.servers as unknown[] | undefined)?.[0]).url ?? OPEN_API_PREFIX);
  const operations: ManualOperation[] = [];
  for (const [path, methods] of Object.entries(asJson(doc.paths)))
    for (const [method, op] of Object.entries(asJson(methods)))
      operations.push(readOperation(path, method, asJson(op), server));
  const families = ((doc.tags as Json[] | undefined) ?? []).map((tag) => {
    const name = String(tag.name);
    const label = asJson(tag['x-name']);
    return { name, label: { en: String(label.en ?? name), cn: String(label.cn ?? name) } };
  });
  for (const op of operations)
    if (!families.some((f) => f.name === op.tag))
      families.push({ name: op.tag, label: { en: op.tag, cn: op.tag } });
  return { server, version: String(asJson(doc.info).version ?? ''), families, operations };
}

/** Whether an interface matches the search: its id, method, path, summary, scopes or any code. */
export function matchesSearch(op: ManualOperation, search: string): boolean {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = [
    op.id,
    op.method,
    op.path,
    op.summary.en,
    op.summary.cn,
    ...op.scopes,
    ...op.errors.flatMap((e) => [String(e.code), e.en, e.cn]),
  ]
    .join(' ')
    .toLowerCase();
  return words.every((word) => text.includes(word));
}

/** The served document, read once per console visit. */
export function useManualDocument() {
  return useQuery({
    queryKey: ['openApiDocument'],
    queryFn: async () => {
      const res = await fetch(OPEN_API_DOCUMENT_URL, { headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(`openapi.json: HTTP ${res.status}`);
      return readManualDocument(await res.json());
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}
