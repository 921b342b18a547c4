import { describe, expect, it } from 'vitest';
import { versionBadgeFor } from './version-badge.ts';

describe('version badge', () => {
  it('names the environment from the host', () => {
    expect(versionBadgeFor('beta.fleetport.example')).toBe('beta');
    expect(versionBadgeFor('dev-eu.fleetport.example')).toBe('dev');
    expect(versionBadgeFor('test2.fleetport.example')).toBe('test');
    expect(versionBadgeFor('localhost')).toBe('dev');
  });

  it('shows nothing on production hosts', () => {
    expect(versionBadgeFor('console.fleetport.example')).toBeNull();
    expect(versionBadgeFor('testing.fleetport.example')).toBeNull();
  });

  it('follows the configured badge first', () => {
    expect(versionBadgeFor('console.fleetport.example', 'beta')).toBe('beta');
    expect(versionBadgeFor('localhost', 'none')).toBeNull();
  });
});
