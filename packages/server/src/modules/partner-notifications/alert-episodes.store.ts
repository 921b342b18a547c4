import { type NotificationCategory, ROLE_TYPE } from '@fleetport/contract';
import type { DbOrTx } from '../../platform/db/open.ts';

/**
 * Episodes of a customer's alert: opened when its list turns non-empty, closed when it is empty again.
 * The partial unique index (one open episode per customer and kind) makes opening an episode the one
 * place that decides a mail goes out, on any number of nodes.
 */

/** Opens an episode; false when one is open already (the mail of this episode went out before). */
export async function openEpisode(
  db: DbOrTx,
  episode: { customerId: number; partnerId: number; kind: string; at: Date },
): Promise<number | null> {
  const row = await db
    .insertInto('partner_alert_episode')
    .values({
      company_id: episode.customerId,
      partner_company_id: episode.partnerId,
      kind: episode.kind,
      opened_at: episode.at,
      closed_at: null,
    })
    .onConflict((oc) => oc.columns(['company_id', 'kind']).where('closed_at', 'is', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** Forgets an episode whose mail could not be sent, so the next run tries again. */
export async function dropEpisode(db: DbOrTx, id: number): Promise<void> {
  await db.deleteFrom('partner_alert_episode').where('id', '=', id).execute();
}

export async function closeEpisode(db: DbOrTx, customerId: number, kind: string, at: Date): Promise<boolean> {
  const done = await db
    .updateTable('partner_alert_episode')
    .set({ closed_at: at })
    .where('company_id', '=', customerId)
    .where('kind', '=', kind)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/** E-mail addresses of a company's enabled owners and administrators (phone accounts have none). */
export async function adminEmails(
  db: DbOrTx,
  companyId: number,
  category: NotificationCategory,
): Promise<string[]> {
  const rows = await db
    .selectFrom('company_user')
    .innerJoin('role', 'role.id', 'company_user.role_id')
    .innerJoin('app_user', 'app_user.id', 'company_user.user_id')
    .select('app_user.login_account')
    .where('company_user.company_id', '=', companyId)
    .where('company_user.status', '=', 1)
    .where('role.role_type', 'in', [ROLE_TYPE.owner, ROLE_TYPE.administrator])
    .where('app_user.login_account', 'like', '%@%')
    // Each person's notification choices: one who switched this category's e-mail off is left out.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('notification_choice as nc')
            .select('nc.user_id')
            .whereRef('nc.user_id', '=', 'app_user.id')
            .where('nc.company_id', '=', companyId)
            .where('nc.category', '=', category)
            .where('nc.level', '=', '')
            .where('nc.channel', '=', 'email')
            .where('nc.enabled', '=', false),
        ),
      ),
    )
    .orderBy('app_user.id')
    .execute();
  return [...new Set(rows.map((r) => r.login_account))];
}
