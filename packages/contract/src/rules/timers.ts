import type { Timer } from '../api/remote-actions.ts';
import { CORE_ERROR_CODES } from '../errors/core-codes.ts';
import { TIMER_MIN_LEAD_MINUTES, UPDATE_MIN_GAP_MINUTES } from '../limits.ts';

/** Device timers (core §5/§9): when each one runs, and how close two of them come. */

const MINUTE_MS = 60_000;
const REPEAT_PERIOD_MS: Record<Timer['repeat'], number | null> = {
  none: null,
  daily: 24 * 60 * MINUTE_MS,
  weekly: 7 * 24 * 60 * MINUTE_MS,
};

/** The first run of a timer at or after `from`; a one-off timer keeps its time, even a past one. */
export function nextTimerRun(timer: Pick<Timer, 'at' | 'repeat'>, from: number): number {
  const period = REPEAT_PERIOD_MS[timer.repeat];
  if (!period || timer.at >= from) return timer.at;
  return timer.at + Math.ceil((from - timer.at) / period) * period;
}

/**
 * The shortest time between any runs of two timers: a daily timer meets another one every day, not
 * only on its first run (a week is a whole number of days, so two repeating timers meet modulo a day).
 */
export function closestTimerRunsMs(a: Pick<Timer, 'at' | 'repeat'>, b: Pick<Timer, 'at' | 'repeat'>): number {
  const pa = REPEAT_PERIOD_MS[a.repeat];
  const pb = REPEAT_PERIOD_MS[b.repeat];
  const apart = (d: number, period: number) => {
    const r = ((d % period) + period) % period;
    return Math.min(r, period - r);
  };
  if (!pa && !pb) return Math.abs(a.at - b.at);
  if (pa && pb) return apart(b.at - a.at, Math.min(pa, pb));
  const [repeating, once, period] = pa ? [a, b, pa] : [b, a, pb as number];
  // A one-off timer before the first run of a repeating one meets only that first run.
  if (once.at <= repeating.at) return repeating.at - once.at;
  return apart(once.at - repeating.at, period);
}

export type TimerProblem = { index: number; code: 120072 | 120074 };

/**
 * Core §5/§9 timer rules, per timer, for the console's form and the server alike: 120074 when it is
 * less than 15 minutes ahead of `now`, 120072 when it runs less than 15 minutes from another timer.
 */
export function timerProblems(timers: readonly Pick<Timer, 'at' | 'repeat'>[], now: number): TimerProblem[] {
  const problems: TimerProblem[] = [];
  timers.forEach((timer, index) => {
    if (timer.at - now < TIMER_MIN_LEAD_MINUTES * MINUTE_MS)
      problems.push({ index, code: CORE_ERROR_CODES.TIMER_TOO_SOON });
    else if (
      timers.some(
        (other, j) => j !== index && closestTimerRunsMs(timer, other) < UPDATE_MIN_GAP_MINUTES * MINUTE_MS,
      )
    )
      problems.push({ index, code: CORE_ERROR_CODES.UPDATE_TOO_SOON });
  });
  return problems;
}
