import { ErrorCode } from '@fleetport/contract';
import type { Session } from '../../platform/auth/session.ts';
import { AppError } from '../../platform/errors.ts';
import { requireSession } from '../../platform/http/calls.ts';

/** The session's company: every device query is scoped to it (the Super Admin has none: code 5). */
export function companyOf(ctx: { session: Session | null }): number {
  const { companyId } = requireSession(ctx);
  if (companyId === null) throw new AppError(ErrorCode.NO_PERMISSION);
  return companyId;
}
