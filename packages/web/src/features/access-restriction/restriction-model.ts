import {
  type AccessRestriction,
  MAX_RESTRICTION_RANGES_PER_DAY,
  WEEKDAYS,
  type Weekday,
} from '@fleetport/contract';

/** What the form edits: every weekday with a tick and its ranges, so unticking keeps nothing. */
export interface RestrictionDraft {
  enabled: boolean;
  startDate: string;
  endDate: string;
  days: Record<Weekday, { on: boolean; windows: Array<{ start: string; end: string }> }>;
  roleTypes: number[];
  holidays: Array<{ name: string; time: string }>;
}

export const MAX_RANGES = MAX_RESTRICTION_RANGES_PER_DAY;

const isoDate = (at: Date) => at.toISOString().slice(0, 10);

/** A company without a restriction starts from: off, from today for a year, every day open. */
export function draftOf(saved: AccessRestriction | null, now = new Date()): RestrictionDraft {
  const days = Object.fromEntries(
    WEEKDAYS.map((day) => {
      const found = saved?.days.find((d) => d.day === day);
      return [
        day,
        { on: saved ? Boolean(found) : true, windows: found?.windows.map((w) => ({ ...w })) ?? [] },
      ];
    }),
  ) as RestrictionDraft['days'];
  const yearLater = new Date(now);
  yearLater.setUTCFullYear(now.getUTCFullYear() + 1);
  return {
    enabled: saved?.enabled ?? false,
    startDate: saved?.startDate ?? isoDate(now),
    endDate: saved?.endDate ?? isoDate(yearLater),
    days,
    roleTypes: saved?.roleTypes ?? [],
    holidays: saved?.holidays.map((h) => ({ ...h })) ?? [],
  };
}

/** The body of the save call; the contract's schema checks it before it is sent. */
export function restrictionOf(draft: RestrictionDraft): AccessRestriction {
  return {
    enabled: draft.enabled,
    startDate: draft.startDate,
    endDate: draft.endDate,
    days: WEEKDAYS.filter((day) => draft.days[day].on).map((day) => ({
      day,
      windows: draft.days[day].windows,
    })),
    roleTypes: draft.roleTypes,
    holidays: draft.holidays,
  };
}
