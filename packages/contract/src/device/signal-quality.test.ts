import { describe, expect, it } from 'vitest';
import { signalBars, signalQuality } from './signal-quality.ts';

describe('signal quality', () => {
  it('grades each reading by its own thresholds, boundaries included', () => {
    expect(signalQuality('rsrp', -80)).toBe('excellent');
    expect(signalQuality('rsrp', -80.5)).toBe('good');
    expect(signalQuality('rsrp', -100)).toBe('fair');
    expect(signalQuality('rsrp', -101)).toBe('poor');
    expect(signalQuality('sinr', 25)).toBe('excellent');
    expect(signalQuality('sinr', -3)).toBe('poor');
    expect(signalQuality('rsrq', -12)).toBe('good');
    expect(signalQuality('rssi', -80)).toBe('fair');
  });

  it('has no quality and no bars for a value the device did not report', () => {
    expect(signalQuality('rsrp', undefined)).toBeNull();
    expect(signalQuality('rsrp', null)).toBeNull();
    expect(signalBars(null)).toBe(0);
    expect([signalBars('excellent'), signalBars('good'), signalBars('fair'), signalBars('poor')]).toEqual([
      4, 3, 2, 1,
    ]);
  });
});
