import { AXIS_LABEL_MAX_CHARS } from './limits.ts';

/*
 * Display formatting shared by the console, the exports and the e-mails (core §9 "Formatting").
 * No dependency: contract carries only zod, so dates are handled with the built-in Date.
 */

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;
type SizeUnit = (typeof SIZE_UNITS)[number];

function isEmpty(value: number | string | null | undefined): boolean {
  return (
    value === null ||
    value === undefined ||
    value === '' ||
    !Number.isFinite(Number(value)) ||
    Number(value) === 0
  );
}

/** Steps `value` (in `from`) up by 1024 until it is under 1024 or the units run out at YB. */
function formatSize(value: number | string | null | undefined, from: SizeUnit, decimals: number): string {
  if (isEmpty(value)) return `0 ${from}`;
  let amount = Number(value);
  let unit = SIZE_UNITS.indexOf(from);
  while (Math.abs(amount) >= 1024 && unit < SIZE_UNITS.length - 1) {
    amount /= 1024;
    unit++;
  }
  // A count of bytes is whole; showing "512.00 B" would suggest a precision that is not there.
  const text = SIZE_UNITS[unit] === 'B' ? String(Math.round(amount)) : amount.toFixed(decimals);
  return `${text} ${SIZE_UNITS[unit]}`;
}

/** A size given in KB, shown from KB to YB with two decimals ("1.50 MB"); zero or empty is "0 KB". */
export function formatKilobytes(kb: number | string | null | undefined): string {
  return formatSize(kb, 'KB', 2);
}

/** A size given in bytes, shown from B to YB with two decimals ("512 B", "1.50 KB"); zero or empty is "0 B". */
export function formatBytes(bytes: number | string | null | undefined): string {
  return formatSize(bytes, 'B', 2);
}

/** A size given in MB, shown from MB to YB with three decimals ("1.500 GB"); zero or empty is "0 MB". */
export function formatMegabytes(mb: number | string | null | undefined): string {
  return formatSize(mb, 'MB', 3);
}

/** The default date format of the console (core §9). */
export const DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

type DateInput = Date | number | string;

/**
 * Wall-clock options. `utcOffsetMinutes` is the offset of the wanted time zone, east positive
 * (UTC+8 is 480). Absent, the runtime's own time zone is used, as the browser does.
 */
export interface WallClock {
  utcOffsetMinutes?: number;
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
}

function toWall(input: DateInput, { utcOffsetMinutes }: WallClock): WallTime {
  const date = new Date(input);
  if (utcOffsetMinutes === undefined) {
    return {
      year: date.getFullYear(),
      month: date.getMonth(),
      day: date.getDate(),
      hour: date.getHours(),
      minute: date.getMinutes(),
      second: date.getSeconds(),
      ms: date.getMilliseconds(),
    };
  }
  const shifted = new Date(date.getTime() + utcOffsetMinutes * 60_000);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth(),
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
    ms: shifted.getUTCMilliseconds(),
  };
}

function fromWall(w: WallTime, { utcOffsetMinutes }: WallClock): Date {
  if (utcOffsetMinutes === undefined)
    return new Date(w.year, w.month, w.day, w.hour, w.minute, w.second, w.ms);
  return new Date(
    Date.UTC(w.year, w.month, w.day, w.hour, w.minute, w.second, w.ms) - utcOffsetMinutes * 60_000,
  );
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Formats a date with the tokens YYYY, MM, DD, HH, mm, ss and SSS (the dayjs names, so the console's
 * dayjs patterns read the same). An invalid or empty date gives an empty string.
 */
export function formatDateTime(
  input: DateInput | null | undefined,
  pattern: string = DATE_FORMAT,
  clock: WallClock = {},
): string {
  if (input === null || input === undefined || input === '' || Number.isNaN(new Date(input).getTime()))
    return '';
  const w = toWall(input, clock);
  const tokens: Record<string, string> = {
    YYYY: pad(w.year, 4),
    MM: pad(w.month + 1),
    DD: pad(w.day),
    HH: pad(w.hour),
    mm: pad(w.minute),
    ss: pad(w.second),
    SSS: pad(w.ms, 3),
  };
  return pattern.replace(/YYYY|SSS|MM|DD|HH|mm|ss/g, (token) => tokens[token] ?? token);
}

/** 00:00:00.000 of the same day. */
export function startOfDay(input: DateInput, clock: WallClock = {}): Date {
  return fromWall({ ...toWall(input, clock), hour: 0, minute: 0, second: 0, ms: 0 }, clock);
}

/** 23:59:59.999 of the same day. */
export function endOfDay(input: DateInput, clock: WallClock = {}): Date {
  return fromWall({ ...toWall(input, clock), hour: 23, minute: 59, second: 59, ms: 999 }, clock);
}

/** A cell number of 4 or 9 digits is shown with a space before the last digit; others as they are. */
export function formatPhoneDisplay(phone: string | null | undefined): string {
  if (!phone) return '';
  return /^(\d{4}|\d{9})$/.test(phone) ? `${phone.slice(0, -1)} ${phone.slice(-1)}` : phone;
}

/** The singular label for a count below 2 (0, 1 or a fraction), the plural one otherwise. */
export function pluralLabel<T>(count: number, singular: T, plural: T): T {
  return count < 2 ? singular : plural;
}

/** Cuts a chart axis label longer than 15 characters and marks the cut with an ellipsis. */
export function truncateAxisLabel(label: string, max: number = AXIS_LABEL_MAX_CHARS): string {
  const chars = Array.from(label);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : label;
}
