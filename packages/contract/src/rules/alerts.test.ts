import { describe, expect, it } from 'vitest';
import {
  EstateLogSuppressionSchema,
  FrequencySchema,
  GlobalDataLimitSchema,
  isPort,
  PortSchema,
} from './alerts.ts';
import { messagesFor } from './test-helpers.ts';

describe('alert trigger frequency', () => {
  it.each([
    ['second', 59],
    ['minute', 59],
    ['hour', 23],
  ] as const)('%s: 1-%i', (unit, max) => {
    expect(messagesFor(FrequencySchema, { value: 1, unit })).toEqual([]);
    expect(messagesFor(FrequencySchema, { value: max, unit })).toEqual([]);
    expect(messagesFor(FrequencySchema, { value: 0, unit })).toEqual([
      `Please enter an integer from 1 to ${max}`,
    ]);
    expect(messagesFor(FrequencySchema, { value: max + 1, unit }, 'cn')).toEqual([
      `请输入1-${max}之间的整数`,
    ]);
  });

  it('refuses an unknown unit', () => {
    expect(messagesFor(FrequencySchema, { value: 1, unit: 'day' })).toHaveLength(1);
  });
});

describe('port', () => {
  it('1-65535, as a number or text', () => {
    expect(isPort(1)).toBe(true);
    expect(isPort('65535')).toBe(true);
    expect(isPort(0)).toBe(false);
    expect(isPort(65536)).toBe(false);
    expect(isPort('080')).toBe(false);
    expect(isPort(1.5)).toBe(false);
    expect(messagesFor(PortSchema, 'http')).toEqual(['Please enter a port from 1 to 65535']);
    expect(messagesFor(PortSchema, 65536, 'cn')).toEqual(['请输入1-65535之间的端口号']);
  });
});

describe('platform settings', () => {
  it('global data limit 0-10485760 MB', () => {
    expect(messagesFor(GlobalDataLimitSchema, 0)).toEqual([]);
    expect(messagesFor(GlobalDataLimitSchema, 10_485_760)).toEqual([]);
    expect(messagesFor(GlobalDataLimitSchema, 10_485_761)).toEqual([
      'The input value exceeds the maximum value 10485760',
    ]);
    expect(messagesFor(GlobalDataLimitSchema, -1)).toEqual(['The input value is below the minimum value 0']);
  });

  it('estate log suppression 0-43200 minutes', () => {
    expect(messagesFor(EstateLogSuppressionSchema, 0)).toEqual([]);
    expect(messagesFor(EstateLogSuppressionSchema, 43200)).toEqual([]);
    expect(messagesFor(EstateLogSuppressionSchema, 43201)).toEqual([
      'Please enter an integer from 0 to 43200',
    ]);
    expect(messagesFor(EstateLogSuppressionSchema, -1)).toEqual(['Please enter an integer from 0 to 43200']);
  });
});
