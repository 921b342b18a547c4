import type { Localized } from '../i18n.ts';
import { ROLE_TYPE, ROLE_TYPE_LABELS, type RoleType, roleTypeName } from '../role-types.ts';

/*
 * The role type values themselves live in ../role-types.ts (ROLE_TYPE): 0 read only, 0.1 provisioner,
 * 0.2 manager (labelled "Read only" as core §3 says for 0.2), 0.3 installer, 0.5 limited user,
 * 1 operator, 1.5 administrator, 2 owner, -1 VPN client only. This file adds the ranking rules.
 */

export function isRoleType(value: unknown): value is RoleType {
  return typeof value === 'number' && roleTypeName(value) !== undefined;
}

/** The label of a role type value (core §3 "Role type labels"); unknown values show as they are. */
export function roleTypeLabel(value: number): Localized {
  const name = roleTypeName(value);
  return name ? ROLE_TYPE_LABELS[name] : { en: String(value), cn: String(value) };
}

/** The four ranked types, lowest first (core §4 "Role hierarchy"): owner > administrator > operator > read-only. */
export const RANKED_ROLE_TYPES = [
  ROLE_TYPE.readOnly,
  ROLE_TYPE.operator,
  ROLE_TYPE.administrator,
  ROLE_TYPE.owner,
] as const satisfies readonly RoleType[];

/** Custom roles can be made only from these types (core §6). */
export const CUSTOM_ROLE_BASE_TYPES = [
  ROLE_TYPE.operator,
  ROLE_TYPE.readOnly,
] as const satisfies readonly RoleType[];

/** Rank in the hierarchy. The wire values already order the types, so the value is the rank. */
export function roleRank(type: RoleType): number {
  return type;
}

/** Negative when `a` ranks below `b`, zero when equal, positive when above: fits Array.sort. */
export function compareRoleTypes(a: RoleType, b: RoleType): number {
  return Math.sign(roleRank(a) - roleRank(b));
}

/** Lower roles cannot edit higher ones (core §4, §6). */
export function canEditRoleType(editor: RoleType, target: RoleType): boolean {
  return compareRoleTypes(editor, target) >= 0;
}
