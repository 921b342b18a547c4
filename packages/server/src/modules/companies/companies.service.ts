import {
  type CompanyListItem,
  ErrorCode,
  MAX_COMPANIES_PER_USER,
  type MyCompanyLimits,
  type Page,
  ROLE_TYPE,
  type UserInfo,
} from '@fleetport/contract';
import { pinyin } from 'pinyin-pro';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { companyScope } from '../../platform/auth/actor.ts';
import { bindSessionToCompany, endSession } from '../../platform/auth/session.store.ts';
import type { Session } from '../../platform/auth/session.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { countMemberships, listMemberships, readSetting } from '../accounts/accounts.store.ts';
import { isAccessRestricted } from '../auth/access-window.ts';
import { userInfo } from '../auth/user-info.ts';
import { findMembership, removeMembership } from '../company-account/company-account.store.ts';

/** Sort key of a company name: Chinese by pinyin (北京 files under B), everything else as written. */
export function pinyinKey(name: string): string {
  return pinyin(name, { toneType: 'none', type: 'array', nonZh: 'consecutive' }).join(' ').toLowerCase();
}

/**
 * Core §7: a person's companies, the default first, then by pinyin. At most 100 per person (14049),
 * so sorting and paging happen here rather than in SQL, where no collation knows pinyin.
 */
export async function listCompanies(
  deps: ModuleDeps<'clock' | 'db'>,
  userId: number,
  query: { pageNum: number; pageSize: number; companyName?: string | undefined },
): Promise<Page<CompanyListItem>> {
  const needle = query.companyName?.toLowerCase();
  const rows = (await listMemberships(deps.db, userId))
    .filter((m) => !needle || m.companyName.toLowerCase().includes(needle))
    .map((m) => ({ ...m, key: pinyinKey(m.companyName) }))
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.key.localeCompare(b.key, 'en'));
  const start = (query.pageNum - 1) * query.pageSize;
  return {
    total: rows.length,
    list: rows.slice(start, start + query.pageSize).map((m) => ({
      companyId: m.companyId,
      companyName: m.companyName,
      defaultAccount: m.isDefault,
      companyType: m.companyType,
    })),
  };
}

/** Binds the session to another company of the same person, with the same refusals as sign-in. */
export async function switchCompany(
  deps: ModuleDeps<'clock' | 'db'>,
  session: Session,
  companyId: number,
): Promise<UserInfo> {
  if (session.superAdmin) throw new AppError(ErrorCode.NO_PERMISSION);
  const member = (await listMemberships(deps.db, session.userId)).find((m) => m.companyId === companyId);
  if (!member) throw new AppError(ErrorCode.NO_PERMISSION);
  if (!member.enabled) throw new AppError(ErrorCode.USER_DISABLED);
  if (member.companyDisabled) throw new AppError(ErrorCode.COMPANY_DISABLED);
  if (member.roleType === ROLE_TYPE.vpnClientOnly) throw new AppError(ErrorCode.VPN_CLIENT_ONLY_USER);
  if (await isAccessRestricted(deps.db, companyId, member.roleType, deps.clock.now()))
    throw new AppError(ErrorCode.ACCESS_RESTRICTED);
  await bindSessionToCompany(deps.db, session.sessionId, companyId);
  return userInfo(deps.db, session.userId, companyId);
}

/** The person's companies against core §6's limits: the code joining one more would meet now. */
export async function companyLimits(deps: ModuleDeps<'db'>, userId: number): Promise<MyCompanyLimits> {
  const joined = await countMemberships(deps.db, userId);
  const oneCompanyPerAccount = await readSetting(deps.db, 'oneCompanyPerAccount', false);
  const joinRefusedWith =
    oneCompanyPerAccount && joined >= 1
      ? ErrorCode.ONE_COMPANY_PER_ACCOUNT
      : joined >= MAX_COMPANIES_PER_USER
        ? ErrorCode.COMPANY_LIMIT
        : null;
  return { joined, max: MAX_COMPANIES_PER_USER, oneCompanyPerAccount, joinRefusedWith } as MyCompanyLimits;
}

/**
 * Leaves one of the person's companies (docs/decisions.md "User accounts page"). The company's default
 * user cannot (14025), as on the company account page; leaving the session's own company ends the
 * session, leaving another keeps it. A company left by its default-company holder passes the default
 * to the next one (company-account store).
 */
export async function leaveCompanyOf(
  deps: ModuleDeps<'clock' | 'db'>,
  session: Session,
  companyId: number,
): Promise<{ signedOut: boolean }> {
  if (session.superAdmin) throw new AppError(ErrorCode.NO_PERMISSION);
  return inTransaction(deps.db, async (tx) => {
    // The company the person names, one of their own: not the session's scope (they may leave another).
    const company = companyScope(companyId);
    const member = await findMembership(tx, company, session.userId);
    if (!member) throw new AppError(ErrorCode.NO_PERMISSION);
    if (member.is_delete === 0) throw new AppError(ErrorCode.DEFAULT_USER_FIXED);
    await removeMembership(tx, company, session.userId);
    const signedOut = session.companyId === companyId;
    if (signedOut) await endSession(tx, session.sessionId, 'logout', deps.clock.now());
    return { signedOut };
  });
}
