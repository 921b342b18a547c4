import { z } from 'zod';
import { registerRuleMessages } from './messages.ts';
import { AmountSchema } from './numbers.ts';

/** Price and licence-quantity rules of features §5. */
registerRuleMessages({
  deductionExceedsCurrent: {
    en: 'The deduction can not exceed the current value {num}',
    cn: '扣减数量不能超过当前值{num}',
  },
});

/** A price: positive, to the cent. */
export const PriceSchema = AmountSchema;

/** A minimum purchase quantity: a positive integer. */
export const MinimumPurchaseSchema = z
  .number()
  .int({ error: 'integer' })
  .min(1, { error: 'positiveInteger' });

/** Deducting from an assignment can take at most what is there. */
export function checkDeduction(deduction: number, current: number) {
  return deduction <= current ? null : { key: 'deductionExceedsCurrent', params: { num: current } };
}

/** A deduction from an assignment holding `current`: a positive integer no larger than it. */
export function deductionSchema(current: number) {
  return MinimumPurchaseSchema.refine((value) => checkDeduction(value, current) === null, {
    error: 'deductionExceedsCurrent',
    params: { num: current },
  });
}
