import type { DbOrTx } from '../../platform/db/open.ts';

/** SQL of a person's column choice per page (one row per person and page). */

export async function savePageColumns(
  db: DbOrTx,
  userId: number,
  pageName: string,
  columns: readonly string[],
  at: Date,
) {
  const row = { columns: JSON.stringify(columns), updated_at: at };
  await db
    .insertInto('page_column')
    .values({ user_id: userId, page_name: pageName, ...row })
    .onConflict((oc) => oc.columns(['user_id', 'page_name']).doUpdateSet(row))
    .execute();
}

export async function findPageColumns(db: DbOrTx, userId: number, pageName: string) {
  const row = await db
    .selectFrom('page_column')
    .select('columns')
    .where('user_id', '=', userId)
    .where('page_name', '=', pageName)
    .executeTakeFirst();
  return row?.columns ?? null;
}
