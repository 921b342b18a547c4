import { describe, expect, it } from 'vitest';
import { checkDayWindows, checkHolidays, DayWindowsSchema, HolidaysSchema } from './access-restriction.ts';
import {
  AutoRenewPeriodSchema,
  addMonths,
  CustomReportFieldsSchema,
  checkTimeRange,
  limitedRangeSchema,
  OemAppNameSchema,
  ReportEventsSchema,
} from './company.ts';
import { messagesFor } from './test-helpers.ts';
import { isTimeOfDay, startNotAfterEnd, TimeRangeSchema } from './time.ts';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

describe('auto-renew period', () => {
  it('is a positive integer up to 500', () => {
    expect(messagesFor(AutoRenewPeriodSchema, 1)).toEqual([]);
    expect(messagesFor(AutoRenewPeriodSchema, 500)).toEqual([]);
    expect(messagesFor(AutoRenewPeriodSchema, 0)).toEqual(['Please enter a non-zero positive integer']);
    expect(messagesFor(AutoRenewPeriodSchema, 501)).toEqual([
      'The input value exceeds the maximum value 500',
    ]);
    expect(messagesFor(AutoRenewPeriodSchema, 501, 'cn')).toEqual(['输入值超过最大值500']);
  });
});

describe('time ranges', () => {
  it('start must not be after end', () => {
    expect(startNotAfterEnd(day('2026-01-01'), day('2026-01-01'))).toBe(true);
    expect(startNotAfterEnd(day('2026-01-02'), day('2026-01-01'))).toBe(false);
    expect(messagesFor(TimeRangeSchema, { start: 2, end: 1 })).toEqual([
      'The start time can not be later than the end time',
    ]);
  });

  it('export windows: 30 days, one month, three months', () => {
    const start = day('2026-01-31');
    expect(checkTimeRange(start, start + 30 * 86_400_000, 'days30')).toBeNull();
    expect(checkTimeRange(start, start + 30 * 86_400_000 + 1, 'days30')).toBe('rangeMax30Days');
    expect(addMonths(start, 1)).toBe(day('2026-02-28'));
    expect(checkTimeRange(start, day('2026-02-28'), 'oneMonth')).toBeNull();
    expect(checkTimeRange(start, day('2026-02-28') + 1, 'oneMonth')).toBe('rangeMaxOneMonth');
    expect(checkTimeRange(day('2026-01-15'), day('2026-04-15'), 'threeMonths')).toBeNull();
    expect(
      messagesFor(limitedRangeSchema('threeMonths'), { start: day('2026-01-15'), end: day('2026-04-16') }),
    ).toEqual(['The maximum range is three months']);
    expect(
      messagesFor(limitedRangeSchema('oneMonth'), { start: day('2026-01-15'), end: day('2026-03-01') }, 'cn'),
    ).toEqual(['时间范围不能超过一个月']);
    expect(checkTimeRange(day('2026-02-01'), day('2026-01-01'), 'days30')).toBe('startAfterEnd');
  });
});

describe('access restriction', () => {
  it('up to two ranges per day, start before end, no overlap', () => {
    expect(isTimeOfDay('23:59')).toBe(true);
    expect(isTimeOfDay('24:00')).toBe(false);
    expect(
      checkDayWindows([
        { start: '08:00', end: '12:00' },
        { start: '12:00', end: '18:00' },
      ]),
    ).toBeNull();
    expect(
      messagesFor(DayWindowsSchema, [
        { start: '08:00', end: '09:00' },
        { start: '10:00', end: '11:00' },
        { start: '12:00', end: '13:00' },
      ]),
    ).toEqual(['At most 2 time ranges per day']);
    expect(messagesFor(DayWindowsSchema, [{ start: '09:00', end: '09:00' }])).toEqual([
      'The start time must be earlier than the end time',
    ]);
    expect(
      messagesFor(
        DayWindowsSchema,
        [
          { start: '13:00', end: '18:00' },
          { start: '08:00', end: '13:01' },
        ],
        'cn',
      ),
    ).toEqual(['时间段不能重叠']);
  });

  it('holidays need a name and a time, no duplicates', () => {
    expect(
      checkHolidays([
        { name: 'New Year', time: '2026-01-01' },
        { name: 'Spring', time: '2026-02-17' },
      ]),
    ).toBeNull();
    expect(
      checkHolidays([
        { name: 'New Year', time: '2026-01-01' },
        { name: 'new year', time: '2026-01-02' },
      ]),
    ).toBe('holidayDuplicate');
    expect(
      messagesFor(HolidaysSchema, [
        { name: 'A', time: '2026-01-01' },
        { name: 'B', time: '2026-01-01' },
      ]),
    ).toEqual(['The holiday already exists']);
    expect(messagesFor(HolidaysSchema, [{ name: '', time: '2026-01-01' }])).toEqual([
      'field.0.name is required field',
    ]);
  });
});

describe('OEM and reports', () => {
  it('OEM app name 1-20', () => {
    expect(messagesFor(OemAppNameSchema, 'F'.repeat(20))).toEqual([]);
    expect(messagesFor(OemAppNameSchema, 'F'.repeat(21))).toEqual(['Max. 20 characters']);
    expect(messagesFor(OemAppNameSchema, '', 'en', 'appName')).toEqual(['appName is required field']);
  });

  it('custom report 1-30 fields; at least one event', () => {
    const fields = (n: number) => Array.from({ length: n }, (_, i) => `f${i}`);
    expect(messagesFor(CustomReportFieldsSchema, fields(1))).toEqual([]);
    expect(messagesFor(CustomReportFieldsSchema, fields(30))).toEqual([]);
    expect(messagesFor(CustomReportFieldsSchema, fields(0))).toEqual(['Please select 1 to 30 fields']);
    expect(messagesFor(CustomReportFieldsSchema, fields(31), 'cn')).toEqual(['请选择1-30个字段']);
    expect(messagesFor(ReportEventsSchema, [])).toEqual(['Please select at least one report event']);
  });
});
