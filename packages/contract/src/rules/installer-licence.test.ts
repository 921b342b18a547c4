import { describe, expect, it } from 'vitest';
import {
  installerAccessEndsAt,
  installerConsoleStateAt,
  installerLicencesPerPeriod,
  installerTrialEnd,
  newInstallerSalt,
  openInstallerState,
  sealInstallerState,
} from './installer-licence.ts';

describe('the installer console licence rules', () => {
  it('opens a USING state only beside its own salt', async () => {
    const salt = newInstallerSalt();
    const using = await sealInstallerState('USING', salt);
    expect(await openInstallerState({ state: using, salt })).toBe('USING');
    expect(await openInstallerState({ state: using, salt: newInstallerSalt() })).toBe('EXPIRED');
    expect(await openInstallerState({ state: await sealInstallerState('EXPIRED', salt), salt })).toBe(
      'EXPIRED',
    );
    expect(await openInstallerState({ state: using, salt: '' })).toBe('EXPIRED');
    expect(await openInstallerState({ state: 'AAAA', salt })).toBe('EXPIRED');
    // Two seals of one salt differ (a fresh IV), so answers cannot be compared to learn the state.
    expect(await sealInstallerState('USING', salt)).not.toBe(using);
  });

  it('reads a paid period before the trial, and expired after both', () => {
    const at = (paidUntil: number | null, trialEndsAt: number | null) => ({ paidUntil, trialEndsAt });
    expect(installerConsoleStateAt(at(null, null), 100)).toBe('expired');
    expect(installerConsoleStateAt(at(null, 200), 100)).toBe('freeTrial');
    expect(installerConsoleStateAt(at(150, 200), 100)).toBe('active');
    expect(installerConsoleStateAt(at(150, 200), 170)).toBe('freeTrial');
    expect(installerConsoleStateAt(at(150, 200), 200)).toBe('expired');
    expect(installerAccessEndsAt(at(150, 200), 100)).toBe(200);
    expect(installerAccessEndsAt(at(150, 90), 100)).toBe(150);
    expect(installerAccessEndsAt(at(50, 90), 100)).toBeNull();
  });

  it('takes one licence per started 5,000 devices, at least one', () => {
    expect([0, 1, 5000, 5001, 10_000, 10_001].map(installerLicencesPerPeriod)).toEqual([1, 1, 1, 2, 2, 3]);
  });

  it('ends the trial two calendar months later in UTC, on the last day of a shorter month', () => {
    expect(installerTrialEnd(Date.UTC(2026, 0, 31, 9, 30))).toBe(Date.UTC(2026, 2, 31, 9, 30));
    expect(installerTrialEnd(Date.UTC(2025, 11, 31, 23, 59))).toBe(Date.UTC(2026, 1, 28, 23, 59));
    expect(installerTrialEnd(Date.UTC(2027, 11, 30))).toBe(Date.UTC(2028, 1, 29));
    expect(installerTrialEnd(Date.UTC(2026, 10, 29, 7))).toBe(Date.UTC(2027, 0, 29, 7));
  });
});
