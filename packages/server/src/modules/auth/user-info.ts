import { ErrorCode, type UserInfo } from '@fleetport/contract';
import type { Session } from '../../platform/auth/session.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { findUserById, findUserInCompany } from '../accounts/accounts.store.ts';

/** Core §3 "User info" for a person in a company; the Super Admin has no company and no root group. */
export async function userInfo(db: DbOrTx, userId: number, companyId: number | null): Promise<UserInfo> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError(ErrorCode.SESSION_EXPIRED);
  const base = {
    userName: user.user_name,
    userId,
    loginAccount: user.login_account,
    initialPwd: user.initial_pwd,
  };
  if (companyId === null) {
    return {
      ...base,
      roleType: null,
      roleName: null,
      roleId: null,
      companyId: null,
      companyName: null,
      groupType: null,
      isDelete: 0,
    };
  }
  const member = await findUserInCompany(db, userId, companyId);
  if (!member) throw new AppError(ErrorCode.SESSION_EXPIRED);
  return {
    ...base,
    roleType: Number(member.role_type),
    roleName: member.role_name,
    roleId: Number(member.role_id),
    companyId,
    companyName: member.company_name,
    ...(member.root_group_id !== null ? { rootGroupId: Number(member.root_group_id) } : {}),
    groupType: Number(member.company_type),
    isDelete: member.is_delete,
  };
}

export function sessionUserInfo(db: DbOrTx, session: Session): Promise<UserInfo> {
  return userInfo(db, session.userId, session.companyId);
}
