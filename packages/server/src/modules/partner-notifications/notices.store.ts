import type { NoticeAudience, NoticeState, PartnerNotice, ReceivedNotice } from '@fleetport/contract';
import { sql } from 'kysely';
import {
  type CompanyScope,
  owningCompany,
  owningScope,
  scopedCompanyIds,
} from '../../platform/auth/actor.ts';
import { containsPattern } from '../../platform/db/like.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/**
 * SQL of the notices: the partner's own (the scope's companies wrote them) and, for a customer, the
 * published ones of its partners aimed at it. A notice reaches a customer only while the partner
 * link exists, so a customer never reads another partner's notices.
 */

export interface NoticeFields {
  name: string;
  topic: string;
  content: string;
  audience: NoticeAudience;
  customerIds: readonly number[];
}

export async function insertNotice(
  db: DbOrTx,
  scope: CompanyScope,
  fields: NoticeFields,
  by: { userId: number; at: Date },
): Promise<number> {
  const row = await db
    .insertInto('partner_notice')
    .values({
      company_id: owningCompany(scope),
      name: fields.name,
      topic: fields.topic,
      content: fields.content,
      audience: fields.audience,
      published_at: null,
      created_by: by.userId,
      created_at: by.at,
      updated_at: by.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await replaceTargets(db, id, fields);
  return id;
}

async function replaceTargets(db: DbOrTx, noticeId: number, fields: NoticeFields) {
  await db.deleteFrom('partner_notice_target').where('notice_id', '=', noticeId).execute();
  if (fields.audience !== 'selected' || fields.customerIds.length === 0) return;
  await db
    .insertInto('partner_notice_target')
    .values([...new Set(fields.customerIds)].map((id) => ({ notice_id: noticeId, customer_company_id: id })))
    .execute();
}

/** Changes a notice of the scope's owning company; false when it holds none with that id. */
export async function updateNoticeRow(
  db: DbOrTx,
  scope: CompanyScope,
  noticeId: number,
  fields: NoticeFields,
  at: Date,
): Promise<boolean> {
  const done = await db
    .updateTable('partner_notice')
    .set({
      name: fields.name,
      topic: fields.topic,
      content: fields.content,
      audience: fields.audience,
      updated_at: at,
    })
    .where('id', '=', noticeId)
    .where('company_id', '=', owningCompany(scope))
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) return false;
  await replaceTargets(db, noticeId, fields);
  return true;
}

export async function setNoticeState(
  db: DbOrTx,
  scope: CompanyScope,
  noticeId: number,
  state: NoticeState,
  at: Date,
): Promise<void> {
  await db
    .updateTable('partner_notice')
    .set({ state, published_at: state === 'published' ? at : null, updated_at: at })
    .where('id', '=', noticeId)
    .where('company_id', '=', owningCompany(scope))
    .execute();
}

export async function deleteNoticeRow(db: DbOrTx, scope: CompanyScope, noticeId: number): Promise<void> {
  await db
    .deleteFrom('partner_notice')
    .where('id', '=', noticeId)
    .where('company_id', '=', owningCompany(scope))
    .execute();
}

function noticeColumns() {
  return [
    'partner_notice.id',
    'partner_notice.name',
    'partner_notice.topic',
    'partner_notice.content',
    'partner_notice.audience',
    'partner_notice.state',
    'partner_notice.published_at',
    'partner_notice.updated_at',
  ] as const;
}

type NoticeRow = {
  id: number;
  name: string;
  topic: string;
  content: string;
  audience: string;
  state: string;
  published_at: Date | null;
  updated_at: Date;
};

async function withCustomers(db: DbOrTx, rows: NoticeRow[]): Promise<PartnerNotice[]> {
  const ids = rows.map((r) => Number(r.id));
  const targets = ids.length
    ? await db
        .selectFrom('partner_notice_target')
        .innerJoin('company', 'company.id', 'partner_notice_target.customer_company_id')
        .select(['partner_notice_target.notice_id', 'company.id', 'company.name'])
        .where('partner_notice_target.notice_id', 'in', ids)
        .orderBy('company.name')
        .execute()
    : [];
  return rows.map((r) => ({
    noticeId: Number(r.id),
    name: r.name,
    topic: r.topic,
    content: r.content,
    audience: r.audience as NoticeAudience,
    customers: targets
      .filter((t) => Number(t.notice_id) === Number(r.id))
      .map((t) => ({ companyId: Number(t.id), companyName: t.name })),
    state: r.state as NoticeState,
    publishedAt: r.published_at ? new Date(r.published_at).getTime() : null,
    updatedAt: new Date(r.updated_at).getTime(),
  }));
}

/** One notice of the scope's companies, or undefined. */
export async function findNotice(
  db: DbOrTx,
  scope: CompanyScope,
  noticeId: number,
): Promise<PartnerNotice | undefined> {
  const rows = await db
    .selectFrom('partner_notice')
    .select(noticeColumns())
    .where('id', '=', noticeId)
    .where('company_id', 'in', scopedCompanyIds(scope))
    .execute();
  return (await withCustomers(db, rows))[0];
}

export async function noticePage(
  db: DbOrTx,
  scope: CompanyScope,
  filter: { search?: string; state?: NoticeState },
  offset: number,
  limit: number,
) {
  let q = db.selectFrom('partner_notice').where('company_id', 'in', scopedCompanyIds(scope));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    q = q.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('topic', 'ilike', pattern)]));
  }
  if (filter.state) q = q.where('state', '=', filter.state);
  const [rows, count] = await Promise.all([
    q
      .select(noticeColumns())
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: await withCustomers(db, rows), total: Number(count.n) };
}

