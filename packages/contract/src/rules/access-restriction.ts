import { z } from 'zod';
import { MAX_RESTRICTION_RANGES_PER_DAY } from '../limits.ts';
import { registerRuleMessages } from './messages.ts';
import { duplicates, refineWith, requiredText } from './rule.ts';
import { minutesOfDay, TimeOfDaySchema } from './time.ts';

/**
 * Company access restriction (core and features §5): the hours a company's users may sign in, per day,
 * and holidays. The server answers 14091 outside them.
 */
registerRuleMessages({
  restrictionRangesMax: { en: 'At most {num} time ranges per day', cn: '每天最多设置{num}个时间段' },
  restrictionStartBeforeEnd: {
    en: 'The start time must be earlier than the end time',
    cn: '开始时间须早于结束时间',
  },
  restrictionOverlap: { en: 'Time ranges can not overlap', cn: '时间段不能重叠' },
  holidayDuplicate: { en: 'The holiday already exists', cn: '该节假日已存在' },
});

/** One allowed window of a day, "HH:mm" to "HH:mm". */
export interface DayWindow {
  start: string;
  end: string;
}

/**
 * Up to two windows, each starting before it ends, none overlapping. Windows that only touch
 * (08:00-12:00 and 12:00-18:00) do not overlap: the end is exclusive.
 */
export function checkDayWindows(windows: readonly DayWindow[]) {
  if (windows.length > MAX_RESTRICTION_RANGES_PER_DAY) {
    return { key: 'restrictionRangesMax', params: { num: MAX_RESTRICTION_RANGES_PER_DAY } };
  }
  const spans = windows.map((w) => [minutesOfDay(w.start), minutesOfDay(w.end)] as const);
  if (spans.some(([start, end]) => start >= end)) return { key: 'restrictionStartBeforeEnd' };
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]![0] < sorted[i - 1]![1]) return { key: 'restrictionOverlap' };
  }
  return null;
}

export const DayWindowSchema = z.strictObject({ start: TimeOfDaySchema, end: TimeOfDaySchema });
export const DayWindowsSchema = z.array(DayWindowSchema).superRefine(refineWith(checkDayWindows));

/**
 * A holiday: name and time both required. The spec does not give the time's shape, so it is the text
 * the console sends (a date, YYYY-MM-DD); two holidays with the same name or the same time are duplicates.
 */
export interface Holiday {
  name: string;
  time: string;
}

export function checkHolidays(holidays: readonly Holiday[]): string | null {
  const byName = duplicates(holidays, (h) => h.name.trim().toLowerCase());
  const byTime = duplicates(holidays, (h) => h.time.trim());
  return byName.length || byTime.length ? 'holidayDuplicate' : null;
}

export const HolidaySchema = z.strictObject({ name: requiredText().max(50), time: requiredText() });
export const HolidaysSchema = z.array(HolidaySchema).superRefine(refineWith(checkHolidays));
