import type { Lang } from '@fleetport/contract';
import type { TFunction } from 'i18next';
import { matchPath } from 'react-router';
import { matchConsolePage } from './console-areas.ts';
import { menuPageLabel } from './menu-labels.ts';

/**
 * The title of a console page in the current language: the page's label, followed by the record it
 * shows for detail pages (`Device Details · SN001`), named by `record` when the page gave its tab one
 * (`Group details · North quay` rather than the group's id). Used by tabs and the coming-soon page.
 */
export function pageTitle(pathname: string, t: TFunction, lang: Lang, record?: string): string {
  const menuName = menuPageLabel(pathname, lang);
  if (menuName) return menuName;
  if (pathname === '/myAccount') return t('menus:pages.myAccount');
  if (pathname === '/exportRecords') return t('menus:pages.exportRecords');
  const match = matchConsolePage(pathname);
  if (!match) return pathname;
  const label = t(`menus:pages.${match.page.label}`);
  const params = matchPath({ path: `/${match.area.segment}/${match.page.path}` }, pathname)?.params ?? {};
  const detail = record || Object.values(params).filter(Boolean).join(' / ');
  return detail ? `${label} · ${decodeURIComponent(detail)}` : label;
}
