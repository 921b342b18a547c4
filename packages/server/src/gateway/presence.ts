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
  stop(): Promise<void>;
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
  /** Writes settled changes; called with batches, one change per device, in the order they settled. */
  commit: (changes: PresenceChange[]) => Promise<void>;
  onError: (error: unknown) => void;
  /** Settled changes are gathered this long into one write (a fleet reconnecting at once). */
  batchMs?: number;
}): PresenceTracker {
  const entries = new Map<string, Entry>();
  let stopped = false;
  let outgoing = new Map<string, PresenceChange>();
  let writing: Promise<void> = Promise.resolve();
  let scheduled = false;
  let batchTimer: NodeJS.Timeout | undefined;

  function write() {
    scheduled = false;
    if (stopped) return;
    const batch = [...outgoing.values()];
    outgoing = new Map();
    // One write at a time keeps each device's changes in order.
    writing = writing.then(() => options.commit(batch)).catch(options.onError);
  }

  function settle(sn: string, entry: Entry) {
    const change = entry.pending;
    entry.timer = undefined;
    entry.pending = undefined;
    if (!change || stopped) return;
    entry.committed = change.online;
    entry.committedSession = change.session;
    outgoing.delete(sn);
    outgoing.set(sn, change);
    if (!scheduled) {
      scheduled = true;
      batchTimer = setTimeout(write, options.batchMs ?? 20);
      batchTimer.unref();
    }
    // An offline device needs no entry; forgetting it keeps memory to the connected fleet.
    if (!change.online) entries.delete(sn);
  }

  return {
    observe(change) {
      if (stopped) return;
      const entry = entries.get(change.sn) ?? {};
      entries.set(change.sn, entry);
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
    /** Drops what waits and lets a write under way finish (before the database closes). */
    async stop() {
      stopped = true;
      clearTimeout(batchTimer);
      await writing;
      for (const entry of entries.values()) if (entry.timer) clearTimeout(entry.timer);
      entries.clear();
    },
  };
}
