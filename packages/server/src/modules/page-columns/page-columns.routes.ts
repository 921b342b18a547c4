import { getPageColumnsCall, updatePageColumnsCall } from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { bind, requireSession } from '../../platform/http/calls.ts';

/** Core §7: a person's column choice per page; stored per person so it follows them between companies. */
export function pageColumnRoutes(deps: ModuleDeps<'clock' | 'db'>) {
  return [
    bind(updatePageColumnsCall, async (ctx) => {
      const row = { columns: JSON.stringify(ctx.input.columns), updated_at: deps.clock.now() };
      await deps.db
        .insertInto('page_column')
        .values({ user_id: requireSession(ctx).userId, page_name: ctx.input.pageName, ...row })
        .onConflict((oc) => oc.columns(['user_id', 'page_name']).doUpdateSet(row))
        .execute();
      return null;
    }),
    bind(getPageColumnsCall, async (ctx) => {
      const row = await deps.db
        .selectFrom('page_column')
        .select('columns')
        .where('user_id', '=', requireSession(ctx).userId)
        .where('page_name', '=', ctx.input.pageName)
        .executeTakeFirst();
      return { pageName: ctx.input.pageName, columns: row?.columns ?? null };
    }),
  ];
}
