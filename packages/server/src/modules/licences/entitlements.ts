import { type LicenceFeature, licenceRefusal } from '@fleetport/contract';
import type { CompanyScope } from '../../platform/auth/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { deviceLevelAt } from './device-licences.store.ts';

/**
 * What every feature asks before it acts on a device: does the device's licence, now, include it
 * (the contract's LEVEL_ENTITLEMENTS)? A licence whose period has ended counts as Basic from that
 * moment, before the expiry job has written its row. Refuses with the contract's code (120095 on
 * Basic, 180020 for VPN, 190308 otherwise), which the console turns into the upgrade dialog.
 */
export async function assertDeviceAllows(
  deps: { db: DbOrTx; clock: Clock },
  scope: CompanyScope,
  sn: string,
  feature: LicenceFeature,
): Promise<void> {
  const code = licenceRefusal(await deviceLevelAt(deps.db, scope, sn, deps.clock.now()), feature);
  if (code !== null) throw new AppError(code);
}
