import { useSyncExternalStore } from 'react';
import { loadTabs, reduceTabs, saveTabs, type TabsAction, type TabsState } from './tabs-state.ts';

/** The one workspace of the page: the reducer's state, persisted in local storage on every change. */
let current: TabsState | null = null;
const listeners = new Set<() => void>();

function snapshot(): TabsState {
  current ??= loadTabs();
  return current;
}

/** Applies a tab operation; answers true when the leftmost tab was pushed out (warn the user). */
export function dispatchTabs(action: TabsAction): boolean {
  const { state, overflowed } = reduceTabs(snapshot(), action);
  if (state !== current) {
    current = state;
    saveTabs(state);
    for (const listener of listeners) listener();
  }
  return overflowed;
}

/** The current state without subscribing (event handlers and effects that must not re-run on it). */
export function peekTabs(): TabsState {
  return snapshot();
}

/** Forgets the in-memory copy so the next read comes from storage (after logout or in tests). */
export function reloadTabsFromStorage(): void {
  current = null;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useWorkspaceTabs(): TabsState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
