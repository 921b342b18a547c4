import { APPS, type AppDef, type FunAction, INSTALLER_APP, type MenuDef } from './menu-tree.ts';
import { COMPANY_TYPE, ROLE_TYPE } from './role-types.ts';

export * from './menu-tree.ts';

/** Core §2: the app name "platform" is the operation console. */
export function consoleOfApp(appName: string): string {
  return appName === 'platform' ? 'operation' : appName;
}

/** The funCodes of one menu, in the order the actions are listed. */
export function menuFunCodes(m: MenuDef): string[] {
  return [...m.actions.map((a) => `${m.area}.${a}`), ...(m.extra ?? [])];
}

/** The funCode that makes a menu visible. */
export function menuViewCode(m: MenuDef): string {
  return `${m.area}.view`;
}

export const ALL_MENUS: readonly MenuDef[] = APPS.flatMap((a) => a.groups.flatMap((g) => g.menus));

/** Every funCode of the tree, each once. */
export const ALL_FUN_CODES: readonly string[] = [...new Set(ALL_MENUS.flatMap(menuFunCodes))];

const areaCodes = (areas: readonly string[], actions?: readonly FunAction[]) =>
  ALL_MENUS.filter((m) => areas.includes(m.area)).flatMap((m) =>
    menuFunCodes(m).filter((c) => !actions || actions.some((a) => c === `${m.area}.${a}`)),
  );

const ADMIN_ONLY_AREAS = ['users', 'roles'];
/** Areas an operator may see but not change: the company itself, its branding and its purchases. */
const OPERATOR_VIEW_ONLY_AREAS = ['companyAccount', 'oem', 'licenses', 'billing', 'checkout'];
const INSTALLER_AREAS = APPS.find((a) => a.appName === INSTALLER_APP)!.groups.flatMap((g) =>
  g.menus.map((m) => m.area),
);

/**
 * The funCodes the default role of a role type holds (core §6). Custom roles (issue 4) start from
 * these and remove functions.
 */
export function defaultFunCodes(roleType: number): string[] {
  const unique = (codes: string[]) => [...new Set(codes)];
  switch (roleType) {
    case ROLE_TYPE.owner:
    case ROLE_TYPE.administrator:
      return [...ALL_FUN_CODES];
    case ROLE_TYPE.operator: {
      const viewOnly = new Set(areaCodes(OPERATOR_VIEW_ONLY_AREAS, ['view']));
      return ALL_FUN_CODES.filter((c) => {
        const area = c.split('.')[0]!;
        if (ADMIN_ONLY_AREAS.includes(area)) return false;
        return !OPERATOR_VIEW_ONLY_AREAS.includes(area) || viewOnly.has(c);
      });
    }
    case ROLE_TYPE.readOnly:
    case ROLE_TYPE.manager:
      return ALL_FUN_CODES.filter((c) => c.endsWith('.view') && !ADMIN_ONLY_AREAS.includes(c.split('.')[0]!));
    case ROLE_TYPE.installer:
      return unique(areaCodes(INSTALLER_AREAS));
    case ROLE_TYPE.provisioner:
      return unique([
        ...areaCodes(['dashboard', 'groups'], ['view']),
        ...areaCodes(['devices'], ['view', 'create', 'edit', 'apply']),
        ...areaCodes(['registrations'], ['view', 'create']),
        ...areaCodes(['templates'], ['view', 'apply']),
        ...areaCodes(['installerDashboard', 'provisioning']),
      ]);
    case ROLE_TYPE.limitedUser:
      return areaCodes(['dashboard', 'devices', 'groups', 'locations'], ['view']);
    default:
      // VPN-client-only users never reach the web platform (14054); unknown types get nothing.
      return [];
  }
}

/**
 * The menu tree a set of funCodes can visit in a company of a given type: apps without a visible
 * menu are dropped, and each menu keeps only the functions held.
 */
export function visibleMenus(funCodes: Iterable<string>, companyType: number): AppDef[] {
  const held = new Set(funCodes);
  const apps: AppDef[] = [];
  for (const app of APPS) {
    if (app.companyTypes && !app.companyTypes.includes(companyType)) continue;
    const groups = app.groups
      .map((g) => ({ ...g, menus: g.menus.filter((m) => held.has(menuViewCode(m))) }))
      .filter((g) => g.menus.length > 0);
    if (groups.length) apps.push({ ...app, groups });
  }
  return apps;
}

/** The menus the default role of a role type sees, e.g. to preview a role before it exists. */
export function menusForRoleType(roleType: number, companyType: number = COMPANY_TYPE.endCustomer): AppDef[] {
  return visibleMenus(defaultFunCodes(roleType), companyType);
}
