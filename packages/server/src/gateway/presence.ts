/**
 * Presence from the broker: a session opened or closed, or (on an external broker) the device's
 * `presence` message and its last will. Coming online counts at once (commands wait for it); going
 * offline only once the device stayed away for the debounce window, so a connection that drops and
 * returns within it changes nothing and flapping links do not flood the database or the console.
 */
export interface PresenceChange {
  sn: string;
  online: boolean;
  /** The connection the change belongs to. */
  session: string;
}

export interface PresenceTracker {
  observe(change: PresenceChange): void;
  /** Devices with a change waiting out the debounce window. */
  pendingCount(): number;
  /** Drops pending changes (shutdown: the next start decides presence afresh). */
  stop(): void;
}

interface Entry {
  /** What this node last committed, if anything, and for which connection. */
  committed?: boolean;
  committedSession?: string;
  /** The connection currently believed online. */
  session?: string;
  timer?: NodeJS.Timeout;
  pending?: PresenceChange;
}

export function createPresenceTracker(options: {
  debounceMs: number;
  commit: (change: PresenceChange) => Promise<void>;
  onError: (error: unknown) => void;
}): PresenceTracker {
  const entries = new Map<string, Entry>();
  let stopped = false;

  function settle(sn: string, entry: Entry) {
    const change = entry.pending;
    entry.timer = undefined;
    entry.pending = undefined;
    if (!change || stopped) return;
    entry.committed = change.online;
    entry.committedSession = change.session;
    options.commit(change).catch(options.onError);
    // An offline device needs no entry; forgetting it keeps memory to the connected fleet.
    if (!change.online) entries.delete(sn);
  }

  return {
    observe(change) {
      if (stopped) return;
      let entry = entries.get(change.sn);
      if (!entry) entries.set(change.sn, (entry = {}));
      if (change.online) {
        entry.session = change.session;
      } else if (entry.session !== undefined && entry.session !== change.session) {
        // The will of a connection that was already replaced by a newer one.
        return;
      }
      if (entry.timer) clearTimeout(entry.timer);
      entry.timer = undefined;
      entry.pending = undefined;
      // Back to what is already committed within the window: a flap, nothing to write. (A flap that
      // reconnected as a new session is still written, quietly, so its later will is recognised.)
      if (entry.committed === change.online && entry.committedSession === change.session) return;
      entry.pending = change;
      if (change.online) {
        settle(change.sn, entry);
        return;
      }
      const current = entry;
      entry.timer = setTimeout(() => settle(change.sn, current), options.debounceMs);
      entry.timer.unref();
    },
    pendingCount() {
      let count = 0;
      for (const entry of entries.values()) if (entry.pending) count++;
      return count;
    },
    stop() {
      stopped = true;
      for (const entry of entries.values()) if (entry.timer) clearTimeout(entry.timer);
      entries.clear();
    },
  };
}
