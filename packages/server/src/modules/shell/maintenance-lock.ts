import {
  type CallDef,
  ErrorCode,
  getDisplayOemSettingCall,
  getLatestMaintenanceCall,
  type Lang,
  logoutCall,
  queryUserInfoCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import type { Session } from '../../platform/auth/session.ts';
import { AppError } from '../../platform/errors.ts';
import { lockingNotices } from './shell.store.ts';

/** What a locked company may still do: sign out, read who it is, the notice and the console's names. */
const OPEN_DURING_LOCK: ReadonlySet<CallDef> = new Set<CallDef>([
  logoutCall,
  queryUserInfoCall,
  getLatestMaintenanceCall,
  getDisplayOemSettingCall,
]);

/**
 * How long a node keeps the locking notices before reading them again: every signed-in call passes
 * the gate, and one statement per call for a row that changes a few times a year is waste. A notice
 * saved or removed on this node takes effect at once; on another node within this time.
 */
const KEEP_MS = 5_000;

type Notices = Awaited<ReturnType<typeof lockingNotices>>;
const kept = new WeakMap<object, { readAt: number; notices: Notices }>();

/** A notice saved or removed: this node reads the locks again on the next call. */
export function forgetMaintenanceLocks(db: object): void {
  kept.delete(db);
}

/**
 * The `admit` hook's maintenance part: while a locking notice's window is open, every call of a
 * company it does not whitelist answers 14053 with the notice's message in the caller's language.
 * The Super Admin (no company) is never locked out: it ends the lock.
 */
export function maintenanceLockGate(deps: ModuleDeps<'clock' | 'db'>) {
  return async (call: CallDef, session: Session, lang: Lang): Promise<void> => {
    if (session.companyId === null || OPEN_DURING_LOCK.has(call)) return;
    const now = deps.clock.now();
    let entry = kept.get(deps.db);
    if (!entry || now.getTime() - entry.readAt >= KEEP_MS || now.getTime() < entry.readAt) {
      entry = { readAt: now.getTime(), notices: await lockingNotices(deps.db, now) };
      kept.set(deps.db, entry);
    }
    const companyId = session.companyId;
    const locking = entry.notices.find(
      (n) =>
        n.start_at.getTime() <= now.getTime() &&
        now.getTime() < n.end_at.getTime() &&
        !(n.whitelist as number[]).map(Number).includes(companyId),
    );
    if (locking)
      throw new AppError(
        ErrorCode.SYSTEM_UPGRADING,
        null,
        200,
        lang === 'cn' ? locking.message_cn : locking.message_en,
      );
  };
}
