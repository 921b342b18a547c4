import { ALERT_SEVERITIES, type AlertSeverity, NOTIFICATION_GROUP_KINDS } from '@fleetport/contract';
import { type Expression, type SqlBool, sql } from 'kysely';
import { type Actor, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import { containsPattern } from '../../platform/db/like.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/**
 * SQL of device notifications. The notifier's functions (insert, grouping, presence notes) are the
 * gateway's: they file what a device did under the device's company, not a caller's scope. A reader
 * reaches the notifications of every company of its scope, each with its own read state (a cursor per
 * company and person); marking read is a write, in the scope's one owning company (a set is refused, 5).
 */

/** Who reads: the companies of the scope, and the person whose read state counts. */
export type Reader = Pick<Actor, 'scope' | 'userId'>;

/** A notification about to be written. */
export interface NotificationDraft {
  companyId: number;
  sn: string;
  bizType: string;
  severity: AlertSeverity;
  extend: Record<string, unknown>;
  at: Date;
}

export interface StoredNotification {
  id: number;
  companyId: number;
  sn: string;
  bizType: string;
  severity: string;
  at: Date;
}

export async function insertNotifications(
  db: DbOrTx,
  drafts: readonly NotificationDraft[],
): Promise<StoredNotification[]> {
  if (drafts.length === 0) return [];
  const rows = await db
    .insertInto('device_notification')
    .values(
      drafts.map((d) => ({
        company_id: d.companyId,
        sn: d.sn,
        biz_type: d.bizType,
        severity: d.severity,
        extend: JSON.stringify(d.extend),
        at: d.at,
      })),
    )
    .returning(['id', 'company_id', 'sn', 'biz_type', 'severity', 'at'])
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    companyId: Number(r.company_id),
    sn: r.sn,
    bizType: r.biz_type,
    severity: r.severity,
    at: new Date(r.at),
  }));
}

