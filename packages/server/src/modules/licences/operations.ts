import { ErrorCode, MAX_TRANSACTION_USD } from '@fleetport/contract';
import type { Db, Tx } from '../../platform/db/open.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { finishOperation, type PostingTarget, startOperation } from './ledger.store.ts';

/** The operation a service posts its rows under. */
export interface OperationContext {
  id: number;
  operatorUserId: number | null;
  at: Date;
}

/**
 * Runs one licence operation in one transaction: opens it under the idempotency key, runs `post`
 * (which locks, checks and posts its rows), stores the answer with it. The same key again answers
 * the stored answer and posts nothing; the key used for another kind of operation is a bad request.
 */
export function runOperation<T>(
  db: Db,
  target: PostingTarget,
  op: OperationRequest,
  post: (tx: Tx, operation: OperationContext) => Promise<T>,
): Promise<T> {
  return inTransaction(db, (tx) => runOperationIn(tx, target, op, post));
}

/** Who asks for an operation, when, and the key a retry repeats. */
export interface OperationRequest {
  kind: string;
  idempotencyKey: string | null;
  operatorUserId: number | null;
  at: Date;
}

/**
 * `runOperation` inside a transaction the caller holds: another area's change that must commit or
 * roll back with the ledger rows (an approved purchase order) opens the transaction and posts in it.
 */
export async function runOperationIn<T>(
  tx: Tx,
  target: PostingTarget,
  op: OperationRequest,
  post: (tx: Tx, operation: OperationContext) => Promise<T>,
): Promise<T> {
  const started = await startOperation(tx, target, op);
  if (started.replay) {
    if (started.replay.kind !== op.kind) {
      throw fieldError('idempotencyKey', 'already used by another operation');
    }
    return started.replay.result as T;
  }
  const result = await post(tx, { id: started.id, operatorUserId: op.operatorUserId, at: op.at });
  await finishOperation(tx, started.id, result);
  return result;
}

/** A price in whole cents (the contract allows at most 2 decimals), or null for none. */
export function centsOf(unitPrice: number | undefined): number | null {
  return unitPrice === undefined ? null : Math.round(unitPrice * 100);
}

/** Core §9: one transaction is at most 999,999.99 USD (190320). */
export function checkTransactionTotal(quantity: number, cents: number | null): void {
  if (cents !== null && quantity * cents > Math.round(MAX_TRANSACTION_USD * 100))
    throw new AppError(ErrorCode.TRANSACTION_TOO_LARGE);
}
