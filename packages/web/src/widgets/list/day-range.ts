import { type Dayjs, dayjs } from '../../i18n/dayjs.ts';

/** What a filter form's range picker holds: whole days, either end open. */
export type DayRange = [Dayjs | null, Dayjs | null] | null;

/** The picker's days for a filter's range, so a reload or a shared link shows the range it filters by. */
export function dayRangeOf(startTime: number | undefined, endTime: number | undefined): DayRange {
  if (startTime === undefined && endTime === undefined) return null;
  return [startTime !== undefined ? dayjs(startTime) : null, endTime !== undefined ? dayjs(endTime) : null];
}

/** The filter's range for the picked days: from the first day's start to the last day's end. */
export function timeRangeOf(range: DayRange | undefined): {
  startTime: number | undefined;
  endTime: number | undefined;
} {
  return {
    startTime: range?.[0] ? range[0].startOf('day').valueOf() : undefined,
    endTime: range?.[1] ? range[1].endOf('day').valueOf() : undefined,
  };
}