/** Deletes notifications from before `before` (their read marks go with them); returns how many. */
export async function deleteNotificationsBefore(db: DbOrTx, before: Date): Promise<number> {
  const result = await db.deleteFrom('device_notification').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Up to which id each company's notifications are read by the person: one cursor per company. */
export interface ReadCursors {
  userId: number;
  /** The scope's companies, each to its cursor (0: nothing marked all read there yet). */
  upTo: ReadonlyMap<number, number>;
}

export async function readCursors(db: DbOrTx, { scope, userId }: Reader): Promise<ReadCursors> {
  const rows = await db
    .selectFrom('device_notification_cursor')
    .select(['company_id', 'read_up_to'])
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('user_id', '=', userId)
    .execute();
  const stored = new Map(rows.map((r) => [Number(r.company_id), Number(r.read_up_to)]));
  return { userId, upTo: new Map(scopedCompanyIds(scope).map((id) => [id, stored.get(id) ?? 0])) };
}

/** The cursor of notification `n`'s company: a constant for one company, so its query is as before. */
function cursorOf(cursors: ReadCursors, alias: string) {
  const entries = [...cursors.upTo];
  if (entries.length === 1) return sql`${entries[0]![1]}`;
  const arms = entries.map(([company, upTo]) => sql`when ${company}::bigint then ${upTo}::bigint`);
  return sql`case ${sql.ref(`${alias}.company_id`)} ${sql.join(arms, sql` `)} else 0 end`;
}

/**
 * Whether notification `n` is unread by the person: above its company's cursor and not read one by one.
 * Also used by the dashboard's unread alert summary.
 */
export function unreadBy(cursors: ReadCursors, alias = 'n'): Expression<SqlBool> {
  const id = sql.ref(`${alias}.id`);
  return sql<SqlBool>`(${id} > ${cursorOf(cursors, alias)} and not exists (
    select 1 from device_notification_read r where r.user_id = ${cursors.userId} and r.notification_id = ${id}))`;
}

/** The one company a read mark lands in and the person's cursor there. */
async function ownCursor(db: DbOrTx, who: Reader) {
  const companyId = owningCompany(who.scope);
  const cursors = await readCursors(db, who);
  return { companyId, cursor: cursors.upTo.get(companyId) ?? 0 };
}

export interface NotificationQuery {
  bizTypes?: readonly string[];
  severities?: readonly string[];
  read?: 'read' | 'unread';
  sn?: string;
  startTime?: number;
  endTime?: number;
  groupId?: number;
}

/** Grouped notifications: they stand for their members in the company's list, not in a device's. */
const GROUP_KINDS = Object.values(NOTIFICATION_GROUP_KINDS);

export async function listNotifications(
  db: DbOrTx,
  who: Reader,
  f: NotificationQuery,
  offset: number,
  limit: number,
) {
  const unread = unreadBy(await readCursors(db, who));
  let query = db
    .selectFrom('device_notification as n')
    .where('n.company_id', 'in', scopedCompanyIds(who.scope));
  if (f.bizTypes?.length) query = query.where('n.biz_type', 'in', [...f.bizTypes]);
  if (f.severities?.length) query = query.where('n.severity', 'in', [...f.severities]);
  if (f.read === 'unread') query = query.where(unread);
  if (f.read === 'read') query = query.where(sql<SqlBool>`not ${unread}`);
  if (f.sn) {
    const like = containsPattern(f.sn.toLowerCase());
    query = query.where(sql<string>`lower(n.sn)`, 'like', like);
  }
  // One group's members; a device's history (an SN asked for) without the groups; else the groups.
  if (f.groupId !== undefined) query = query.where('n.group_id', '=', f.groupId);
  else if (f.sn) query = query.where('n.biz_type', 'not in', GROUP_KINDS);
  else query = query.where('n.group_id', 'is', null);
  if (f.startTime !== undefined) query = query.where('n.at', '>=', new Date(f.startTime));
  if (f.endTime !== undefined) query = query.where('n.at', '<=', new Date(f.endTime));
  const [count, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    query
      .leftJoin('device as d', (j) => j.onRef('d.sn', '=', 'n.sn').onRef('d.company_id', '=', 'n.company_id'))
      .select([
        'n.id',
        'n.sn',
        'n.biz_type',
        'n.severity',
        'n.extend',
        'n.at',
        'd.name as device_name',
        sql<boolean>`${unread}`.as('unread'),
      ])
      .orderBy('n.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
  ]);
  return { total: Number(count.n), rows };
}

/** Marks the owning company's notifications among `ids` read; answers how many were unread. */
export async function markRead(db: DbOrTx, who: Reader, ids: readonly number[]): Promise<number> {
  const { companyId, cursor } = await ownCursor(db, who);
  const { rows } = await sql<{ n: string }>`
    with added as (
      insert into device_notification_read (company_id, user_id, notification_id)
      select ${companyId}, ${who.userId}, n.id from device_notification n
       where n.company_id = ${companyId} and n.id > ${cursor}
         and (n.id = any(${sql.val([...ids])}::bigint[]) or n.group_id = any(${sql.val([...ids])}::bigint[]))
      on conflict do nothing
      returning notification_id)
    select count(*) as n from added a join device_notification n on n.id = a.notification_id
     where n.group_id is null`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Moves the user's cursor to `upToId` (or the newest notification); answers how many were unread. */
export async function markAllRead(db: DbOrTx, who: Reader, upToId: number | undefined): Promise<number> {
  const { companyId, cursor } = await ownCursor(db, who);
  let newest = db
    .selectFrom('device_notification as n')
    .select((eb) => eb.fn.max('n.id').as('id'))
    .where('n.company_id', '=', companyId);
  if (upToId !== undefined) newest = newest.where('n.id', '<=', upToId);
  const top = Number((await newest.executeTakeFirst())?.id ?? 0);
  if (top <= cursor) return 0;
  const unread = await db
    .selectFrom('device_notification as n')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('n.company_id', '=', companyId)
    .where('n.id', '<=', top)
    .where('n.group_id', 'is', null)
    .where(unreadBy({ userId: who.userId, upTo: new Map([[companyId, cursor]]) }))
    .executeTakeFirstOrThrow();
  await db
    .insertInto('device_notification_cursor')
    .values({ company_id: companyId, user_id: who.userId, read_up_to: top })
    // Never backwards: a "mark all read" sent earlier from another tab may arrive after this one.
    .onConflict((oc) =>
      oc
        .columns(['company_id', 'user_id'])
        .doUpdateSet({ read_up_to: sql<number>`greatest(device_notification_cursor.read_up_to, ${top})` }),
    )
    .execute();
  // Rows at or under the cursor say nothing any more.
  await db
    .deleteFrom('device_notification_read')
    .where('company_id', '=', companyId)
    .where('user_id', '=', who.userId)
    .where('notification_id', '<=', top)
    .execute();
  return Number(unread.n);
}

export async function unreadCount(db: DbOrTx, who: Reader) {
  const cursors = await readCursors(db, who);
  const rows = await db
    .selectFrom('device_notification as n')
    .select(['n.severity', (eb) => eb.fn.countAll<string>().as('n')])
    .where('n.company_id', 'in', scopedCompanyIds(who.scope))
    // A group counts once, as it shows once: the badge agrees with the list.
    .where('n.group_id', 'is', null)
    .where(unreadBy(cursors))
    .groupBy('n.severity')
    .execute();
  const bySeverity = Object.fromEntries(ALERT_SEVERITIES.map((s) => [s, 0])) as Record<AlertSeverity, number>;
  for (const r of rows) if (r.severity in bySeverity) bySeverity[r.severity as AlertSeverity] = Number(r.n);
  return { total: Object.values(bySeverity).reduce((a, b) => a + b, 0), bySeverity };
}

/** The latest presence notification (offline or back online) of each device of the company (the notifier's). */
export async function latestPresenceNotes(
  db: DbOrTx,
  companyId: number,
  sns: readonly string[],
): Promise<Map<string, { bizType: string; at: Date }>> {
  if (sns.length === 0) return new Map();
  const { rows } = await sql<{ sn: string; biz_type: string; at: Date }>`
    select distinct on (sn) sn, biz_type, at from device_notification
     where company_id = ${companyId} and sn = any(${sql.val([...sns])}::text[])
       and biz_type in ('deviceOffline', 'deviceOnline')
     order by sn, id desc`.execute(db);
  return new Map(rows.map((r) => [r.sn, { bizType: r.biz_type, at: new Date(r.at) }]));
}

/** Adds `memberIds` to group `groupId` and sets its member count. */
export async function attachToGroup(
  db: DbOrTx,
  groupId: number,
  memberIds: readonly number[],
): Promise<number> {
  if (memberIds.length > 0)
    await db
      .updateTable('device_notification')
      .set({ group_id: groupId })
      .where('id', 'in', [...memberIds])
      .execute();
  const { rows } = await sql<{ n: string }>`
    update device_notification set extend = jsonb_set(extend, '{count}',
      to_jsonb((select count(*) from device_notification m where m.group_id = ${groupId})))
     where id = ${groupId} returning extend->>'count' as n`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * What a company's new `bizType` notifications can join: the newest open group of that kind (started
 * within the window) and the ungrouped ones of the window, oldest first.
 */
export async function groupCandidates(
  db: DbOrTx,
  companyId: number,
  bizType: string,
  groupKind: string,
  since: Date,
): Promise<{ groupId: number | null; loose: number[] }> {
  const [group, loose] = await Promise.all([
    db
      .selectFrom('device_notification')
      .select('id')
      .where('company_id', '=', companyId)
      .where('biz_type', '=', groupKind)
      .where('at', '>=', since)
      .orderBy('id', 'desc')
      .executeTakeFirst(),
    db
      .selectFrom('device_notification')
      .select('id')
      .where('company_id', '=', companyId)
      .where('biz_type', '=', bizType)
      .where('group_id', 'is', null)
      .where('at', '>=', since)
      .orderBy('id')
      .execute(),
  ]);
  return { groupId: group ? Number(group.id) : null, loose: loose.map((r) => Number(r.id)) };
}
