import { readFileSync } from 'node:fs';
import { ClaimAnswerSchema, RpcRequestSchema, UpMessageSchema } from '@fleetport/contract';
import { describe, expect, it } from 'vitest';

/** Every JSON example of docs/device-protocol.md is a valid message of the protocol. */
const doc = readFileSync(new URL('../../../docs/device-protocol.md', import.meta.url), 'utf8');
describe('the JSON examples of the protocol document', () => {
  it('are all valid messages of the protocol', () => {
    const blocks = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1] as string);
    // A block holds one object, or several each starting on a line of its own.
    const objects = blocks.flatMap((b) =>
      b.split(/\n(?=\s*\{"type")/).map((text) => JSON.parse(text) as { type: string }),
    );
    expect(objects.length).toBeGreaterThanOrEqual(12);
    for (const o of objects) {
      const schema =
        o.type === 'rpc'
          ? RpcRequestSchema
          : o.type.startsWith('claim') && o.type !== 'claim'
            ? ClaimAnswerSchema
            : UpMessageSchema;
      const parsed = schema.safeParse(o);
      expect(parsed.success, `${JSON.stringify(o).slice(0, 80)}: ${parsed.error?.message}`).toBe(true);
    }
  });
});
