import { z } from 'zod';
import { defineCall } from './define.ts';

/** Core §3 "Menu visit entry": menu groups at the top of `mfs`, their routes in `children`. */
const MenuEntryBase = z.object({
  menuId: z.string(),
  menuCode: z.string(),
  menuName: z.string(),
  menuDesc: z.string(),
  /** Route path; empty for a group. */
  loadRes: z.string(),
  foldIcon: z.string(),
  /** i18n key the console translates (`menu.<menuCode>`). */
  menuNameLanguageKey: z.string(),
  funList: z.array(z.object({ funCode: z.string() })),
});
export const MenuEntrySchema = MenuEntryBase.extend({ children: z.array(z.never()) });
export const MenuGroupEntrySchema = MenuEntryBase.extend({ children: z.array(MenuEntrySchema) });

export const VisitAppSchema = z.object({
  /** "platform" is the operation console (core §2); `consoleOfApp` maps it. */
  appName: z.string(),
  appId: z.number().int(),
  mfs: z.array(MenuGroupEntrySchema),
});
export type VisitApp = z.infer<typeof VisitAppSchema>;

export const getVisitMenusCall = defineCall({
  id: 'menu.getVisitMenus',
  method: 'POST',
  path: '/pl/user/getVisitMenus',
  input: z.strictObject({ pageSize: z.coerce.number().int().min(1).max(9999).optional() }),
  output: z.array(VisitAppSchema),
  permission: 'session',
  summary: 'The consoles, menu groups and menus the role may visit in the current company',
});

export const MENU_CALLS = [getVisitMenusCall] as const;
