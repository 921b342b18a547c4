import { describe, expect, it } from 'vitest';
import {
  DATE_FORMAT,
  endOfDay,
  formatBytes,
  formatDateTime,
  formatKilobytes,
  formatMegabytes,
  formatPhoneDisplay,
  pluralLabel,
  startOfDay,
  truncateAxisLabel,
} from './format.ts';

describe('byte sizes', () => {
  it('steps KB to YB by 1024 with two decimals', () => {
    expect(formatKilobytes(1)).toBe('1.00 KB');
    expect(formatKilobytes(1023)).toBe('1023.00 KB');
    expect(formatKilobytes(1024)).toBe('1.00 MB');
    expect(formatKilobytes(1536)).toBe('1.50 MB');
    expect(formatKilobytes(1024 ** 2 * 5)).toBe('5.00 GB');
    expect(formatKilobytes(1024 ** 7)).toBe('1.00 YB');
    expect(formatKilobytes(1024 ** 8)).toBe('1024.00 YB');
    expect(formatKilobytes('2048')).toBe('2.00 MB');
  });

  it('starts at B in the byte variant', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1.00 KB');
    expect(formatBytes(1234567)).toBe('1.18 MB');
  });

  it('shows three decimals from MB to YB in the MB variant', () => {
    expect(formatMegabytes(1.5)).toBe('1.500 MB');
    expect(formatMegabytes(1536)).toBe('1.500 GB');
    expect(formatMegabytes(1024 ** 6)).toBe('1.000 YB');
  });

  it('shows zero or empty as 0 in the first unit', () => {
    expect(formatKilobytes(0)).toBe('0 KB');
    expect(formatKilobytes(null)).toBe('0 KB');
    expect(formatBytes(undefined)).toBe('0 B');
    expect(formatBytes('')).toBe('0 B');
    expect(formatMegabytes(0)).toBe('0 MB');
    expect(formatMegabytes('not a number')).toBe('0 MB');
  });
});

describe('dates', () => {
  const instant = Date.UTC(2026, 0, 5, 7, 8, 9, 45); // 2026-01-05 07:08:09.045 UTC

  it('formats with YYYY-MM-DD HH:mm:ss by default', () => {
    expect(DATE_FORMAT).toBe('YYYY-MM-DD HH:mm:ss');
    expect(formatDateTime(instant, undefined, { utcOffsetMinutes: 0 })).toBe('2026-01-05 07:08:09');
    expect(formatDateTime(instant, undefined, { utcOffsetMinutes: 480 })).toBe('2026-01-05 15:08:09');
    expect(formatDateTime(instant, undefined, { utcOffsetMinutes: -480 })).toBe('2026-01-04 23:08:09');
    expect(formatDateTime(instant, 'DD/MM/YYYY HH:mm:ss.SSS', { utcOffsetMinutes: 0 })).toBe(
      '05/01/2026 07:08:09.045',
    );
  });

  it('uses the runtime time zone without an offset, and shows nothing for no date', () => {
    const local = new Date(2026, 10, 21, 9, 30, 0);
    expect(formatDateTime(local)).toBe('2026-11-21 09:30:00');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('garbage')).toBe('');
  });

  it('gives the start and end of the day', () => {
    const clock = { utcOffsetMinutes: 480 };
    expect(startOfDay(instant, clock).toISOString()).toBe('2026-01-04T16:00:00.000Z');
    expect(endOfDay(instant, clock).toISOString()).toBe('2026-01-05T15:59:59.999Z');
    expect(formatDateTime(endOfDay(instant, clock), 'HH:mm:ss.SSS', clock)).toBe('23:59:59.999');
    const local = new Date(2026, 1, 28, 13, 0, 0);
    expect(formatDateTime(startOfDay(local), 'YYYY-MM-DD HH:mm:ss.SSS')).toBe('2026-02-28 00:00:00.000');
    expect(formatDateTime(endOfDay(local), 'YYYY-MM-DD HH:mm:ss.SSS')).toBe('2026-02-28 23:59:59.999');
  });
});

describe('phone display', () => {
  it('puts a space before the last digit of 4 or 9 digit numbers only', () => {
    expect(formatPhoneDisplay('1234')).toBe('123 4');
    expect(formatPhoneDisplay('123456789')).toBe('12345678 9');
    expect(formatPhoneDisplay('123')).toBe('123');
    expect(formatPhoneDisplay('12345')).toBe('12345');
    expect(formatPhoneDisplay('13812345678')).toBe('13812345678');
    expect(formatPhoneDisplay('12a4')).toBe('12a4');
    expect(formatPhoneDisplay(undefined)).toBe('');
  });
});

describe('labels', () => {
  it('uses the singular label for counts below 2', () => {
    expect(pluralLabel(0, 'day', 'days')).toBe('day');
    expect(pluralLabel(1, 'day', 'days')).toBe('day');
    expect(pluralLabel(1.5, 'month', 'months')).toBe('month');
    expect(pluralLabel(2, 'day', 'days')).toBe('days');
  });

  it('cuts axis labels over 15 characters with an ellipsis', () => {
    expect(truncateAxisLabel('123456789012345')).toBe('123456789012345');
    expect(truncateAxisLabel('1234567890123456')).toBe('123456789012345...');
    expect(truncateAxisLabel('')).toBe('');
    expect(truncateAxisLabel('路由器路由器路由器路由器路由器路由器')).toBe(
      '路由器路由器路由器路由器路由器...',
    );
  });
});
