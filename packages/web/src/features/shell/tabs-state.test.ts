import { describe, expect, it } from 'vitest';
import { EMPTY_TABS, loadTabs, MAX_TABS, reduceTabs, saveTabs, type TabsState } from './tabs-state.ts';

function openAll(paths: string[], app = 'robustlink'): { state: TabsState; warnings: number } {
  let state = EMPTY_TABS;
  let warnings = 0;
  for (const path of paths) {
    const result = reduceTabs(state, { type: 'open', app, path });
    state = result.state;
    if (result.overflowed) warnings += 1;
  }
  return { state, warnings };
}

const paths = (n: number) => Array.from({ length: n }, (_, i) => `/robustlink/page${i + 1}`);

describe('tabbed workspace', () => {
  it('keeps 10 tabs without a warning', () => {
    const { state, warnings } = openAll(paths(MAX_TABS));
    expect(state.tabs).toHaveLength(10);
    expect(warnings).toBe(0);
    expect(state.active).toBe('/robustlink/page10');
  });

  it('closes the leftmost tab and warns when an 11th is opened', () => {
    const { state, warnings } = openAll(paths(11));
    expect(warnings).toBe(1);
    expect(state.tabs.map((t) => t.path)).toEqual(paths(11).slice(1));
    expect(state.active).toBe('/robustlink/page11');
  });

  it('re-opening an open tab selects it without adding one', () => {
    const { state } = openAll([...paths(3), '/robustlink/page1']);
    expect(state.tabs).toHaveLength(3);
    expect(state.active).toBe('/robustlink/page1');
  });

  it('closing the active tab activates its neighbour', () => {
    let { state } = openAll(paths(3));
    state = reduceTabs(state, { type: 'select', path: '/robustlink/page2' }).state;
    state = reduceTabs(state, { type: 'close', path: '/robustlink/page2' }).state;
    expect(state.tabs.map((t) => t.path)).toEqual(['/robustlink/page1', '/robustlink/page3']);
    expect(state.active).toBe('/robustlink/page3');
    state = reduceTabs(state, { type: 'close', path: '/robustlink/page3' }).state;
    expect(state.active).toBe('/robustlink/page1');
  });

  it('closes the others and clears', () => {
    let { state } = openAll(paths(4));
    state = reduceTabs(state, { type: 'closeOthers', path: '/robustlink/page2' }).state;
    expect(state.tabs.map((t) => t.path)).toEqual(['/robustlink/page2']);
    expect(state.active).toBe('/robustlink/page2');
    state = reduceTabs(state, { type: 'clear' }).state;
    expect(state.tabs).toEqual([]);
    expect(state.active).toBeNull();
  });

  it('leaving an app clears its tabs', () => {
    let { state } = openAll(paths(4));
    state = reduceTabs(state, { type: 'open', app: 'vpn', path: '/vpn/groups' }).state;
    expect(state.app).toBe('vpn');
    expect(state.tabs.map((t) => t.path)).toEqual(['/vpn/groups']);
  });

  it('persists the tabs in local storage and reads them back', () => {
    const { state } = openAll(paths(5));
    saveTabs(state);
    expect(JSON.parse(localStorage.getItem('tabs')!).tabs).toHaveLength(5);
    expect(loadTabs()).toEqual(state);
  });

  it('keeps the title a page gave its tab, through reopening and storage', () => {
    let { state } = openAll(paths(2));
    const named = reduceTabs(state, { type: 'title', path: '/robustlink/page1', title: 'North quay' }).state;
    expect(named.tabs[0]).toEqual({ path: '/robustlink/page1', title: 'North quay' });
    // A title for a page without a tab (yet) changes nothing.
    expect(reduceTabs(state, { type: 'title', path: '/robustlink/none', title: 'x' }).state).toBe(state);
    state = reduceTabs(named, { type: 'open', app: 'robustlink', path: '/robustlink/page1' }).state;
    expect(state.tabs[0]?.title).toBe('North quay');
    saveTabs(state);
    expect(loadTabs()).toEqual(state);
  });

  it('starts empty from unreadable storage', () => {
    localStorage.setItem('tabs', '{not json');
    expect(loadTabs()).toEqual(EMPTY_TABS);
    localStorage.setItem(
      'tabs',
      JSON.stringify({ app: 'x', tabs: [{ path: '/x/a' }, { nope: 1 }], active: '/x/z' }),
    );
    expect(loadTabs()).toEqual({ app: 'x', tabs: [{ path: '/x/a' }], active: null });
  });
});
