import { type AccessRestriction, ROLE_TYPE } from '@fleetport/contract';
import { describe, expect, it } from 'vitest';
import { barredAt } from './access-window.ts';

const base: AccessRestriction = {
  enabled: true,
  startDate: '2026-06-01',
  endDate: '2026-06-30',
  days: [
    {
      day: 'mon',
      windows: [
        { start: '08:00', end: '12:00' },
        { start: '13:00', end: '17:00' },
      ],
    },
    { day: 'tue', windows: [] },
  ],
  roleTypes: [ROLE_TYPE.readOnly],
  holidays: [{ name: 'Midsummer', time: '2026-06-02' }],
};
// 2026-06-01 is a Monday.
const at = (iso: string) => new Date(iso);

describe('access window (UTC)', () => {
  it('lets a barred role in only inside the day ranges, with the end exclusive', () => {
    expect(barredAt(base, ROLE_TYPE.readOnly, at('2026-06-01T08:00:00Z'))).toBe(false);
    expect(barredAt(base, ROLE_TYPE.readOnly, at('2026-06-01T11:59:00Z'))).toBe(false);
    expect(barredAt(base, ROLE_TYPE.readOnly, at('2026-06-01T12:00:00Z'))).toBe(true);
    expect(barredAt(base, ROLE_TYPE.readOnly, at('2026-06-01T13:30:00Z'))).toBe(false);
    expect(barredAt(base, ROLE_TYPE.readOnly, at('2026-06-01T07:59:00Z'))).toBe(true);
  });

  it('bars days that are not chosen and holidays; a chosen day without ranges is open', () => {
    expect(barredAt(base, ROLE_TYPE.readOnly, at('2026-06-03T10:00:00Z'))).toBe(true);
    expect(barredAt(base, ROLE_TYPE.readOnly, at('2026-06-09T03:00:00Z'))).toBe(false);
    expect(barredAt(base, ROLE_TYPE.readOnly, at('2026-06-02T10:00:00Z'))).toBe(true);
  });

  it('bars nothing outside its dates, when disabled, or for role types it does not name', () => {
    expect(barredAt(base, ROLE_TYPE.readOnly, at('2026-07-01T03:00:00Z'))).toBe(false);
    expect(barredAt(base, ROLE_TYPE.readOnly, at('2026-05-31T03:00:00Z'))).toBe(false);
    expect(barredAt({ ...base, enabled: false }, ROLE_TYPE.readOnly, at('2026-06-03T10:00:00Z'))).toBe(false);
    expect(barredAt(base, ROLE_TYPE.operator, at('2026-06-03T10:00:00Z'))).toBe(false);
    expect(barredAt(null, ROLE_TYPE.readOnly, at('2026-06-03T10:00:00Z'))).toBe(false);
  });
});
