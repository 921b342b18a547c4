import { describe, expect, it } from 'vitest';
import { displayUnit, labelStride, niceTicks, percentOf, withUnit } from './chart-model.ts';

describe('niceTicks', () => {
  it('covers the values and zero with round steps', () => {
    expect(niceTicks(3, 42)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(niceTicks(-97, -70)).toEqual([-100, -80, -60, -40, -20, 0]);
    expect(niceTicks(0, 0.6)).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6]);
  });
});

describe('displayUnit', () => {
  it('shows large sizes in GB and leaves other units alone', () => {
    expect(displayUnit('MB', 20_000)).toEqual({ unit: 'GB', divisor: 1024 });
    expect(displayUnit('MB', 800)).toEqual({ unit: 'MB', divisor: 1 });
    expect(displayUnit('dBm', -110)).toEqual({ unit: 'dBm', divisor: 1 });
    expect(withUnit(20_000 / 1024, 'GB')).toBe('19.53 GB');
  });
});

describe('labelStride and percentOf', () => {
  it('skip labels that would overlap and round shares to two decimals', () => {
    expect(labelStride(24, 460, 80)).toBe(4);
    expect(labelStride(3, 460, 80)).toBe(1);
    expect(percentOf(1, 3)).toBe(33.33);
    expect(percentOf(0, 0)).toBe(0);
  });
});
