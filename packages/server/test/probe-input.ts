import type { CallDef } from '@fleetport/contract';
import { z } from 'zod';

/**
 * Inputs that aim a call at another company's objects, for the tenancy proof. Fields are filled by
 * name from `targets` (companyId, userId, roleId, sn, ...), everything else with the plainest value its
 * JSON schema allows. A call whose generated input the contract refuses needs an explicit builder.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  format?: string;
  default?: unknown;
};

/** Ids and names of the target company's objects, by the field names calls use for them. */
export type ProbeTargets = Record<string, string | number>;

function valueFor(
  schema: JsonSchema,
  name: string | undefined,
  targets: ProbeTargets,
  full: boolean,
): unknown {
  if (name !== undefined && name in targets) {
    const target = targets[name]!;
    return schema.type === 'array' ? [target] : target;
  }
  // `sns: [..]` aims at the target's device; any plural id list likewise (userIds, roleIds ...).
  if (name?.endsWith('s') && schema.type === 'array' && name.slice(0, -1) in targets)
    return [targets[name.slice(0, -1)]];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return valueFor(options.find((o) => o.type !== 'null') ?? options[0]!, name, targets, full);
  if (schema.default !== undefined) return schema.default;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) {
        if (full || schema.required?.includes(key) || key in targets)
          out[key] = valueFor(prop, key, targets, full);
      }
      return out;
    }
    case 'array':
      return schema.minItems ? [valueFor(schema.items ?? {}, undefined, targets, full)] : [];
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string':
      if (schema.format === 'email') return 'probe@probe.example';
      return 'probe'.padEnd(schema.minLength ?? 0, 'e');
    default:
      return {};
  }
}

/** The generated input, or null when the contract refuses it (the call needs an explicit builder). */
export function probeInput(call: CallDef, targets: ProbeTargets): unknown | null {
  let schema: JsonSchema;
  try {
    schema = z.toJSONSchema(call.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return null;
  }
  // Every optional field filled first, so an unscoped edit would really change something; the
  // required fields alone when optional ones clash with each other.
  for (const full of [true, false]) {
    const input = valueFor(schema, undefined, targets, full);
    if (call.input.safeParse(input).success) return input;
  }
  return null;
}
