import { z } from 'zod';
import { ClaimAnswerSchema } from './claim.ts';
import { RpcRequestSchema } from './rpc.ts';
import type { DownKind } from './topics.ts';

/** Messages the cloud publishes: `down/rpc` carries an RPC request, `down/claim` a claim answer. */
export const DOWN_MESSAGE_SCHEMAS = {
  rpc: RpcRequestSchema,
  claim: ClaimAnswerSchema,
} as const satisfies Record<DownKind, z.ZodType>;

export type DownMessageOf<K extends DownKind> = z.infer<(typeof DOWN_MESSAGE_SCHEMAS)[K]>;

/** Parses the JSON payload of a down topic; the device side of `parseUpMessage`. */
export function parseDownMessage<K extends DownKind>(
  kind: K,
  payload: string | Uint8Array,
): { ok: true; message: DownMessageOf<K> } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(typeof payload === 'string' ? payload : new TextDecoder().decode(payload));
  } catch {
    return { ok: false, error: 'payload is not JSON' };
  }
  const parsed = DOWN_MESSAGE_SCHEMAS[kind].safeParse(json);
  if (!parsed.success) return { ok: false, error: z.prettifyError(parsed.error) };
  return { ok: true, message: parsed.data as DownMessageOf<K> };
}
