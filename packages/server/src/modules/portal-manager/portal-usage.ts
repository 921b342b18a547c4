import type { PortalSessionSettings } from '@fleetport/contract';

const DAY_MS = 86_400_000;

/**
 * When a client's usage last started from zero (features §5 "auto-reset"): every `resetEveryDays` days
 * at `resetStartTime` counted from 1970-01-01, and on the rent day of each month at 00:00; the later of
 * the two. Times are UTC (docs/decisions.md "Portal manager"). Epoch when neither applies: usage never
 * resets.
 */
export function lastUsageReset(settings: PortalSessionSettings, now: Date): Date {
  const candidates = [0];
  const t = now.getTime();
  if (settings.autoReset) {
    const [h, m] = settings.resetStartTime.split(':').map(Number) as [number, number];
    const offset = (h * 60 + m) * 60_000;
    const period = settings.resetEveryDays * DAY_MS;
    candidates.push(Math.floor((t - offset) / period) * period + offset);
  }
  if (settings.rentDay !== null) {
    const onDay = (year: number, month: number) => {
      const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
      return Date.UTC(year, month, Math.min(settings.rentDay!, last));
    };
    const thisMonth = onDay(now.getUTCFullYear(), now.getUTCMonth());
    candidates.push(thisMonth <= t ? thisMonth : onDay(now.getUTCFullYear(), now.getUTCMonth() - 1));
  }
  return new Date(Math.max(...candidates));
}

/** What is left of a limit in MB after `used` bytes; null when the limit is 0 (unlimited). */
export function bytesLeft(limitMb: number, used: number): number | null {
  if (limitMb === 0) return null;
  return Math.max(0, limitMb * 1024 * 1024 - used);
}
