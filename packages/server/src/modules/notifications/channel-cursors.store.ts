import { sql } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { type Db, type DbOrTx, inTransaction } from '../../platform/db/open.ts';
import { enqueueJob } from '../../platform/jobs/index.ts';

/**
 * Each channel's cursor over the event log (docs/decisions.md "Notification channels"). A channel is
 * `console`, `email` or `webhook:<id>` of one company. At most one job delivers for a channel at a
 * time: the row remembers it, and a new one is enqueued (under the row's lock) only once it has
 * finished. The job moves the cursor forward after each event it handled, so a restart or another node
 * goes on from the first event not yet handled: nothing lost, nothing handled twice by us (a receiver
 * may still see an event again if a node dies between its POST and the cursor's update; the event id
 * tells it).
 */

export type ChannelKind = 'console' | 'email' | 'webhook';

export const webhookChannel = (webhookId: number) => `webhook:${webhookId}`;

export function kindOfChannel(channel: string): ChannelKind {
  return channel.startsWith('webhook:') ? 'webhook' : (channel as ChannelKind);
}

/** A channel's row, made at `startAt` when it has none (a webhook starts at the company's last event). */
export async function ensureChannel(
  db: DbOrTx,
  companyId: number,
  channel: string,
  startAt: number,
  now: Date,
): Promise<void> {
  await db
    .insertInto('channel_cursor')
    .values({ company_id: companyId, channel, last_cursor: startAt, updated_at: now })
    .onConflict((oc) => oc.columns(['company_id', 'channel']).doNothing())
    .execute();
}

/** The company's last event cursor (0 before its first event). */
export async function lastEventCursor(db: DbOrTx, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('event_cursor')
    .select('last_cursor')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(row?.last_cursor ?? 0);
}

export async function channelCursor(db: DbOrTx, companyId: number, channel: string): Promise<number> {
  const row = await db
    .selectFrom('channel_cursor')
    .select('last_cursor')
    .where('company_id', '=', companyId)
    .where('channel', '=', channel)
    .executeTakeFirst();
  return Number(row?.last_cursor ?? 0);
}

/** Moves a channel past an event it handled (never backwards). */
export async function advanceChannel(
  db: DbOrTx,
  companyId: number,
  channel: string,
  cursor: number,
  now: Date,
): Promise<void> {
  await db
    .updateTable('channel_cursor')
    .set({ last_cursor: cursor, updated_at: now })
    .where('company_id', '=', companyId)
    .where('channel', '=', channel)
    .where('last_cursor', '<', cursor)
    .execute();
}

/** Sets a channel's cursor to the company's last event (a webhook switched back on starts from now). */
export async function skipToNow(db: DbOrTx, companyId: number, channel: string, now: Date): Promise<void> {
  await db
    .updateTable('channel_cursor')
    .set({
      last_cursor: sql<number>`(select coalesce(max(last_cursor), 0) from event_cursor where company_id = ${companyId})`,
      updated_at: now,
    })
    .where('company_id', '=', companyId)
    .where('channel', '=', channel)
    .execute();
}

export async function dropChannel(db: DbOrTx, companyId: number, channel: string): Promise<void> {
  await db
    .deleteFrom('channel_cursor')
    .where('company_id', '=', companyId)
    .where('channel', '=', channel)
    .execute();
}

/**
 * Channels with events after their cursor: every company with events has a console and an e-mail
 * channel (made at 0 the first time, so a new company's first event is not skipped), and each enabled
 * webhook has its own.
 */
export async function channelsBehind(db: Db, now: Date): Promise<{ companyId: number; channel: string }[]> {
  await sql`insert into channel_cursor (company_id, channel, last_cursor, updated_at)
      select e.company_id, c.channel, 0, ${now}
        from event_cursor e cross join (values ('console'), ('email')) as c (channel)
       where not exists (select 1 from channel_cursor x where x.company_id = e.company_id and x.channel = c.channel)`.execute(
    db,
  );
  const { rows } = await sql<{ company_id: string | number; channel: string }>`
      select c.company_id, c.channel
        from channel_cursor c
        join event_cursor e on e.company_id = c.company_id
       where e.last_cursor > c.last_cursor
         and (c.channel not like 'webhook:%' or exists (
              select 1 from webhook w
               where w.company_id = c.company_id and c.channel = 'webhook:' || w.id and w.enabled))
       order by c.company_id, c.channel`.execute(db);
  return rows.map((r) => ({ companyId: Number(r.company_id), channel: r.channel }));
}

/** A webhook round that failed for good waits this long before the next round starts. */
export const NEXT_ROUND_AFTER_MS = 60 * 60_000;

/**
 * Enqueues the channel's delivery job unless one is queued or running. Under the row's lock, so two
 * nodes' dispatchers (or a dispatcher and a test button) never start two jobs for one channel.
 * Answers the job's id, or null when one was already under way.
 */
export async function startDelivery(
  db: Db,
  clock: Clock,
  companyId: number,
  channel: string,
  jobKind: string,
): Promise<number | null> {
  return inTransaction(db, async (tx) => {
    const row = await tx
      .selectFrom('channel_cursor')
      .select('job_id')
      .where('company_id', '=', companyId)
      .where('channel', '=', channel)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return null;
    let runAt: Date | undefined;
    if (row.job_id !== null) {
      const job = await tx
        .selectFrom('job')
        .select(['state', 'finished_at'])
        .where('id', '=', Number(row.job_id))
        .executeTakeFirst();
      if (job && (job.state === 'queued' || job.state === 'running')) return null;
      // A round that failed for good (24 h of retries) is followed by the next an hour later.
      if (job?.state === 'failed' && job.finished_at)
        runAt = new Date(new Date(job.finished_at).getTime() + NEXT_ROUND_AFTER_MS);
    }
    const { id } = await enqueueJob(tx, {
      kind: jobKind,
      payload: { companyId, channel },
      clock,
      ...(runAt && runAt > clock.now() ? { runAt } : {}),
    });
    await tx
      .updateTable('channel_cursor')
      .set({ job_id: id })
      .where('company_id', '=', companyId)
      .where('channel', '=', channel)
      .execute();
    return id;
  });
}
