import {
  type CallDef,
  ErrorCode,
  INSTALLER_CALLS_OPEN_WHEN_FROZEN,
  INSTALLER_FROZEN_AREAS,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import type { Session } from '../../platform/auth/session.ts';
import { AppError } from '../../platform/errors.ts';
import { consoleFrozen } from './installer-console.service.ts';

/** The permission area of a funCode permission (`installations.create` → `installations`). */
function areaOf(call: CallDef): string | null {
  const dot = call.permission.indexOf('.');
  return dot > 0 ? call.permission.slice(0, dot) : null;
}

/**
 * The `admit` hook's installer part: once the company's installer console access has ended, every
 * installer call but the licence's and the settings' answers 190328 (the console freezes under its
 * "apply a licence" overlay). The server decides, whatever the console opened from the sealed state.
 */
export function installerConsoleGate(deps: ModuleDeps<'clock' | 'db'>) {
  return async (call: CallDef, session: Session): Promise<void> => {
    const area = areaOf(call);
    if (area === null || !INSTALLER_FROZEN_AREAS.has(area) || INSTALLER_CALLS_OPEN_WHEN_FROZEN.has(call.id))
      return;
    if (session.companyId === null) return;
    if (await consoleFrozen(deps, session.companyId)) throw new AppError(ErrorCode.INSTALLER_LICENCE_EXPIRED);
  };
}
