import type { Lang, Localized } from './i18n.ts';

/**
 * Role types (core §3 "Role type labels", core §6). The numbers are the wire values of `roleType`.
 * The VPN-client-only type has no label in the spec; it is -1 so no ranking (`>= 1` is an admin
 * flag) can ever mistake it for a web role.
 */
export const ROLE_TYPE = {
  readOnly: 0,
  provisioner: 0.1,
  manager: 0.2,
  installer: 0.3,
  limitedUser: 0.5,
  operator: 1,
  administrator: 1.5,
  owner: 2,
  vpnClientOnly: -1,
} as const;
export type RoleTypeName = keyof typeof ROLE_TYPE;
export type RoleType = (typeof ROLE_TYPE)[RoleTypeName];

export const ROLE_TYPE_VALUES = Object.values(ROLE_TYPE) as RoleType[];

/** The default role of each type, created with every company (core §6: undeletable). */
export const ROLE_TYPE_LABELS: Record<RoleTypeName, Localized> = {
  readOnly: { en: 'Read only', cn: '只读' },
  provisioner: { en: 'Provisioner', cn: '配置员' },
  manager: { en: 'Read only', cn: '只读' },
  installer: { en: 'Installer', cn: '安装员' },
  limitedUser: { en: 'Limited user', cn: '受限用户' },
  operator: { en: 'Operator', cn: '操作员' },
  administrator: { en: 'Administrator', cn: '管理员' },
  owner: { en: 'Owner', cn: '所有者' },
  vpnClientOnly: { en: 'VPN client only', cn: '仅VPN客户端' },
};

/** The names of the default roles (the manager type reads "Manager" to tell it from Read only). */
export const DEFAULT_ROLE_NAMES: Record<RoleTypeName, Localized> = {
  ...ROLE_TYPE_LABELS,
  manager: { en: 'Manager', cn: '经理' },
};

/**
 * A role's name in the reader's language: a default role by its type's name (stored once, in English,
 * at registration), any other role as its company named it.
 */
export function roleDisplayName(
  role: { roleName: string; roleType: number; isDefault: boolean },
  lang: Lang,
): string {
  const type = role.isDefault ? roleTypeName(role.roleType) : undefined;
  return type ? DEFAULT_ROLE_NAMES[type][lang] : role.roleName;
}

export function roleTypeName(value: number): RoleTypeName | undefined {
  return (Object.keys(ROLE_TYPE) as RoleTypeName[]).find((k) => ROLE_TYPE[k] === value);
}

/** Core §6 "Admin flag by roleType": 1, 1.5 and 2 are admins. */
export function isAdminRoleType(value: number | null | undefined): boolean {
  return value === 1 || value === 1.5 || value === 2;
}

/** Company types (core §3). */
export const COMPANY_TYPE = { endCustomer: 0, distributor: 1, reseller: 2 } as const;
export type CompanyType = (typeof COMPANY_TYPE)[keyof typeof COMPANY_TYPE];
