import type { FastifyRequest } from 'fastify';

/** Minutes east of UTC from the `timeZoneOffset` header; UTC when absent or not a number. */
export function utcOffsetOf(request: FastifyRequest): number {
  const offset = Number(request.headers.timezoneoffset);
  return Number.isFinite(offset) && Math.abs(offset) <= 14 * 60 ? offset : 0;
}
