import { z } from 'zod';
import { INSTANT_MS_MAX } from '../limits.ts';
import { registerRuleMessages } from './messages.ts';
import { requiredText } from './rule.ts';

/** Time-of-day and time-range rules shared by devices, access restriction, exports and the portal. */
registerRuleMessages({
  timeOfDayInvalid: { en: 'Please enter a time as HH:mm', cn: '请按HH:mm格式输入时间' },
  startAfterEnd: { en: 'The start time can not be later than the end time', cn: '开始时间不能晚于结束时间' },
});

/** "00:00" to "23:59", two digits each. */
export function isTimeOfDay(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

/** Minutes since midnight of an "HH:mm" value. */
export function minutesOfDay(value: string): number {
  const [hours, minutes] = value.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

export const TimeOfDaySchema = requiredText().refine(isTimeOfDay, { error: 'timeOfDayInvalid' });

/** Core §5: a start time must not be after the end time (equal is allowed: a one-instant range). */
export function startNotAfterEnd(start: Date | number, end: Date | number): boolean {
  return Number(start) <= Number(end);
}

/** `{start, end}` in epoch milliseconds, the shape of a query's time filter. */
export const TimeRangeSchema = z
  .strictObject({ start: z.number().int(), end: z.number().int() })
  .refine((range) => startNotAfterEnd(range.start, range.end), { error: 'startAfterEnd', path: ['start'] });

/**
 * An instant in unix ms, from 0 to the end of the year 9999 (INSTANT_MS_MAX): later values are not dates
 * JavaScript or PostgreSQL can hold, so they are refused with code 1 naming the field, not a 500.
 */
export const InstantMsSchema = z.number().int({ error: 'integer' }).min(0).max(INSTANT_MS_MAX);
