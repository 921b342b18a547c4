import { describe, expect, it } from 'vitest';
import { ElevatorTypeSchema, TractionRatioSchema } from './elevator.ts';
import { checkDeduction, deductionSchema, MinimumPurchaseSchema, PriceSchema } from './pricing.ts';
import { ruleText } from './rule.ts';
import { messagesFor } from './test-helpers.ts';

describe('prices and quantities', () => {
  it('price positive, to the cent', () => {
    expect(messagesFor(PriceSchema, 0.01)).toEqual([]);
    expect(messagesFor(PriceSchema, 100)).toEqual([]);
    expect(messagesFor(PriceSchema, 0)).toEqual(['Please enter a positive amount with at most 2 decimals']);
    expect(messagesFor(PriceSchema, 9.999)).toHaveLength(1);
  });

  it('minimum purchase a positive integer', () => {
    expect(messagesFor(MinimumPurchaseSchema, 1)).toEqual([]);
    expect(messagesFor(MinimumPurchaseSchema, 0)).toEqual(['Please enter a non-zero positive integer']);
    expect(messagesFor(MinimumPurchaseSchema, 1.5)).toEqual(['Please enter an integer']);
  });

  it('deduction no larger than the current value', () => {
    expect(checkDeduction(5, 5)).toBeNull();
    const failure = checkDeduction(6, 5);
    expect(failure && ruleText(failure, 'en')).toBe('The deduction can not exceed the current value 5');
    expect(messagesFor(deductionSchema(5), 6, 'cn')).toEqual(['扣减数量不能超过当前值5']);
    expect(messagesFor(deductionSchema(5), 5)).toEqual([]);
  });
});

describe('elevator', () => {
  it('traction ratio 1:1 or 2:1, default 1:1', () => {
    expect(TractionRatioSchema.parse(undefined)).toBe('1:1');
    expect(TractionRatioSchema.parse('2:1')).toBe('2:1');
    expect(messagesFor(TractionRatioSchema, '3:1')).toEqual(['field must be one of 1:1, 2:1']);
  });

  it('the nine elevator types', () => {
    for (const type of [
      'passenger',
      'cargo',
      'hospital',
      'escalator',
      'sightseeing',
      'home',
      'vehicle',
      'ship',
      'construction',
    ])
      expect(ElevatorTypeSchema.safeParse(type).success).toBe(true);
    expect(ElevatorTypeSchema.safeParse('rocket').success).toBe(false);
  });
});
