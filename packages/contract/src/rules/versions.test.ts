import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  needsCrossVersionStep,
  osLineOf,
  supportsRemoteAccess,
  supportsZeroTouch,
} from './versions.ts';

describe('version rules of core §9', () => {
  it('compares versions as devices report them', () => {
    expect(compareVersions('5.10.0', '5.9.9')).toBe(1);
    expect(compareVersions('V5.3.0', '5.3.0')).toBe(0);
    expect(compareVersions('2.0.9', '2.1.0')).toBe(-1);
  });

  it('tells the OS line from the series, or from the major version of an unknown one', () => {
    expect(osLineOf('meg5000')).toBe('pro');
    expect(osLineOf('R3000')).toBe('standard');
    expect(osLineOf('x9', '2.4.0')).toBe('pro');
    expect(osLineOf(null, null)).toBeNull();
  });

  it('needs app 5.1.0 / 2.1.0 for remote access and 5.3.0 / 2.3.0 for zero touch', () => {
    expect(supportsRemoteAccess('standard', '5.1.0')).toBe(true);
    expect(supportsRemoteAccess('standard', '5.0.9')).toBe(false);
    expect(supportsRemoteAccess('pro', '2.1.0')).toBe(true);
    expect(supportsZeroTouch('standard', '5.2.9')).toBe(false);
    expect(supportsZeroTouch('pro', '2.3.0')).toBe(true);
  });

  it('sends a standard-line device below 5.2.2 through 5.2.2 first', () => {
    expect(needsCrossVersionStep('standard', '5.2.1')).toBe(true);
    expect(needsCrossVersionStep('standard', '5.2.2')).toBe(false);
    expect(needsCrossVersionStep('pro', '2.0.0')).toBe(false);
  });
});
