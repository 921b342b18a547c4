import { describe, expect, it } from 'vitest';
import {
  AsciiTextSchema,
  ChartParametersSchema,
  checkChartCount,
  checkChartParameters,
  DashboardRangeSchema,
  isAsciiText,
} from './dashboard.ts';
import { ruleText } from './rule.ts';
import { messagesFor } from './test-helpers.ts';

describe('dashboard charts', () => {
  it('caps the chart count', () => {
    expect(checkChartCount(19, 20)).toBeNull();
    const failure = checkChartCount(20, 20);
    expect(failure && ruleText(failure, 'en')).toBe('At most 20 charts');
    expect(failure && ruleText(failure, 'cn')).toBe('最多添加20个图表');
  });

  it('draws from one parameter group; single-parameter charts take one', () => {
    const a = { id: 'p1', groupId: 'g1' };
    const b = { id: 'p2', groupId: 'g1' };
    const c = { id: 'p3', groupId: 'g2' };
    expect(checkChartParameters([a, b])).toBeNull();
    expect(checkChartParameters([a, b], { single: true })).toBe('chartOneParameter');
    expect(messagesFor(ChartParametersSchema, [a, c])).toEqual([
      'The parameters of one chart must come from the same parameter group',
    ]);
    expect(messagesFor(ChartParametersSchema, [], 'en', 'parameters')).toEqual([
      'parameters is required field',
    ]);
  });

  it('queries at most one month', () => {
    const start = Date.UTC(2026, 0, 10);
    expect(messagesFor(DashboardRangeSchema, { start, end: Date.UTC(2026, 1, 10) })).toEqual([]);
    expect(messagesFor(DashboardRangeSchema, { start, end: Date.UTC(2026, 1, 10) + 1 })).toEqual([
      'The time range can not exceed one month',
    ]);
  });
});

describe('SOW text', () => {
  it('refuses non-ASCII where the spec says so', () => {
    expect(isAsciiText('Site A-7 (north)')).toBe(true);
    expect(isAsciiText('站点A')).toBe(false);
    expect(messagesFor(AsciiTextSchema, 'Café', 'en', 'siteCode')).toEqual([
      'siteCode can not contain non-ASCII characters',
    ]);
    expect(messagesFor(AsciiTextSchema, 'Café', 'cn', '站点编码')).toEqual(['站点编码不能包含非ASCII字符']);
  });
});