/** Published notices that reach one of the scope's companies through a partner link it has now. */
function receivedQuery(db: DbOrTx, scope: CompanyScope) {
  const customers = scopedCompanyIds(scope);
  return db
    .selectFrom('partner_notice as n')
    .innerJoin('company_relation as r', 'r.upstream_company_id', 'n.company_id')
    .innerJoin('company as partner', 'partner.id', 'n.company_id')
    .where('r.downstream_company_id', 'in', customers)
    .where('n.state', '=', 'published')
    .where((eb) =>
      eb.or([
        eb('n.audience', '=', 'all'),
        eb.exists(
          eb
            .selectFrom('partner_notice_target as t')
            .select('t.notice_id')
            .whereRef('t.notice_id', '=', 'n.id')
            .whereRef('t.customer_company_id', '=', 'r.downstream_company_id'),
        ),
      ]),
    );
}

/** Whether the person has read a notice in the company it reached. */
function readBy(userId: number) {
  return sql<boolean>`exists (select 1 from partner_notice_read pr
    where pr.notice_id = n.id and pr.company_id = r.downstream_company_id and pr.user_id = ${userId})`;
}

export async function receivedPage(
  db: DbOrTx,
  scope: CompanyScope,
  userId: number,
  filter: { search?: string; unreadOnly?: boolean },
  offset: number,
  limit: number,
): Promise<{ list: ReceivedNotice[]; total: number; unread: number }> {
  let q = receivedQuery(db, scope);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    q = q.where((eb) => eb.or([eb('n.name', 'ilike', pattern), eb('n.topic', 'ilike', pattern)]));
  }
  const unreadQ = receivedQuery(db, scope).where(sql<boolean>`not ${readBy(userId)}`);
  if (filter.unreadOnly) q = q.where(sql<boolean>`not ${readBy(userId)}`);
  const [rows, count, unread] = await Promise.all([
    q
      .select([
        'n.id',
        'n.name',
        'n.topic',
        'n.content',
        'n.published_at',
        'partner.name as partner_name',
        readBy(userId).as('read'),
      ])
      .orderBy('n.published_at', 'desc')
      .orderBy('n.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    unreadQ.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({
      noticeId: Number(r.id),
      partnerName: r.partner_name,
      name: r.name,
      topic: r.topic,
      content: r.content,
      publishedAt: new Date(r.published_at!).getTime(),
      read: Boolean(r.read),
    })),
    total: Number(count.n),
    unread: Number(unread.n),
  };
}

/**
 * Marks as read, for the person, those of `noticeIds` that reach the scope's owning company (a write:
 * refused for a set of companies, as the device notifications' read marks are).
 */
export async function markRead(
  db: DbOrTx,
  scope: CompanyScope,
  userId: number,
  noticeIds: readonly number[],
  at: Date,
): Promise<void> {
  const reached = await receivedQuery(db, owningScope(scope))
    .select(['n.id', 'r.downstream_company_id'])
    .where('n.id', 'in', noticeIds)
    .execute();
  if (reached.length === 0) return;
  await db
    .insertInto('partner_notice_read')
    .values(
      reached.map((r) => ({
        notice_id: Number(r.id),
        company_id: Number(r.downstream_company_id),
        user_id: userId,
        read_at: at,
      })),
    )
    .onConflict((oc) => oc.columns(['notice_id', 'company_id', 'user_id']).doNothing())
    .execute();
}
