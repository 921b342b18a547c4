import { ErrorCode, EXPORT_RANGE_MAX_MONTHS } from '@fleetport/contract';
import { AppError } from '../../platform/errors.ts';

/** `at` moved by whole calendar months (UTC). */
function addMonths(at: Date, months: number): Date {
  const moved = new Date(at);
  moved.setUTCMonth(moved.getUTCMonth() + months);
  return moved;
}

/**
 * core §9 "Export range at most three months" (120098), for sources filtered by time. An export
 * without a start covers the three months before its end (or before now), so an open filter never
 * reads years of history.
 */
export function boundToExportRange<F extends { startTime?: number; endTime?: number }>(f: F, now: Date): F {
  const end = f.endTime ?? now.getTime();
  const earliest = addMonths(new Date(end), -EXPORT_RANGE_MAX_MONTHS).getTime();
  if (f.startTime === undefined) return { ...f, startTime: earliest, endTime: end };
  if (f.startTime < earliest) throw new AppError(ErrorCode.RANGE_THREE_MONTHS);
  return { ...f, endTime: end };
}
