import { describe, expect, it } from 'vitest';
import * as limits from './limits.ts';

describe('limits', () => {
  it('holds the spec values that other rules lean on', () => {
    expect(limits.MAX_TABS).toBe(10);
    expect(limits.MAX_COMPANIES_PER_USER).toBe(100);
    expect(limits.EXPORT_WARN_RECORDS).toBeLessThan(limits.EXPORT_MAX_RECORDS);
    expect(limits.OPEN_API_CALLS_PER_SECOND).toBe(12);
    expect(limits.SESSION_MAX_HOURS).toBe(4);
    expect(limits.MAX_TRANSACTION_USD).toBe(999999.99);
    expect(limits.VPN_TRAFFIC_ADVANCED_BYTES).toBe(5 * 1024 ** 3);
    expect(limits.VPN_TRAFFIC_EXTENSION_BYTES).toBe(10 * 1024 ** 2);
    expect(limits.GLOBAL_DATA_LIMIT_MAX_MB).toBe(10485760);
  });

  it('names every constant in UPPER_SNAKE', () => {
    for (const name of Object.keys(limits)) expect(name).toMatch(/^[A-Z][A-Z0-9_]*$/);
  });
});
