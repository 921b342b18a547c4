import type { EventType, Webhook, WebhookDelivery } from '@fleetport/contract';
import type { CompanyScope } from '../../platform/auth/actor.ts';
import { owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/** Webhook destinations and their delivery log; every caller-facing read takes the caller's scope. */

export interface StoredWebhook {
  id: number;
  companyId: number;
  url: string;
  secretSealed: string;
  eventTypes: EventType[];
  enabled: boolean;
  failingSince: Date | null;
  flagged: boolean;
  lastError: string | null;
  createdAt: Date;
}

const COLUMNS = [
  'id',
  'company_id',
  'url',
  'secret_sealed',
  'event_types',
  'enabled',
  'failing_since',
  'flagged',
  'last_error',
  'created_at',
] as const;

type Row = {
  id: number;
  company_id: number;
  url: string;
  secret_sealed: string;
  event_types: unknown;
  enabled: boolean;
  failing_since: Date | null;
  flagged: boolean;
  last_error: string | null;
  created_at: Date;
};

function stored(r: Row): StoredWebhook {
  return {
    id: Number(r.id),
    companyId: Number(r.company_id),
    url: r.url,
    secretSealed: r.secret_sealed,
    eventTypes: (typeof r.event_types === 'string'
      ? JSON.parse(r.event_types)
      : r.event_types) as EventType[],
    enabled: r.enabled,
    failingSince: r.failing_since ? new Date(r.failing_since) : null,
    flagged: r.flagged,
    lastError: r.last_error,
    createdAt: new Date(r.created_at),
  };
}

export function webhookView(w: StoredWebhook, cursor: number): Webhook {
  return {
    webhookId: w.id,
    url: w.url,
    eventTypes: w.eventTypes,
    enabled: w.enabled,
    cursor,
    failingSince: w.failingSince?.getTime() ?? null,
    flagged: w.flagged,
    lastError: w.lastError,
    createdAt: w.createdAt.getTime(),
  };
}

export async function listWebhooks(db: DbOrTx, scope: CompanyScope) {
  const companies = scopedCompanyIds(scope);
  const [rows, cursors] = await Promise.all([
    db
      .selectFrom('webhook')
      .select(COLUMNS)
      .where('company_id', 'in', companies)
      .orderBy('id', 'asc')
      .execute(),
    db
      .selectFrom('channel_cursor')
      .select(['channel', 'last_cursor'])
      .where('company_id', 'in', companies)
      .where('channel', 'like', 'webhook:%')
      .execute(),
  ]);
  const byChannel = new Map(cursors.map((c) => [c.channel, Number(c.last_cursor)]));
  return rows.map((r) => ({ webhook: stored(r as Row), cursor: byChannel.get(`webhook:${r.id}`) ?? 0 }));
}

export async function countWebhooks(db: DbOrTx, scope: CompanyScope): Promise<number> {
  const row = await db
    .selectFrom('webhook')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', owningCompany(scope))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One of the scope's webhooks (undefined for another company's). */
export async function findWebhook(db: DbOrTx, scope: CompanyScope, id: number) {
  const row = await db
    .selectFrom('webhook')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('company_id', 'in', scopedCompanyIds(scope))
    .executeTakeFirst();
  return row ? stored(row as Row) : undefined;
}

/** For the delivery job, which acts for the channel's own company. */
export async function webhookOfCompany(db: DbOrTx, companyId: number, id: number) {
  const row = await db
    .selectFrom('webhook')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row ? stored(row as Row) : undefined;
}

export async function insertWebhook(
  db: DbOrTx,
  scope: CompanyScope,
  values: { url: string; secretSealed: string; eventTypes: EventType[]; enabled: boolean; createdBy: number },
  now: Date,
): Promise<StoredWebhook> {
  const row = await db
    .insertInto('webhook')
    .values({
      company_id: owningCompany(scope),
      url: values.url,
      secret_sealed: values.secretSealed,
      event_types: JSON.stringify(values.eventTypes),
      enabled: values.enabled,
      created_by: values.createdBy,
      created_at: now,
      updated_at: now,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return stored(row as Row);
}

export async function updateWebhookRow(
  db: DbOrTx,
  scope: CompanyScope,
  id: number,
  values: { url: string; eventTypes: EventType[]; enabled: boolean },
  now: Date,
) {
  await db
    .updateTable('webhook')
    .set({
      url: values.url,
      event_types: JSON.stringify(values.eventTypes),
      enabled: values.enabled,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('company_id', '=', owningCompany(scope))
    .execute();
}

export async function deleteWebhookRow(db: DbOrTx, scope: CompanyScope, id: number) {
  await db
    .deleteFrom('webhook')
    .where('id', '=', id)
    .where('company_id', '=', owningCompany(scope))
    .execute();
}

/** A failed attempt: failing since the first failure of the run, with the receiver's last words. */
export async function markFailing(db: DbOrTx, id: number, error: string, now: Date) {
  await db
    .updateTable('webhook')
    .set((eb) => ({
      failing_since: eb.fn.coalesce('failing_since', eb.val(now)),
      last_error: error,
    }))
    .where('id', '=', id)
    .execute();
}

/** Flags a destination failing since before `before`; true for the one call that flagged it. */
export async function flagIfFailingSince(db: DbOrTx, id: number, before: Date): Promise<boolean> {
  const result = await db
    .updateTable('webhook')
    .set({ flagged: true })
    .where('id', '=', id)
    .where('flagged', '=', false)
    .where('failing_since', '<=', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markHealthy(db: DbOrTx, id: number) {
  await db
    .updateTable('webhook')
    .set({ failing_since: null, flagged: false, last_error: null })
    .where('id', '=', id)
    .where('failing_since', 'is not', null)
    .execute();
}

export interface NewDelivery {
  webhookId: number;
  companyId: number;
  cursor: number | null;
  eventId: string;
  eventType: string;
  attempt: number;
  ok: boolean;
  status: number | null;
  error: string | null;
  durationMs: number;
  at: Date;
}

export async function insertDelivery(db: DbOrTx, d: NewDelivery): Promise<WebhookDelivery> {
  const row = await db
    .insertInto('webhook_delivery')
    .values({
      webhook_id: d.webhookId,
      company_id: d.companyId,
      cursor: d.cursor,
      event_id: d.eventId,
      event_type: d.eventType,
      attempt: d.attempt,
      ok: d.ok,
      status: d.status,
      error: d.error,
      duration_ms: d.durationMs,
      at: d.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    deliveryId: Number(row.id),
    cursor: d.cursor,
    eventId: d.eventId,
    eventType: d.eventType,
    attempt: d.attempt,
    ok: d.ok,
    status: d.status,
    error: d.error,
    durationMs: d.durationMs,
    at: d.at.getTime(),
  };
}

export async function deliveryPage(
  db: DbOrTx,
  scope: CompanyScope,
  webhookId: number,
  page: { pageNum: number; pageSize: number },
): Promise<{ list: WebhookDelivery[]; total: number }> {
  const base = db
    .selectFrom('webhook_delivery')
    .where('webhook_id', '=', webhookId)
    .where('company_id', 'in', scopedCompanyIds(scope));
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    list: rows.map((r) => ({
      deliveryId: Number(r.id),
      cursor: r.cursor === null ? null : Number(r.cursor),
      eventId: r.event_id,
      eventType: r.event_type,
      attempt: r.attempt,
      ok: r.ok,
      status: r.status,
      error: r.error,
      durationMs: r.duration_ms,
      at: new Date(r.at).getTime(),
    })),
  };
}

/** The delivery log's retention: the event log's 30 days. */
export async function dropOldDeliveries(db: DbOrTx, before: Date): Promise<void> {
  await db.deleteFrom('webhook_delivery').where('at', '<', before).execute();
}
