import { getPageColumnsCall, updatePageColumnsCall } from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { bind, requireSession } from '../../platform/http/calls.ts';
import { findPageColumns, savePageColumns } from './page-columns.store.ts';

/** Core §7: a person's column choice per page; stored per person so it follows them between companies. */
export function pageColumnRoutes({ db, clock }: ModuleDeps<'clock' | 'db'>) {
  return [
    bind(updatePageColumnsCall, async (ctx) => {
      const { pageName, columns } = ctx.input;
      await savePageColumns(db, requireSession(ctx).userId, pageName, columns, clock.now());
      return null;
    }),
    bind(getPageColumnsCall, async (ctx) => ({
      pageName: ctx.input.pageName,
      columns: await findPageColumns(db, requireSession(ctx).userId, ctx.input.pageName),
    })),
  ];
}
