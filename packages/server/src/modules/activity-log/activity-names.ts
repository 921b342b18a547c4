import { companyActorIfAny, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { Session } from '../../platform/auth/session.ts';
import type { Db } from '../../platform/db/open.ts';
import { findUserByAccount } from '../accounts/accounts.store.ts';
import { findByToken } from '../users/invitations.store.ts';

/**
 * Names of what a call's input points at by id, read before the call runs (so a deleted group, role or
 * tag is still named), for the activity log: "Group: Depot", not `groupId=2`. Only the objects of the
 * caller's scope are looked up; an id that names nothing there stays an id.
 */
export type ObjectNames = Partial<Record<'groupId' | 'roleId' | 'userId' | 'tagId' | 'companyId', string>>;

/**
 * Who accepts an invitation, read from its token before the call runs: the call has no session, yet the
 * company that invited them (a customer that let a distributor's person in as its provisioner) sees the
 * acceptance in its log, naming the person.
 */
export interface InvitationAcceptance {
  companyId: number;
  userName: string;
  loginAccount: string;
  roleName: string;
}

export async function invitationAcceptance(db: Db, input: unknown): Promise<InvitationAcceptance | null> {
  const { token, userName } = (input ?? {}) as { token?: unknown; userName?: unknown };
  if (typeof token !== 'string') return null;
  const invitation = await findByToken(db, token);
  if (!invitation) return null;
  const person = await findUserByAccount(db, invitation.email);
  return {
    companyId: Number(invitation.company_id),
    userName: person?.user_name ?? (typeof userName === 'string' ? userName : invitation.email),
    loginAccount: invitation.email,
    roleName: invitation.role_name,
  };
}

const id = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;

export async function objectNames(db: Db, session: Session | null, input: unknown): Promise<ObjectNames> {
  if (!session || !input || typeof input !== 'object') return {};
  const record = input as Record<string, unknown>;
  const scope = companyActorIfAny({ session })?.scope;
  const companies = scope ? scopedCompanyIds(scope) : [];
  const names: ObjectNames = {};
  const groupId = id(record.groupId);
  if (groupId && companies.length) {
    const row = await db
      .selectFrom('company_group')
      .select('name')
      .where('id', '=', groupId)
      .where('company_id', 'in', companies)
      .executeTakeFirst();
    if (row) names.groupId = row.name;
  }
  const roleId = id(record.roleId);
  if (roleId && companies.length) {
    const row = await db
      .selectFrom('role')
      .select('name')
      .where('id', '=', roleId)
      .where('company_id', 'in', companies)
      .executeTakeFirst();
    if (row) names.roleId = row.name;
  }
  const userId = id(record.userId);
  if (userId && companies.length) {
    const row = await db
      .selectFrom('app_user')
      .innerJoin('company_user', 'company_user.user_id', 'app_user.id')
      .select(['app_user.user_name', 'app_user.login_account'])
      .where('app_user.id', '=', userId)
      .where('company_user.company_id', 'in', companies)
      .executeTakeFirst();
    if (row) names.userId = `${row.user_name} (${row.login_account})`;
  }
  const tagId = id(record.tagId);
  if (tagId && companies.length) {
    const row = await db
      .selectFrom('device_tag')
      .select('name')
      .where('id', '=', tagId)
      .where('company_id', 'in', companies)
      .executeTakeFirst();
    if (row) names.tagId = row.name;
  }
  // A company is named only to one of its members (switching to it, leaving it, making it the default).
  const otherCompanyId = id(record.companyId);
  if (otherCompanyId) {
    const row = await db
      .selectFrom('company')
      .innerJoin('company_user', 'company_user.company_id', 'company.id')
      .select('company.name')
      .where('company.id', '=', otherCompanyId)
      .where('company_user.user_id', '=', session.userId)
      .executeTakeFirst();
    if (row) names.companyId = row.name;
  }
  return names;
}
