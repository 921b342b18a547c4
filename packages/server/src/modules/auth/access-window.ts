import type { DbOrTx } from '../../platform/db/open.ts';

/**
 * Core §6 company access restriction: whether a role type may enter a company at a moment (14091).
 * Sign-in and the company switch ask here; the accounts issue stores the windows and fills this in.
 */
export async function isAccessRestricted(
  _db: DbOrTx,
  _companyId: number,
  _roleType: number,
  _at: Date,
): Promise<boolean> {
  return false;
}
