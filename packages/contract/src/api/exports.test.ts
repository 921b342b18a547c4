import { describe, expect, it } from 'vitest';
import { exportFileExpiresAt } from './exports.ts';

const at = (iso: string) => Date.parse(iso);

describe('how long an export file can be fetched', () => {
  it('keeps a list export 24 hours', () => {
    expect(exportFileExpiresAt(at('2026-11-29T00:04:00Z'), false)).toBe(at('2026-11-30T00:04:00Z'));
  });

  it('keeps a history log export until the next 00:05 UTC, the earlier of the two', () => {
    expect(exportFileExpiresAt(at('2026-11-29T00:04:00Z'), true)).toBe(at('2026-11-29T00:05:00Z'));
    expect(exportFileExpiresAt(at('2026-11-29T00:05:00Z'), true)).toBe(at('2026-11-30T00:05:00Z'));
    expect(exportFileExpiresAt(at('2026-11-29T13:30:00Z'), true)).toBe(at('2026-11-30T00:05:00Z'));
    expect(exportFileExpiresAt(at('2026-12-31T23:59:00Z'), true)).toBe(at('2027-01-01T00:05:00Z'));
  });
});
