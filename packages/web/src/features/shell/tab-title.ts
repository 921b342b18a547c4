import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { dispatchTabs, useWorkspaceTabs } from './tabs-store.ts';

/**
 * Names the record a detail page shows on its workspace tab (a group's name where the route only has
 * its id). The shell opens the tab after the page's first render, so the title is given again once the
 * tab exists; it persists with the tabs and is shown until the page names the record anew.
 */
export function useTabTitle(title: string | undefined): void {
  const { pathname } = useLocation();
  const tabs = useWorkspaceTabs();
  const tab = tabs.tabs.find((t) => t.path === pathname);
  const stale = tab !== undefined && title !== undefined && title !== '' && tab.title !== title;
  useEffect(() => {
    if (stale && title) dispatchTabs({ type: 'title', path: pathname, title });
  }, [stale, pathname, title]);
}
