import { sql } from 'kysely';
import type { DbOrTx } from '../../platform/db/open.ts';

/**
 * The durable event log (issue 16 "One event log, three channels"; docs/decisions.md "The event log").
 * An event is written in the transaction of the change it tells, so it exists exactly when the change
 * does. Its cursor comes from the company's counter row, locked by the `update`: two writers of one
 * company wait for each other, so cursors rise in commit order and a channel reading `after` its last
 * cursor never skips an event that commits later with a smaller one.
 */

export const EVENT_RETENTION_DAYS = 30;

export interface LoggedEvent {
  cursor: number;
  type: string;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/** Appends one event for a company; answers its cursor. Call inside the change's transaction. */
export async function appendEvent(
  tx: DbOrTx,
  companyId: number,
  type: string,
  payload: Record<string, unknown>,
  at: Date,
): Promise<number> {
  const row = await sql<{ last_cursor: string | number }>`insert into event_cursor (company_id, last_cursor)
      values (${companyId}, 1)
      on conflict (company_id) do update set last_cursor = event_cursor.last_cursor + 1
      returning last_cursor`.execute(tx);
  const cursor = Number(row.rows[0]?.last_cursor);
  await tx
    .insertInto('event_log')
    .values({ company_id: companyId, cursor, type, payload: JSON.stringify(payload), created_at: at })
    .execute();
  return cursor;
}

/**
 * Appends events of one type for a company with one counter update (a sweep opening thousands of
 * pending alerts); answers the last cursor, or null for none. Call inside the change's transaction.
 */
export async function appendEvents(
  tx: DbOrTx,
  companyId: number,
  type: string,
  payloads: readonly Record<string, unknown>[],
  at: Date,
): Promise<number | null> {
  if (payloads.length === 0) return null;
  const row = await sql<{ last_cursor: string | number }>`insert into event_cursor (company_id, last_cursor)
      values (${companyId}, ${payloads.length})
      on conflict (company_id) do update set last_cursor = event_cursor.last_cursor + ${payloads.length}
      returning last_cursor`.execute(tx);
  const last = Number(row.rows[0]?.last_cursor);
  const first = last - payloads.length + 1;
  for (let i = 0; i < payloads.length; i += 500)
    await tx
      .insertInto('event_log')
      .values(
        payloads.slice(i, i + 500).map((payload, j) => ({
          company_id: companyId,
          cursor: first + i + j,
          type,
          payload: JSON.stringify(payload),
          created_at: at,
        })),
      )
      .execute();
  return last;
}

/** A company's events after a cursor, oldest first. */
export async function eventsAfter(
  db: DbOrTx,
  companyId: number,
  after: number,
  limit: number,
): Promise<LoggedEvent[]> {
  const rows = await db
    .selectFrom('event_log')
    .select(['cursor', 'type', 'payload', 'created_at'])
    .where('company_id', '=', companyId)
    .where('cursor', '>', after)
    .orderBy('cursor', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    cursor: Number(r.cursor),
    type: r.type,
    payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>,
    createdAt: new Date(r.created_at),
  }));
}

/** The hourly retention: events older than 30 days go (the counter stays, so cursors never repeat). */
export async function dropOldEvents(db: DbOrTx, now: Date): Promise<number> {
  const before = new Date(now.getTime() - EVENT_RETENTION_DAYS * 86_400_000);
  const result = await db.deleteFrom('event_log').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
