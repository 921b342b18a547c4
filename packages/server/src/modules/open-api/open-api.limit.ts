import { ErrorCode, OPEN_API_RATE, openApiStatusOfCode } from '@fleetport/contract';
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

/** A thrown AppError's status: its own when it set one (400 for bad input), else its code's. */
export function statusOfError(error: AppError): number {
  return error.httpStatus >= 400 ? error.httpStatus : openApiStatusOfCode(error.code);
}

export const openApiError = (code: number, data: unknown = null) =>
  new AppError(code, data, openApiStatusOfCode(code));

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
