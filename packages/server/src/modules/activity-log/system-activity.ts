import { type ActivityDetails, encodeActivityDetails, type SystemActivity } from '@fleetport/contract';
import type { DbOrTx } from '../../platform/db/open.ts';

/** An entry the platform writes for what it did by itself (contract SYSTEM_ACTIVITY_LABELS). */
export interface SystemActivityEntry {
  companyId: number;
  action: SystemActivity;
  details: ActivityDetails;
  /** The devices it concerned: their logs tabs show the entry. */
  sns?: readonly string[];
  at: Date;
  /** 0, or the catalogue code of what went wrong. */
  resultCode?: number;
}

/**
 * Writes the entry under no person (no user, no address). A failure to write is the caller's to
 * decide: the rollout engine's step is repeated, and the entry with it, so it lets the error through.
 */
export async function recordSystemActivity(db: DbOrTx, entry: SystemActivityEntry): Promise<void> {
  await db
    .insertInto('activity_log')
    .values({
      company_id: entry.companyId,
      user_id: null,
      user_name: null,
      login_account: null,
      call_id: entry.action,
      object: encodeActivityDetails(entry.details)?.slice(0, 200) ?? null,
      device_sns: entry.sns && entry.sns.length > 0 ? [...entry.sns] : null,
      remote_address: null,
      result_code: entry.resultCode ?? 0,
      at: entry.at,
    })
    .execute();
}
