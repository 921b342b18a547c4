import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPresenceTracker, type PresenceChange } from './presence.ts';

describe('presence debouncing', () => {
  let written: PresenceChange[][];
  let tracker: ReturnType<typeof createPresenceTracker>;

  beforeEach(() => {
    vi.useFakeTimers();
    written = [];
    tracker = createPresenceTracker({
      debounceMs: 2000,
      batchMs: 20,
      commit: async (changes) => {
        written.push(changes);
      },
      onError: (error) => {
        throw error;
      },
    });
  });
  afterEach(async () => {
    await tracker.stop();
    vi.useRealTimers();
  });

  const states = () => written.flat().map((c) => `${c.sn}:${c.online ? 'online' : 'offline'}:${c.session}`);

  it('writes online at once and offline only after the device stayed away for the window', async () => {
    tracker.observe({ sn: 'A', online: true, session: 's1' });
    await vi.advanceTimersByTimeAsync(50);
    expect(states()).toEqual(['A:online:s1']);
    tracker.observe({ sn: 'A', online: false, session: 's1' });
    await vi.advanceTimersByTimeAsync(1900);
    expect(states()).toEqual(['A:online:s1']);
    await vi.advanceTimersByTimeAsync(200);
    expect(states()).toEqual(['A:online:s1', 'A:offline:s1']);
  });

  it('absorbs a flap: a drop and a return within the window show no offline', async () => {
    tracker.observe({ sn: 'B', online: true, session: 's1' });
    await vi.advanceTimersByTimeAsync(50);
    for (let i = 0; i < 5; i++) {
      tracker.observe({ sn: 'B', online: false, session: 's1' });
      await vi.advanceTimersByTimeAsync(500);
      tracker.observe({ sn: 'B', online: true, session: 's1' });
      await vi.advanceTimersByTimeAsync(500);
    }
    await vi.advanceTimersByTimeAsync(5000);
    expect(states()).toEqual(['B:online:s1']);
  });

  it('ignores the late will of a connection that was already replaced', async () => {
    tracker.observe({ sn: 'C', online: true, session: 'old' });
    tracker.observe({ sn: 'C', online: true, session: 'new' });
    tracker.observe({ sn: 'C', online: false, session: 'old' });
    await vi.advanceTimersByTimeAsync(5000);
    // Both online writes land in one batch, the newer connection last; the stale will writes nothing.
    expect(written).toHaveLength(1);
    expect(states()).toEqual(['C:online:new']);
  });
});
