import {
  GROUP_ADMIN_CANDIDATES_MAX,
  getGroupAdminsCall,
  searchGroupAdminCandidatesCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { bind } from '../../platform/http/calls.ts';
import { companyOf } from '../devices/company-scope.ts';
import { listMembers } from '../users/users.store.ts';
import { ensureGroup } from './device-groups.store.ts';

/** What the console's "Administrators" control of a group reads; the change is setGroupAdministrator. */
export function groupAdminRoutes(deps: ModuleDeps<'clock' | 'db' | 'gateway' | 'hub'>) {
  const { db } = deps;
  return [
    bind(getGroupAdminsCall, async (ctx) => {
      const companyId = companyOf(ctx);
      await ensureGroup(db, companyId, ctx.input.groupId);
      const rows = await db
        .selectFrom('group_admin')
        .innerJoin('app_user', 'app_user.id', 'group_admin.user_id')
        // Only people still in the company: someone who left is no administrator of its groups.
        .innerJoin('company_user', (join) =>
          join
            .onRef('company_user.user_id', '=', 'group_admin.user_id')
            .onRef('company_user.company_id', '=', 'group_admin.company_id'),
        )
        .select(['app_user.id', 'app_user.user_name', 'app_user.login_account'])
        .where('group_admin.company_id', '=', companyId)
        .where('group_admin.group_id', '=', ctx.input.groupId)
        .orderBy('app_user.user_name')
        .execute();
      return rows.map((r) => ({
        userId: Number(r.id),
        userName: r.user_name,
        loginAccount: r.login_account,
      }));
    }),
    bind(searchGroupAdminCandidatesCall, async (ctx) => {
      const companyId = companyOf(ctx);
      const { list } = await listMembers(
        db,
        companyId,
        { keyword: ctx.input.keyword || undefined },
        0,
        GROUP_ADMIN_CANDIDATES_MAX,
      );
      return list.map((m) => ({
        userId: Number(m.user_id),
        userName: m.user_name,
        loginAccount: m.login_account,
      }));
    }),
  ];
}
