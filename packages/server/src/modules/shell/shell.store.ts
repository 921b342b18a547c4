import { sql } from 'kysely';
import { type CompanyScope, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/**
 * The notice that ends last among those not over yet, unless every company of the scope is
 * whitelisted (no scope: the Super Admin sees every notice).
 */
export async function latestMaintenance(db: DbOrTx, scope: CompanyScope | null, now: Date) {
  const companies = scope ? scopedCompanyIds(scope) : [];
  const rows = await db
    .selectFrom('maintenance_notice')
    .selectAll()
    .where('end_at', '>', now)
    .orderBy('start_at', 'asc')
    .orderBy('id', 'desc')
    .execute();
  return rows.find((r) => !companies.length || !companies.every((id) => r.whitelist.includes(id))) ?? null;
}

export async function insertMaintenance(
  db: DbOrTx,
  notice: {
    messageEn: string;
    messageCn: string;
    startAt: Date;
    endAt: Date;
    whitelist: number[];
    lock: boolean;
  },
) {
  await db
    .insertInto('maintenance_notice')
    .values({
      message_en: notice.messageEn,
      message_cn: notice.messageCn,
      start_at: notice.startAt,
      end_at: notice.endAt,
      whitelist: JSON.stringify(notice.whitelist),
      lock: notice.lock,
    })
    .execute();
}

/** Every notice, the latest start first: the Super Admin's list. */
export async function pageMaintenance(db: DbOrTx, page: { pageNum: number; pageSize: number }) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('maintenance_notice')
      .selectAll()
      .orderBy('start_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize)
      .execute(),
    db.selectFrom('maintenance_notice').select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function deleteMaintenance(db: DbOrTx, id: number): Promise<boolean> {
  const row = await db
    .deleteFrom('maintenance_notice')
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The locking notices not over yet (the gate keeps them a few seconds and checks the window itself). */
export async function lockingNotices(db: DbOrTx, now: Date) {
  return db
    .selectFrom('maintenance_notice')
    .select(['message_en', 'message_cn', 'start_at', 'end_at', 'whitelist'])
    .where('lock', '=', true)
    .where('end_at', '>', now)
    .execute();
}

export async function instructionStatus(db: DbOrTx, userId: number): Promise<string> {
  const row = await db
    .selectFrom('app_user')
    .select('instruction_status')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.instruction_status ?? '0';
}

export async function setInstructionStatus(db: DbOrTx, userId: number, status: string) {
  await db.updateTable('app_user').set({ instruction_status: status }).where('id', '=', userId).execute();
}

/** A person's own notes, keyed by the person, of the scope's companies. */
export async function uncheckedNotes(db: DbOrTx, userId: number, scope: CompanyScope) {
  return db
    .selectFrom('show_note')
    .selectAll()
    .where('user_id', '=', userId)
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('checked', '=', false)
    .orderBy('id', 'asc')
    .execute();
}

/**
 * Marks notes the person was shown as seen: the person's own state, keyed by the person, so it follows
 * the scope the notes were read in rather than one owning company.
 */
export async function checkNotes(db: DbOrTx, userId: number, scope: CompanyScope, ids: number[]) {
  if (!ids.length) return;
  await db
    .updateTable('show_note')
    .set({ checked: true })
    .where('user_id', '=', userId)
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('id', 'in', ids)
    .execute();
}
