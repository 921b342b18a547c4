import type { ScheduleDefinition } from './define.ts';

/**
 * Slots of a schedule. `every` slots are multiples of the period since the epoch (UTC); `cron` is a
 * five-field UTC expression: minute hour day-of-month month day-of-week, each `*`, a number, a range
 * `a-b`, a list `a,b` or a step `*\/n` / `a-b/n`; day-of-week 0-6 from Sunday (7 is Sunday too).
 */

const MINUTE_MS = 60_000;

interface CronFields {
  minute: Set<number>;
  hour: Set<number>;
  day: Set<number>;
  month: Set<number>;
  weekday: Set<number>;
  dayAny: boolean;
  weekdayAny: boolean;
}

function parseField(text: string, min: number, max: number, what: string): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) throw new Error(`cron ${what}: cannot read "${part}"`);
    const from = match[1] === '*' ? min : Number(match[2]);
    const to = match[1] === '*' ? max : match[3] !== undefined ? Number(match[3]) : match[4] ? max : from;
    const step = match[4] ? Number(match[4]) : 1;
    if (from < min || to > max || from > to || step < 1)
      throw new Error(`cron ${what}: "${part}" out of range`);
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return values;
}

export function parseCron(expression: string): CronFields {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`cron "${expression}": five fields expected`);
  const [minute, hour, day, month, weekday] = parts as [string, string, string, string, string];
  const weekdays = parseField(weekday, 0, 7, 'day of week');
  if (weekdays.delete(7)) weekdays.add(0);
  return {
    minute: parseField(minute, 0, 59, 'minute'),
    hour: parseField(hour, 0, 23, 'hour'),
    day: parseField(day, 1, 31, 'day of month'),
    month: parseField(month, 1, 12, 'month'),
    weekday: weekdays,
    dayAny: day === '*',
    weekdayAny: weekday === '*',
  };
}

/** Whether the day matches; as in cron, a restricted day-of-month OR a restricted weekday matches. */
function dayMatches(cron: CronFields, at: Date): boolean {
  const byDay = cron.day.has(at.getUTCDate());
  const byWeekday = cron.weekday.has(at.getUTCDay());
  if (cron.dayAny || cron.weekdayAny) return byDay && byWeekday;
  return byDay || byWeekday;
}

/** The first minute strictly after `after` that the expression names; searches up to five years. */
export function nextCronTime(cron: CronFields, after: Date): Date {
  const t = new Date(Math.floor(after.getTime() / MINUTE_MS) * MINUTE_MS + MINUTE_MS);
  const limit = after.getTime() + 5 * 366 * 24 * 60 * MINUTE_MS;
  while (t.getTime() <= limit) {
    if (!cron.month.has(t.getUTCMonth() + 1)) {
      t.setUTCMonth(t.getUTCMonth() + 1, 1);
      t.setUTCHours(0, 0, 0, 0);
    } else if (!dayMatches(cron, t)) {
      t.setUTCDate(t.getUTCDate() + 1);
      t.setUTCHours(0, 0, 0, 0);
    } else if (!cron.hour.has(t.getUTCHours())) {
      t.setUTCHours(t.getUTCHours() + 1, 0, 0, 0);
    } else if (!cron.minute.has(t.getUTCMinutes())) {
      t.setTime(t.getTime() + MINUTE_MS);
    } else return t;
  }
  throw new Error('cron expression never fires');
}

/** The schedule's first slot strictly after `after`. */
export function nextSlot(schedule: ScheduleDefinition, after: Date): Date {
  if (schedule.every !== undefined) {
    return new Date((Math.floor(after.getTime() / schedule.every) + 1) * schedule.every);
  }
  return nextCronTime(parseCron(schedule.cron ?? ''), after);
}

/** The idempotency key of a slot's job: a second enqueue for the same slot finds the first. */
export function slotKey(schedule: ScheduleDefinition, slot: Date): string {
  return `schedule:${schedule.name}:${slot.toISOString()}`;
}
