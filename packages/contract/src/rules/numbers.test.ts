import { describe, expect, it } from 'vitest';
import {
  AmountSchema,
  CidrSchema,
  intBetween,
  intRange,
  isAmount,
  isCidr,
  isIPv4,
  isNonNegativeIntegerText,
  isPositiveIntegerText,
  NonNegativeIntSchema,
  PositiveIntegerTextSchema,
  PositiveIntSchema,
} from './numbers.ts';
import { messagesFor } from './test-helpers.ts';

describe('integers', () => {
  it('intRange says the spec sentence past the maximum', () => {
    expect(messagesFor(intRange(1, 500), 500)).toEqual([]);
    expect(messagesFor(intRange(1, 500), 501)).toEqual(['The input value exceeds the maximum value 500']);
    expect(messagesFor(intRange(1, 500), 501, 'cn')).toEqual(['输入值超过最大值500']);
    expect(messagesFor(intRange(1, 500), 0)).toEqual(['The input value is below the minimum value 1']);
    expect(messagesFor(intRange(1, 500), 1.5)).toEqual(['Please enter an integer']);
  });

  it('intBetween names both ends', () => {
    expect(messagesFor(intBetween(5, 600), 5)).toEqual([]);
    expect(messagesFor(intBetween(5, 600), 4)).toEqual(['Please enter an integer from 5 to 600']);
    expect(messagesFor(intBetween(5, 600), 601, 'cn')).toEqual(['请输入5-600之间的整数']);
    expect(messagesFor(intBetween(5, 600), 5.5)).toEqual(['Please enter an integer from 5 to 600']);
  });

  it('positive and non-negative integers', () => {
    expect(messagesFor(PositiveIntSchema, 1)).toEqual([]);
    expect(messagesFor(PositiveIntSchema, 0)).toEqual(['Please enter a non-zero positive integer']);
    expect(messagesFor(NonNegativeIntSchema, 0)).toEqual([]);
    expect(messagesFor(NonNegativeIntSchema, -1)).toEqual(['Please enter a positive integer']);
  });

  it('integer text has no leading zero', () => {
    expect(isPositiveIntegerText('1')).toBe(true);
    expect(isPositiveIntegerText('120')).toBe(true);
    for (const bad of ['0', '01', '1.0', '+1', '-1', ' 1', ''])
      expect(isPositiveIntegerText(bad)).toBe(false);
    expect(isNonNegativeIntegerText('0')).toBe(true);
    expect(isNonNegativeIntegerText('00')).toBe(false);
    expect(isNonNegativeIntegerText('-0')).toBe(false);
    expect(messagesFor(PositiveIntegerTextSchema, '012', 'cn')).toEqual(['请输入非零正整数']);
  });
});

describe('amount', () => {
  it('is positive with at most 2 decimals', () => {
    for (const ok of ['0.01', '12', '12.5', '12.50', 999999.99]) expect(isAmount(ok)).toBe(true);
    for (const bad of ['0', '0.00', '1.234', '-1', '01', '1.', '.5', 0, -0.5, 1.005])
      expect(isAmount(bad)).toBe(false);
    expect(messagesFor(AmountSchema, 1.234)).toEqual([
      'Please enter a positive amount with at most 2 decimals',
    ]);
    expect(messagesFor(AmountSchema, 0, 'cn')).toEqual(['请输入大于0且最多两位小数的金额']);
  });
});

describe('addresses', () => {
  it('IPv4 octets stay within 0-255', () => {
    expect(isIPv4('0.0.0.0')).toBe(true);
    expect(isIPv4('255.255.255.255')).toBe(true);
    expect(isIPv4('256.1.1.1')).toBe(false);
    expect(isIPv4('1.1.1')).toBe(false);
    expect(isIPv4('01.1.1.1')).toBe(false);
  });

  it('CIDR-like: a dotted quad, then / and 0-32', () => {
    expect(isCidr('10.0.0.0/8')).toBe(true);
    expect(isCidr('192.168.1.0/0')).toBe(true);
    expect(isCidr('192.168.1.0/32')).toBe(true);
    expect(isCidr('192.168.1.0/33')).toBe(false);
    expect(isCidr('192.168.1.0')).toBe(false);
    expect(isCidr('192.168.1.0/24/1')).toBe(false);
    expect(isCidr('192.168.1/24')).toBe(false);
    expect(messagesFor(CidrSchema, '10.0.0.0/')).toEqual([
      'Please enter an IPv4 address and prefix, such as 192.168.1.0/24',
    ]);
  });
});
