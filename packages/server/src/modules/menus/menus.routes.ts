import {
  type AppDef,
  getVisitMenusCall,
  type Lang,
  type MenuDef,
  menuFunCodes,
  SUPER_ADMIN_APP,
  type VisitApp,
  visibleMenus,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import type { Session } from '../../platform/auth/session.ts';
import { bind, requireSession } from '../../platform/http/calls.ts';

function menuEntry(m: MenuDef, held: ReadonlySet<string>, lang: Lang) {
  return {
    menuId: m.menuCode,
    menuCode: m.menuCode,
    menuName: m.name[lang],
    menuDesc: m.name.en,
    loadRes: m.path,
    foldIcon: '',
    menuNameLanguageKey: `menu.${m.menuCode}`,
    funList: menuFunCodes(m)
      .filter((funCode) => held.has(funCode))
      .map((funCode) => ({ funCode })),
    children: [] as never[],
  };
}

function visitApp(app: AppDef, held: ReadonlySet<string>, lang: Lang): VisitApp {
  return {
    appName: app.appName,
    appId: app.appId,
    mfs: app.groups.map((g) => ({
      menuId: `${app.appName}.${g.groupCode}`,
      menuCode: g.groupCode,
      menuName: g.name[lang],
      menuDesc: g.name.en,
      loadRes: '',
      foldIcon: g.icon,
      menuNameLanguageKey: `menuGroup.${g.groupCode}`,
      funList: [],
      children: g.menus.map((m) => menuEntry(m, held, lang)),
    })),
  };
}

/**
 * Core §3 "Menu visit entry": the contract's menu tree cut to what the role holds in this company.
 * The Super Admin has no company and none of its consoles: it gets its own, under /superAdmin.
 */
export function visitMenus(session: Session, lang: Lang): VisitApp[] {
  if (session.superAdmin) {
    const all = new Set(SUPER_ADMIN_APP.groups.flatMap((g) => g.menus.flatMap(menuFunCodes)));
    return [visitApp(SUPER_ADMIN_APP, all, lang)];
  }
  if (session.companyType === null) return [];
  return visibleMenus(session.funCodes, session.companyType).map((app) =>
    visitApp(app, session.funCodes, lang),
  );
}

export function menuRoutes(_deps: ModuleDeps<'db' | 'sessions'>) {
  return [bind(getVisitMenusCall, async (ctx) => visitMenus(requireSession(ctx), ctx.lang))];
}
