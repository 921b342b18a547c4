import { interpolate, isLang, ROLE_TYPE } from '@fleetport/contract';
import type { DbOrTx } from '../../platform/db/open.ts';
import { WEBHOOK_FAILING_NOTE } from './notifications.text.ts';

const NOTES = { webhookFailing: WEBHOOK_FAILING_NOTE } as const;

/** The company's enabled administrators (owner, administrator) with their address and language. */
export async function companyAdmins(db: DbOrTx, companyId: number) {
  const rows = await db
    .selectFrom('company_user as cu')
    .innerJoin('role as r', 'r.id', 'cu.role_id')
    .innerJoin('app_user as u', 'u.id', 'cu.user_id')
    .select(['u.id', 'u.login_account', 'u.language'])
    .where('cu.company_id', '=', companyId)
    .where('cu.status', '=', 1)
    .where('r.role_type', 'in', [ROLE_TYPE.owner, ROLE_TYPE.administrator])
    .orderBy('u.id', 'asc')
    .execute();
  return rows.map((r) => ({
    userId: Number(r.id),
    account: r.login_account,
    lang: isLang(r.language) ? r.language : ('en' as const),
  }));
}

/**
 * Tells the company's administrators something through their notes (core §3 `getShowNotes`), each in
 * the language of their last sign-in.
 */
export async function tellAdmins(
  tx: DbOrTx,
  companyId: number,
  kind: keyof typeof NOTES,
  vars: Record<string, string>,
  now: Date,
) {
  const admins = await companyAdmins(tx, companyId);
  if (!admins.length) return;
  await tx
    .insertInto('show_note')
    .values(
      admins.map((a) => ({
        company_id: companyId,
        user_id: a.userId,
        content: interpolate(NOTES[kind][a.lang], vars),
        biz_type: kind,
        extend: JSON.stringify(vars),
        created_at: now,
      })),
    )
    .execute();
}
