/** Runs `work` on `size` items at a time, each group after the last (connecting a fleet without a storm). */
export async function inBatches<T>(items: readonly T[], size: number, work: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}
