import { consoleOfApp } from '@fleetport/contract';

/**
 * The left menu from the server's visitable menus (core §3 "Menu visit entry"). Kept structural so
 * it reads the contract's output type without depending on its exact zod shape.
 */
export interface VisitMenu {
  menuName: string;
  menuId: string | number;
  loadRes?: string | null;
  foldIcon?: string | null;
  menuNameLanguageKey?: string | null;
  menuCode?: string | null;
  funList?: ReadonlyArray<{ funCode: string }> | null;
  children?: ReadonlyArray<VisitMenu> | null;
}

export interface VisitApp {
  appName: string;
  appId: string | number;
  mfs: ReadonlyArray<VisitMenu>;
}

/** One entry of the rendered menu: a group (children) or a page (path). */
export interface MenuNode {
  key: string;
  /** The contract's menu or group code; names the entry in both languages. */
  menuCode: string | null;
  /** The server's name, for entries the contract does not know. */
  fallback: string;
  icon: string | null;
  path: string | null;
  children: MenuNode[];
}

/** A path the router understands: leading slash, no trailing slash, no base path. */
export function normalizeMenuPath(loadRes: string | null | undefined): string | null {
  if (!loadRes) return null;
  let path = loadRes.trim().replace(/^\/rcms(?=\/)/, '');
  if (!path.startsWith('/')) path = `/${path}`;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

function toNode(menu: VisitMenu): MenuNode {
  const children = (menu.children ?? []).map(toNode);
  return {
    key: normalizeMenuPath(menu.loadRes) ?? `group:${menu.menuId}`,
    menuCode: menu.menuCode ?? null,
    fallback: menu.menuName,
    icon: menu.foldIcon ?? null,
    path: children.length ? null : normalizeMenuPath(menu.loadRes),
    children,
  };
}

export interface MenuApp {
  /** The console's path segment (platform reads as operation). */
  segment: string;
  appName: string;
  appId: string;
  nodes: MenuNode[];
}

export function buildMenuApps(apps: ReadonlyArray<VisitApp>): MenuApp[] {
  return apps.map((app) => ({
    segment: consoleOfApp(app.appName),
    appName: app.appName,
    appId: String(app.appId),
    nodes: app.mfs.map(toNode),
  }));
}

/** Every page entry of a menu, depth first, in menu order. */
export function menuPages(nodes: ReadonlyArray<MenuNode>): MenuNode[] {
  return nodes.flatMap((node) => (node.children.length ? menuPages(node.children) : node.path ? [node] : []));
}

/** Where "/" leads: the first page of the first app the user may visit. */
export function firstMenuPath(apps: ReadonlyArray<MenuApp>): string | null {
  for (const app of apps) {
    const first = menuPages(app.nodes)[0];
    if (first?.path) return first.path;
  }
  return null;
}

/** The menu entry showing a path, in any app. */
export function findMenuPage(apps: ReadonlyArray<MenuApp>, path: string): MenuNode | null {
  for (const app of apps) {
    const found = menuPages(app.nodes).find((node) => node.path === path);
    if (found) return found;
  }
  return null;
}

/** funCodes the role holds, from the menus' function lists (core §6 "Permissions"). */
export function funCodesOf(apps: ReadonlyArray<VisitApp>): Set<string> {
  const codes = new Set<string>();
  const walk = (menus: ReadonlyArray<VisitMenu>) => {
    for (const menu of menus) {
      for (const fn of menu.funList ?? []) codes.add(fn.funCode);
      walk(menu.children ?? []);
    }
  };
  for (const app of apps) walk(app.mfs);
  return codes;
}
