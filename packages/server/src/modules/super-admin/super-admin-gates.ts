import {
  type CallDef,
  ErrorCode,
  getDisplayOemSettingCall,
  logoutCall,
  queryUserInfoCall,
  retirableFeatureOf,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import type { Session } from '../../platform/auth/session.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { disabledCompanyIds, listRetirements } from './super-admin.store.ts';

/**
 * How long a node keeps what the gates read before reading it again: every signed-in call passes
 * them, and the rows change a few times a year. A change made on this node takes effect at once
 * (`forgetSuperAdminGates`); on another node within this time.
 */
const KEEP_MS = 5_000;

interface Kept {
  readAt: number;
  disabled: ReadonlySet<number>;
  retirements: ReadonlyMap<string, number>;
}
const kept = new WeakMap<object, Kept>();

/** A company disabled or enabled, a retirement set or removed: this node reads them again. */
export function forgetSuperAdminGates(db: object): void {
  kept.delete(db);
}

async function readGates(db: DbOrTx, nowMs: number): Promise<Kept> {
  let entry = kept.get(db);
  if (!entry || nowMs - entry.readAt >= KEEP_MS || nowMs < entry.readAt) {
    const [disabled, retirements] = await Promise.all([disabledCompanyIds(db), listRetirements(db)]);
    entry = {
      readAt: nowMs,
      disabled: new Set(disabled),
      retirements: new Map(retirements.map((r) => [r.feature, r.retireAt])),
    };
    kept.set(db, entry);
  }
  return entry;
}

/** Whether the Super Admin disabled the company (read as the gates read it, kept `KEEP_MS`). */
export async function companyDisabled(deps: ModuleDeps<'clock' | 'db'>, companyId: number): Promise<boolean> {
  return (await readGates(deps.db, deps.clock.now().getTime())).disabled.has(companyId);
}

/** What a disabled company's session may still do: sign out and read who it is and the console's names. */
const OPEN_WHEN_DISABLED: ReadonlySet<CallDef> = new Set<CallDef>([
  logoutCall,
  queryUserInfoCall,
  getDisplayOemSettingCall,
]);

/**
 * The `admit` hook's Super Admin part: a session of a disabled company answers 610041 (the console
 * signs out), and a call of a retired feature answers 610042 from its retirement date on.
 */
export function superAdminGate(deps: ModuleDeps<'clock' | 'db'>) {
  return async (call: CallDef, session: Session): Promise<void> => {
    const feature = retirableFeatureOf(call.id);
    const company = session.companyId;
    if (feature === null && (company === null || OPEN_WHEN_DISABLED.has(call))) return;
    const now = deps.clock.now().getTime();
    const gates = await readGates(deps.db, now);
    if (company !== null && !OPEN_WHEN_DISABLED.has(call) && gates.disabled.has(company))
      throw new AppError(ErrorCode.COMPANY_DISABLED);
    const retireAt = feature === null ? undefined : gates.retirements.get(feature);
    if (retireAt !== undefined && retireAt <= now) throw new AppError(ErrorCode.FEATURE_RETIRED);
  };
}
