import { type BulkResult, type DeviceResult, errorMessage, type Lang } from '@fleetport/contract';
import { type CompanyScope, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import { isAppError } from '../../platform/errors.ts';

/** Per-device results of a bulk call (core: bulk actions with per-device results). */
export function deviceResult(sn: string, code: number, lang: Lang, data: unknown = null): DeviceResult {
  return { sn, code, msg: errorMessage(code, lang, data) };
}

export function bulkResult(results: DeviceResult[]): BulkResult {
  const succeeded = results.filter((r) => r.code === 0).length;
  return { succeeded, failed: results.length - succeeded, results };
}

/** The given SNs that are devices of the scope's companies. */
export async function ownedSns(
  db: DbOrTx,
  scope: CompanyScope,
  sns: readonly string[],
): Promise<Set<string>> {
  if (sns.length === 0) return new Set();
  const rows = await db
    .selectFrom('device')
    .select('sn')
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('sn', 'in', [...sns])
    .execute();
  return new Set(rows.map((r) => r.sn));
}

/** Runs `act` per device, turning a refused device into its result instead of failing the whole call. */
export async function eachDevice(
  sns: readonly string[],
  lang: Lang,
  act: (sn: string) => Promise<void>,
): Promise<DeviceResult[]> {
  const results: DeviceResult[] = [];
  for (const sn of new Set(sns)) {
    try {
      await act(sn);
      results.push(deviceResult(sn, 0, lang));
    } catch (error) {
      if (!isAppError(error)) throw error;
      results.push(deviceResult(sn, error.code, lang, error.data));
    }
  }
  return results;
}
