/**
 * This node's answers per minute over the last quarter hour, for the Super Admin's health page (the
 * 5xx rate). An onResponse hook adds one to two counters: no I/O, no allocation past the 15 slots.
 */
export const TALLY_MINUTES = 15;

export interface ResponseTally {
  record(status: number, atMs: number): void;
  /** Answers and 5xx answers in the last `TALLY_MINUTES` minutes before `nowMs`. */
  recent(nowMs: number): { total: number; serverErrors: number };
}

export function createResponseTally(): ResponseTally {
  const minutes = new Array<number>(TALLY_MINUTES).fill(-1);
  const totals = new Array<number>(TALLY_MINUTES).fill(0);
  const errors = new Array<number>(TALLY_MINUTES).fill(0);
  return {
    record(status, atMs) {
      const minute = Math.floor(atMs / 60_000);
      const slot = minute % TALLY_MINUTES;
      if (minutes[slot] !== minute) {
        minutes[slot] = minute;
        totals[slot] = 0;
        errors[slot] = 0;
      }
      totals[slot]! += 1;
      if (status >= 500) errors[slot]! += 1;
    },
    recent(nowMs) {
      const now = Math.floor(nowMs / 60_000);
      let total = 0;
      let serverErrors = 0;
      for (let slot = 0; slot < TALLY_MINUTES; slot++) {
        const minute = minutes[slot]!;
        if (minute > now - TALLY_MINUTES && minute <= now) {
          total += totals[slot]!;
          serverErrors += errors[slot]!;
        }
      }
      return { total, serverErrors };
    },
  };
}
