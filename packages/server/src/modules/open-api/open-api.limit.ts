import { ErrorCode, OPEN_API_RATE } from '@fleetport/contract';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../platform/app-deps.ts';
import { AppError } from '../../platform/errors.ts';
import { type ClientRow, takeFromBucket } from './open-api.store.ts';

/** The open API's statuses and its limit: 12 calls a second per client, counted in the database. */

/** The client a request was made for, once known: the calling log and the limit's headers read it. */
export interface OpenApiCaller {
  client: ClientRow;
  interfaceId: string;
  code: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    openApiCaller?: OpenApiCaller;
  }
}

const STATUS_OF_CODE: ReadonlyMap<number, number> = new Map([
  [ErrorCode.PARAMETER_ERROR, 400],
  [ErrorCode.NO_PERMISSION, 403],
  [ErrorCode.DEVICE_NOT_FOUND, 404],
  [ErrorCode.DEVICE_OFFLINE_OPERATION, 409],
  [ErrorCode.OPEN_API_INVALID_CLIENT, 401],
  [ErrorCode.OPEN_API_TOKEN_INVALID, 401],
  [ErrorCode.OPEN_API_TOKEN_EXPIRED, 401],
  [ErrorCode.OPEN_API_SCOPE_MISSING, 403],
  [ErrorCode.OPEN_API_INTERFACE_NOT_AUTHORISED, 403],
  [ErrorCode.OPEN_API_RATE_LIMITED, 429],
  [ErrorCode.OPEN_API_IDEMPOTENCY_KEY_REUSED, 422],
  [ErrorCode.OPEN_API_IDEMPOTENCY_KEY_MISSING, 400],
  [ErrorCode.OPEN_API_IDEMPOTENCY_IN_PROGRESS, 409],
  [ErrorCode.OPEN_API_NOT_FOUND, 404],
  [ErrorCode.OPEN_API_ADMIN_ONLY, 403],
  [ErrorCode.OPEN_API_SCOPE_NOT_GRANTED, 400],
  [ErrorCode.COMPANY_DISABLED, 403],
]);

/** The HTTP status of a code: the table's, else 500 for an internal fault and 422 for a business refusal. */
export function statusOfCode(code: number): number {
  return STATUS_OF_CODE.get(code) ?? (code === ErrorCode.INTERNAL_ERROR ? 500 : 422);
}

/** A thrown AppError's status: its own when it set one (400 for bad input), else its code's. */
export function statusOfError(error: AppError): number {
  return error.httpStatus >= 400 ? error.httpStatus : statusOfCode(error.code);
}

export const openApiError = (code: number, data: unknown = null) =>
  new AppError(code, data, statusOfCode(code));

/** Takes a call from the client's bucket and writes the RateLimit headers; 429 past it. */
export async function admitCall(
  deps: AppDeps,
  client: ClientRow & { api_calls_per_second?: number | null },
  reply: FastifyReply,
) {
  const perSecond = client.api_calls_per_second ?? OPEN_API_RATE.perSecond;
  const burst = client.api_calls_per_second ?? OPEN_API_RATE.burst;
  const { admitted, tokens } = await takeFromBucket(deps.db, Number(client.id), deps.clock.now().getTime(), {
    perSecond,
    burst,
  });
  reply.header('RateLimit-Limit', String(perSecond));
  reply.header('RateLimit-Remaining', String(Math.max(0, Math.floor(tokens))));
  reply.header('RateLimit-Reset', String(Math.max(0, Math.ceil((burst - tokens) / perSecond))));
  if (!admitted) {
    const retryAfter = Math.max(1, Math.ceil((1 - tokens) / perSecond));
    reply.header('Retry-After', String(retryAfter));
    throw openApiError(ErrorCode.OPEN_API_RATE_LIMITED, { limit: perSecond, retryAfter });
  }
}
