/**
 * The tabbed workspace of core §2 as a pure reducer: at most 10 tabs, the 11th closes the leftmost
 * and raises the warning, and the tabs belong to one app (leaving the app clears them).
 * The store beside it persists the state in local storage.
 */
export const MAX_TABS = 10;

export interface WorkspaceTab {
  /** The route path the tab shows (also its identity). */
  path: string;
  /** The record the page shows, named by the page once it knows it (a group's name, not its id). */
  title?: string;
}

export interface TabsState {
  /** The app (console) the tabs belong to; null before the first tab is opened. */
  app: string | null;
  tabs: WorkspaceTab[];
  active: string | null;
}

export const EMPTY_TABS: TabsState = { app: null, tabs: [], active: null };

export type TabsAction =
  | { type: 'open'; app: string; path: string }
  | { type: 'close'; path: string }
  | { type: 'select'; path: string }
  | { type: 'closeOthers'; path: string }
  | { type: 'title'; path: string; title: string }
  | { type: 'clear' };

export interface TabsResult {
  state: TabsState;
  /** True when opening a tab pushed the leftmost one out (the max-tabs warning is due). */
  overflowed: boolean;
}

export function reduceTabs(state: TabsState, action: TabsAction): TabsResult {
  switch (action.type) {
    case 'open': {
      // Leaving an app clears its open tabs.
      const base = state.app === action.app ? state : { ...EMPTY_TABS, app: action.app };
      if (base.tabs.some((tab) => tab.path === action.path)) {
        return { state: { ...base, active: action.path }, overflowed: false };
      }
      const tabs = [...base.tabs, { path: action.path }];
      const overflowed = tabs.length > MAX_TABS;
      return {
        state: {
          app: action.app,
          tabs: overflowed ? tabs.slice(tabs.length - MAX_TABS) : tabs,
          active: action.path,
        },
        overflowed,
      };
    }
    case 'close': {
      const index = state.tabs.findIndex((tab) => tab.path === action.path);
      if (index < 0) return { state, overflowed: false };
      const tabs = state.tabs.filter((tab) => tab.path !== action.path);
      // Closing the active tab activates its right neighbour, or the left one at the end.
      const active =
        state.active === action.path ? (tabs[Math.min(index, tabs.length - 1)]?.path ?? null) : state.active;
      return { state: { ...state, tabs, active }, overflowed: false };
    }
    case 'select':
      if (!state.tabs.some((tab) => tab.path === action.path)) return { state, overflowed: false };
      return { state: { ...state, active: action.path }, overflowed: false };
    case 'closeOthers':
      return {
        state: { ...state, tabs: state.tabs.filter((tab) => tab.path === action.path), active: action.path },
        overflowed: false,
      };
    case 'title': {
      const tab = state.tabs.find((t) => t.path === action.path);
      if (!tab || tab.title === action.title) return { state, overflowed: false };
      const tabs = state.tabs.map((t) => (t === tab ? { ...t, title: action.title } : t));
      return { state: { ...state, tabs }, overflowed: false };
    }
    case 'clear':
      return { state: { ...state, tabs: [], active: null }, overflowed: false };
  }
}

export const TABS_STORAGE_KEY = 'tabs';

/** Reads the persisted tabs; anything unreadable starts an empty workspace rather than failing. */
export function loadTabs(storage: Pick<Storage, 'getItem'> = localStorage): TabsState {
  try {
    const raw = storage.getItem(TABS_STORAGE_KEY);
    if (!raw) return EMPTY_TABS;
    const parsed = JSON.parse(raw) as Partial<TabsState>;
    const tabs = Array.isArray(parsed.tabs)
      ? parsed.tabs
          .filter((tab): tab is WorkspaceTab => typeof tab?.path === 'string')
          .map((tab) =>
            typeof tab.title === 'string' ? { path: tab.path, title: tab.title } : { path: tab.path },
          )
          .slice(-MAX_TABS)
      : [];
    const app = typeof parsed.app === 'string' ? parsed.app : null;
    const active = tabs.some((tab) => tab.path === parsed.active) ? (parsed.active as string) : null;
    return { app, tabs, active };
  } catch {
    return EMPTY_TABS;
  }
}

export function saveTabs(state: TabsState, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(TABS_STORAGE_KEY, JSON.stringify(state));
}
