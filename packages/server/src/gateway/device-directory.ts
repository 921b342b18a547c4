import { createBatchLoader } from '../modules/devices/batch-loader.ts';
import { findDeviceCompanies, touchDevicesLastSeen } from '../modules/devices/devices.store.ts';
import type { Db } from '../platform/db/open.ts';

/**
 * Which company a device belongs to, for the rows its messages create, and when it was last heard.
 * Look-ups arriving together are answered by one query, so a fleet reconnecting at once costs a
 * few queries, not one per device; last-seen times are written once a second for all devices.
 */
export interface DeviceDirectory {
  companyOf(sn: string): Promise<number | null>;
  /** Forget a device (after its claim, or when it moved to another company or was deleted). */
  forget(sn: string): void;
  heard(sn: string): void;
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A safety net only: a transfer or deletion makes every node forget the device at once (the
 * `devices.reassigned` live event), so this bounds a change made some other way, e.g. by hand in SQL.
 */
const TTL_MS = 60_000;
/**
 * A device's last-seen time is written at most this often: every write of a device row updates all
 * of its indexes (the console's search and sort indexes among them), and a minute is as precise as
 * "last seen" needs to be. Presence changes write it at once.
 */
const LAST_SEEN_EVERY_MS = 60_000;

export function createDeviceDirectory(options: {
  db: Db;
  now: () => Date;
  onError: (error: unknown) => void;
  lastSeenIntervalMs?: number;
}): DeviceDirectory {
  const known = new Map<string, { companyId: number | null; at: number }>();
  /**
   * The look-up under way per device: one that `forget` overtook may have read the company the
   * device just left, so its answer is used once but not kept.
   */
  const loading = new Map<string, symbol>();
  const load = createBatchLoader((sns: string[]) => findDeviceCompanies(options.db, sns));
  let heard = new Set<string>();
  const lastWritten = new Map<string, number>();

  async function writeLastSeen() {
    if (heard.size === 0) return;
    const sns = [...heard];
    heard = new Set();
    const at = options.now();
    for (let i = 0; i < sns.length; i += 5000)
      await touchDevicesLastSeen(options.db, sns.slice(i, i + 5000), at);
  }

  const interval = setInterval(
    () => writeLastSeen().catch(options.onError),
    options.lastSeenIntervalMs ?? 1000,
  );
  interval.unref();

  return {
    async companyOf(sn) {
      const hit = known.get(sn);
      if (hit && Date.now() - hit.at < TTL_MS) return hit.companyId;
      const ticket = Symbol(sn);
      loading.set(sn, ticket);
      try {
        const companyId = (await load(sn)) ?? null;
        if (loading.get(sn) === ticket) known.set(sn, { companyId, at: Date.now() });
        return companyId;
      } catch (error) {
        options.onError(error);
        return null;
      } finally {
        if (loading.get(sn) === ticket) loading.delete(sn);
      }
    },
    forget(sn) {
      known.delete(sn);
      loading.delete(sn);
    },
    heard(sn) {
      const now = Date.now();
      if (now - (lastWritten.get(sn) ?? 0) < LAST_SEEN_EVERY_MS) return;
      lastWritten.set(sn, now);
      heard.add(sn);
    },
    flush: writeLastSeen,
    async close() {
      clearInterval(interval);
      await writeLastSeen();
    },
  };
}
