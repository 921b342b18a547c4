import type { Localized } from './i18n.ts';
import { ALL_FUN_CODES, APPS, defaultFunCodes, type FunAction, menuFunCodes } from './menus.ts';
import { COMPANY_TYPE, isAdminRoleType, ROLE_TYPE } from './role-types.ts';

/**
 * The permission tree of core §6 (view, create, edit, remove, export, export all, apply per area),
 * read from the menu tree in menus.ts so there is one source: the role editor shows these nodes,
 * roles store the funCodes they tick, the server checks calls against them.
 */

export const FUN_ACTION_LABELS: Record<FunAction, Localized> = {
  view: { en: 'View', cn: '查看' },
  create: { en: 'Create', cn: '新建' },
  edit: { en: 'Edit', cn: '编辑' },
  remove: { en: 'Remove', cn: '删除' },
  export: { en: 'Export', cn: '导出' },
  exportAll: { en: 'Export all', cn: '全部导出' },
  apply: { en: 'Apply', cn: '应用' },
};

/** Functions beyond the seven actions (core §6: licences' buyMore gates "buy more"). */
export const EXTRA_FUN_LABELS: Record<string, Localized> = {
  'licenses.buyMore': { en: 'Buy more', cn: '购买更多' },
};

export interface PermissionNode {
  /** `app:<appName>`, `group:<app>.<group>`, `menu:<menuCode>` or, on leaves, the funCode itself. */
  key: string;
  title: Localized;
  /** Set on leaves only. */
  funCode?: string;
  children: PermissionNode[];
}

function funTitle(funCode: string): Localized {
  const action = funCode.split('.')[1] as FunAction;
  return EXTRA_FUN_LABELS[funCode] ?? FUN_ACTION_LABELS[action] ?? { en: funCode, cn: funCode };
}

/**
 * The tree the role editor shows: consoles, menu groups, menus, then one checkbox per funCode.
 * `allowed` cuts it to the functions a role may hold (its type's defaults); empty branches are dropped.
 */
export function permissionTree(allowed?: Iterable<string>): PermissionNode[] {
  const keep = allowed ? new Set(allowed) : null;
  const seen = new Set<string>();
  const apps: PermissionNode[] = [];
  for (const app of APPS) {
    const groups: PermissionNode[] = [];
    for (const g of app.groups) {
      const menus: PermissionNode[] = [];
      for (const m of g.menus) {
        // Two consoles can share an area (the partner consoles' customers): its checkboxes appear once.
        const leaves = menuFunCodes(m)
          .filter((c) => (!keep || keep.has(c)) && !seen.has(c))
          .map((c) => ({ key: c, funCode: c, title: funTitle(c), children: [] }));
        for (const leaf of leaves) seen.add(leaf.key);
        if (leaves.length) menus.push({ key: `menu:${m.menuCode}`, title: m.name, children: leaves });
      }
      if (menus.length)
        groups.push({ key: `group:${app.appName}.${g.groupCode}`, title: g.name, children: menus });
    }
    if (groups.length) apps.push({ key: `app:${app.appName}`, title: app.name, children: groups });
  }
  return apps;
}

/** Every area of the tree with the actions it offers, e.g. `devices` -> view ... apply. */
export const PERMISSION_AREAS: ReadonlyMap<string, readonly string[]> = (() => {
  const areas = new Map<string, string[]>();
  for (const code of ALL_FUN_CODES) {
    const [area, action] = code.split('.') as [string, string];
    areas.set(area, [...(areas.get(area) ?? []), action]);
  }
  return areas;
})();

export function isFunCode(value: string): boolean {
  return ALL_FUN_CODES.includes(value);
}

/** Core §6: custom roles are made from Operator and Read-only and hold at most what their type's default holds. */
export function grantableFunCodes(roleType: number): string[] {
  return defaultFunCodes(roleType);
}

/** What core §6 "Derived flags" reads from user info. */
export interface DerivedFlagSource {
  userName?: string | null;
  rootGroupId?: number | null;
  roleType: number | null;
  isDelete: number;
  groupType: number | null;
}

export interface DerivedFlags {
  /** No root group, and the user name is Super Admin (super-admin routes accept only that name). */
  superAdmin: boolean;
  /** isDelete = 0: the company's default user, who cannot be altered or deleted. */
  systemAdmin: boolean;
  /** The company is a distributor (groupType 1). */
  distributor: boolean;
  /** roleType 1, 1.5 or 2. */
  admin: boolean;
}

export const SUPER_ADMIN_USER_NAME = 'Super Admin';

/** Core §6 "Derived flags", in one place for the server and the console. */
export function derivedFlags(info: DerivedFlagSource): DerivedFlags {
  return {
    superAdmin:
      (info.rootGroupId === null || info.rootGroupId === undefined) &&
      info.userName === SUPER_ADMIN_USER_NAME,
    systemAdmin: info.isDelete === 0,
    distributor: info.groupType === COMPANY_TYPE.distributor,
    admin: isAdminRoleType(info.roleType),
  };
}

/** Role types whose users an access restriction may bar: all but the owner, who must always get in. */
export const RESTRICTABLE_ROLE_TYPES: readonly number[] = Object.values(ROLE_TYPE).filter(
  (t) => t !== ROLE_TYPE.owner,
);
