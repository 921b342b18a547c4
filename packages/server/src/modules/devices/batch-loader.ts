/**
 * Gathers look-ups made in the same turn of the event loop into one call. A fleet reconnecting at
 * once (after a broker restart, say) then costs a few queries instead of one per device.
 */
export function createBatchLoader<K, V>(
  loadMany: (keys: K[]) => Promise<Map<K, V>>,
  maxBatch = 1000,
): (key: K) => Promise<V | undefined> {
  let waiting = new Map<K, { resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[]>();
  let scheduled = false;

  async function run() {
    scheduled = false;
    const batch = waiting;
    waiting = new Map();
    const keys = [...batch.keys()];
    for (let i = 0; i < keys.length; i += maxBatch) {
      const chunk = keys.slice(i, i + maxBatch);
      try {
        const found = await loadMany(chunk);
        for (const key of chunk) for (const w of batch.get(key) ?? []) w.resolve(found.get(key));
      } catch (error) {
        for (const key of chunk) for (const w of batch.get(key) ?? []) w.reject(error);
      }
    }
  }

  return (key) =>
    new Promise((resolve, reject) => {
      const list = waiting.get(key);
      if (list) list.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void run());
      }
    });
}
