import { type AccessRestriction, minutesOfDay, WEEKDAYS } from '@fleetport/contract';

/** `Date.getUTCDay()` (0 Sunday) to the contract's Monday-first weekday names. */
const BY_UTC_DAY = [WEEKDAYS[6], ...WEEKDAYS.slice(0, 6)];

/**
 * Whether a restriction bars a role type at a moment (all in UTC). Outside the start and end dates, when
 * disabled, or for role types it does not name, nothing is barred. Otherwise the user may enter only on
 * a chosen day that is not a holiday, inside one of that day's ranges (a day without ranges is open).
 */
export function barredAt(restriction: AccessRestriction | null, roleType: number, at: Date): boolean {
  if (!restriction?.enabled || !restriction.roleTypes.includes(roleType)) return false;
  const date = at.toISOString().slice(0, 10);
  if (date < restriction.startDate || date > restriction.endDate) return false;
  if (restriction.holidays.some((h) => h.time.trim() === date)) return true;
  const day = restriction.days.find((d) => d.day === BY_UTC_DAY[at.getUTCDay()]);
  if (!day) return true;
  if (day.windows.length === 0) return false;
  const minute = at.getUTCHours() * 60 + at.getUTCMinutes();
  return !day.windows.some((w) => minute >= minutesOfDay(w.start) && minute < minutesOfDay(w.end));
}
