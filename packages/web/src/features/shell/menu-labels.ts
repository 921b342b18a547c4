import { APPS, consoleOfApp, type Lang, type Localized } from '@fleetport/contract';
import type { TFunction } from 'i18next';
import type { MenuNode } from './menu-model.ts';

/** Names of menus, menu groups and consoles by code, from the contract's menu tree. */
const BY_CODE = new Map<string, Localized>();
const BY_PATH = new Map<string, Localized>();
const BY_CONSOLE = new Map<string, Localized>();
for (const app of APPS) {
  BY_CONSOLE.set(consoleOfApp(app.appName), app.name);
  for (const group of app.groups) {
    BY_CODE.set(group.groupCode, group.name);
    BY_CODE.set(`${app.appName}.${group.groupCode}`, group.name);
    for (const menu of group.menus) {
      BY_CODE.set(menu.menuCode, menu.name);
      BY_PATH.set(menu.path, menu.name);
    }
  }
}

export function menuLabel(node: MenuNode, lang: Lang): string {
  const code = node.menuCode ?? '';
  const named = BY_CODE.get(code) ?? (node.path ? BY_PATH.get(node.path) : undefined);
  return named?.[lang] ?? node.fallback;
}

/** A console's name: the contract's, else the shell's own (Super Admin). */
export function consoleLabel(segment: string, lang: Lang, t: TFunction): string {
  return BY_CONSOLE.get(segment)?.[lang] ?? t(`menus:apps.${segment}`, { defaultValue: segment });
}

/** The title of a menu page by path; null for pages outside the menu tree. */
export function menuPageLabel(pathname: string, lang: Lang): string | null {
  return BY_PATH.get(pathname)?.[lang] ?? null;
}
