import { ErrorCode, ROLE_TYPE } from '@fleetport/contract';
import type { CompanyScope } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { chainOf } from '../quotas/quotas.store.ts';

/**
 * Core §6, features §6: a provisioner is a distributor's (or re-seller's) person a customer lets add and
 * provision routers on its account. The Provisioner role (type 0.1) is handed only to a member of a
 * company above the scope's in its partner chain (15055): a person without an account, or one of an
 * unrelated company, would be a stranger with device rights. What the role reaches is its funCodes
 * (contract menus.ts `defaultFunCodes`), checked per call like every role.
 */
export async function assertProvisionerCandidate(
  db: DbOrTx,
  scope: CompanyScope,
  roleType: number,
  userId: number | null,
): Promise<void> {
  if (roleType !== ROLE_TYPE.provisioner) return;
  const partners = (await chainOf(db, scope)).slice(1);
  if (userId === null || partners.length === 0) throw new AppError(ErrorCode.PROVISIONER_NOT_PARTNER);
  const member = await db
    .selectFrom('company_user')
    .select('company_id')
    .where('user_id', '=', userId)
    .where('company_id', 'in', partners)
    .executeTakeFirst();
  if (!member) throw new AppError(ErrorCode.PROVISIONER_NOT_PARTNER);
}
