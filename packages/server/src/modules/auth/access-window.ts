import type { DbOrTx } from '../../platform/db/open.ts';
import { isRestricted } from '../access-restriction/access-restriction.service.ts';

/**
 * Core §6 company access restriction: whether a role type may enter a company at a moment (14091).
 * Sign-in and the company switch ask here; the windows live in modules/access-restriction.
 */
export async function isAccessRestricted(
  db: DbOrTx,
  companyId: number,
  roleType: number,
  at: Date,
): Promise<boolean> {
  return isRestricted(db, companyId, roleType, at);
}
