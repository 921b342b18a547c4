import type { ConfigDifference, ConfigTargetField, DeviceConfiguration } from '@fleetport/contract';

/**
 * Layering of a device's configuration (issue 15, docs/decisions.md "Layering"): what the device runs,
 * under its groups' profiles (the nearest group winning), under the device's own settings — the fields
 * people changed on this device alone. The device's own settings win.
 */

export type OwnSettings = Map<string, Map<string, unknown>>;
export interface ProfileLayer {
  groupId: number;
  groupName: string;
  sections: Record<string, unknown>;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';

/** A section's value as dotted leaf paths, list items by index: the same paths the differences use. */
export function flattenFields(value: unknown, path = '', out = new Map<string, unknown>()) {
  if (isObject(value) && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value))
      flattenFields(inner, path ? `${path}.${key}` : key, out);
  } else if (path) out.set(path, value);
  return out;
}

/**
 * The device's own settings: the fields of its people-made applied change-sets, the latest winning; a
 * `cleared` change-set takes the fields it set out of them (the group profile's value applies again).
 */
export function foldOwnSettings(
  changeSets: readonly { cleared: boolean; differences: readonly ConfigDifference[] }[],
): OwnSettings {
  const own: OwnSettings = new Map();
  for (const { cleared, differences } of changeSets) {
    for (const d of differences) {
      const section = own.get(d.section) ?? new Map<string, unknown>();
      own.set(d.section, section);
      // A list item set as a whole replaces what was kept of it field by field, and the other way round.
      for (const key of section.keys())
        if (key === d.field || key.startsWith(`${d.field}.`) || d.field.startsWith(`${key}.`))
          section.delete(key);
      if (!cleared) section.set(d.field, d.to);
    }
  }
  return own;
}

function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  const next = target[head];
  if (isObject(next)) setPath(next, rest, value);
}

/** A profile's sections as one device gets them: its own settings put over the profile's values. */
export function withOwnSettings(
  sections: Record<string, unknown>,
  own: OwnSettings,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(sections)) {
    const mine = own.get(id);
    if (!mine || !isObject(value)) {
      out[id] = value;
      continue;
    }
    const layered = structuredClone(value);
    for (const [field, setting] of mine) setPath(layered, field.split('.'), setting);
    out[id] = layered;
  }
  return out;
}

/**
 * The fields the cloud sets on the device, each with its target, the value the device runs and where
 * the target comes from; sections the device does not report (or the schema does not understand) are
 * left out, as nothing can be sent to them.
 */
export function targetFields(
  config: DeviceConfiguration | null,
  profiles: readonly ProfileLayer[],
  own: OwnSettings,
): ConfigTargetField[] {
  const fields: ConfigTargetField[] = [];
  for (const [id, state] of config?.sections ?? []) {
    if (!('value' in state)) continue;
    const actual = flattenFields(state.value);
    const fromGroups = new Map<string, { value: unknown; layer: ProfileLayer }>();
    for (const layer of profiles) {
      const value = layer.sections[id];
      if (value === undefined) continue;
      for (const [field, v] of flattenFields(value)) fromGroups.set(field, { value: v, layer });
    }
    const mine = flattenFields(Object.fromEntries(own.get(id) ?? []));
    const names = [...new Set([...fromGroups.keys(), ...mine.keys()])];
    const order = [...actual.keys()];
    names.sort((a, b) => rank(order, a) - rank(order, b) || a.localeCompare(b));
    for (const field of names) {
      const group = fromGroups.get(field);
      const isMine = mine.has(field);
      fields.push({
        section: id,
        field,
        target: isMine ? mine.get(field) : group?.value,
        actual: actual.get(field) ?? null,
        origin: isMine ? 'device' : 'group',
        groupId: isMine ? null : (group?.layer.groupId ?? null),
        groupName: isMine ? null : (group?.layer.groupName ?? null),
        ...(isMine && group ? { overrides: group.value } : {}),
      });
    }
  }
  return fields;
}

const rank = (order: readonly string[], field: string) => {
  const at = order.indexOf(field);
  return at < 0 ? order.length : at;
};
