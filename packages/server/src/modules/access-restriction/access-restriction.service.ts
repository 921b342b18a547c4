import {
  type AccessRestriction,
  type CallDef,
  companyListCall,
  ErrorCode,
  getDisplayOemSettingCall,
  getLatestMaintenanceCall,
  logoutCall,
  queryUserInfoCall,
  setDefaultCompanyCall,
  switchCompanyCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { type Actor, owningCompany } from '../../platform/auth/actor.ts';
import type { Session } from '../../platform/auth/session.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import * as store from './access-restriction.store.ts';
import { barredAt } from './access-window.ts';

export async function isRestricted(
  db: DbOrTx,
  companyId: number,
  roleType: number,
  at: Date,
): Promise<boolean> {
  return barredAt(await store.findRestriction(db, companyId), roleType, at);
}

/**
 * Calls the company selection page makes (core §8: 14091 logs out "except on the company selection
 * page"): a barred user can still see their companies, switch to another one, and log out.
 */
const OPEN_DURING_RESTRICTION: ReadonlySet<CallDef> = new Set<CallDef>([
  logoutCall,
  queryUserInfoCall,
  companyListCall,
  switchCompanyCall,
  setDefaultCompanyCall,
  getLatestMaintenanceCall,
  getDisplayOemSettingCall,
]);

/** The `admit` hook of registerCalls: every other signed-in call answers 14091 while the window bars the role. */
export function accessWindowGate(deps: ModuleDeps<'clock' | 'db'>) {
  return async (call: CallDef, session: Session): Promise<void> => {
    if (session.companyId === null || session.roleType === null || OPEN_DURING_RESTRICTION.has(call)) return;
    // The ticket resolver reads the restriction with the session (one statement per call); others may not.
    const restriction =
      session.accessRestriction !== undefined
        ? session.accessRestriction
        : await store.findRestriction(deps.db, session.companyId);
    if (barredAt(restriction, session.roleType, deps.clock.now()))
      throw new AppError(ErrorCode.ACCESS_RESTRICTED);
  };
}

export function getRestriction(
  deps: ModuleDeps<'clock' | 'db'>,
  actor: Actor,
): Promise<AccessRestriction | null> {
  // The window exists once per company: the scope's owning company's (a set of companies is refused, 5).
  return store.findRestriction(deps.db, owningCompany(actor.scope));
}

export async function saveRestriction(
  deps: ModuleDeps<'clock' | 'db'>,
  actor: Actor,
  value: AccessRestriction,
): Promise<void> {
  await store.saveRestriction(deps.db, owningCompany(actor.scope), value, deps.clock.now());
}
