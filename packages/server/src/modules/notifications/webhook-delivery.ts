import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { WEBHOOK_HEADERS } from '@fleetport/contract';
import type { Clock } from '../../platform/clock.ts';
import { type Db, inTransaction } from '../../platform/db/open.ts';
import type { JobContext } from '../../platform/jobs/index.ts';
import type { SecretSeal } from '../../platform/sealed-secret.ts';
import { appendEvent, eventsAfter, type LoggedEvent } from '../alerts/event-log.store.ts';
import { tellAdmins } from './admin-notes.ts';
import { advanceChannel, channelCursor } from './channel-cursors.store.ts';
import { type DestinationPolicy, guardedLookup, literalRefused } from './webhook-address.ts';
import {
  flagIfFailingSince,
  insertDelivery,
  markFailing,
  markHealthy,
  type StoredWebhook,
  webhookOfCompany,
} from './webhooks.store.ts';

/**
 * Delivering a company's events to one webhook destination (docs/api.md "Webhooks"). Each POST is one
 * event, in cursor order, signed `Fleetport-Signature: t=<unix s>,v1=<hex HMAC-SHA256(secret, t.body)>`.
 * A 2xx moves the destination's cursor past the event; anything else fails the job, which the queue
 * retries with a growing wait (30 s doubling to 1 h) for 24 h, starting again at the same event, so
 * later events wait behind it and the order holds. A destination failing for an hour is flagged and
 * its administrators are told (a note and a `webhook.failing` event); it is never switched off.
 */

/** One POST's deadline. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** After this long failing, a destination is flagged and its administrators told. */
export const FLAG_AFTER_MS = 60 * 60_000;
/** Waits between attempts: 30 s doubling to 1 h; 31 attempts span 24 h. */
export const WEBHOOK_BACKOFF = { baseMs: 30_000, maxMs: 60 * 60_000 };
export const WEBHOOK_MAX_ATTEMPTS = 31;
/** Events one run delivers before it hands over to the next run (other channels get their turn). */
const EVENTS_PER_RUN = 200;

export const eventId = (companyId: number, cursor: number) => `${companyId}-${cursor}`;

export function signatureHeader(secret: string, unixSeconds: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** The JSON body of one event's POST. */
export function webhookBody(
  companyId: number,
  event: Pick<LoggedEvent, 'cursor' | 'type' | 'payload' | 'createdAt'>,
) {
  return JSON.stringify({
    id: eventId(companyId, event.cursor),
    cursor: event.cursor,
    type: event.type,
    createdAt: event.createdAt.toISOString(),
    data: event.payload,
  });
}

export interface PostResult {
  ok: boolean;
  status: number | null;
  error: string | null;
  durationMs: number;
}

/** The status of one POST to `url`, through `lookup`'s addresses only; no redirect is followed. */
function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
  policy: DestinationPolicy,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const refused = literalRefused(policy, url);
    if (refused) return reject(refused);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(policy) as never,
        timeout: WEBHOOK_TIMEOUT_MS,
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    req.on('error', reject);
    req.end(body);
  });
}

/** One signed POST; never throws (a refusal, a timeout, a closed port or a private address is a failed result). */
export async function postEvent(
  url: string,
  secret: string,
  id: string,
  type: string,
  body: string,
  clock: Clock,
  policy: DestinationPolicy,
): Promise<PostResult> {
  const started = performance.now();
  const t = Math.floor(clock.now().getTime() / 1000);
  try {
    const status = await post(
      new URL(url),
      {
        'content-type': 'application/json',
        'user-agent': 'Fleetport-Webhook/1',
        [WEBHOOK_HEADERS.signature]: signatureHeader(secret, t, body),
        [WEBHOOK_HEADERS.eventId]: id,
        [WEBHOOK_HEADERS.eventType]: type,
      },
      body,
      policy,
    );
    // A redirect is an answer we do not follow: the destination is the URL the administrator saved.
    const ok = status >= 200 && status < 300;
    return {
      ok,
      status,
      error: ok ? null : `HTTP ${status}`,
      durationMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    const e = error as { code?: string; message?: string };
    const text =
      e.code === 'PRIVATE_ADDRESS'
        ? (e.message ?? 'private address')
        : (e.code ?? e.message ?? String(error));
    return {
      ok: false,
      status: null,
      error: text.slice(0, 300),
      durationMs: Math.round(performance.now() - started),
    };
  }
}

export class WebhookFailed extends Error {
  constructor(url: string, error: string | null) {
    super(`webhook ${url}: ${error ?? 'failed'}`);
    this.name = 'WebhookFailed';
  }
}

export interface WebhookDeliveryDeps {
  db: Db;
  clock: Clock;
  seal: SecretSeal;
  /** Which addresses a POST may reach (webhook-address.ts). */
  destinations: DestinationPolicy;
}

/** The failure bookkeeping of one attempt: failing since, then flagged and the admins told once. */
async function recordFailure(deps: WebhookDeliveryDeps, hook: StoredWebhook, error: string) {
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx) => {
    await markFailing(tx, hook.id, error, now);
    if (!(await flagIfFailingSince(tx, hook.id, new Date(now.getTime() - FLAG_AFTER_MS)))) return;
    const failing = await webhookOfCompany(tx, hook.companyId, hook.id);
    await appendEvent(
      tx,
      hook.companyId,
      'webhook.failing',
      {
        webhookId: hook.id,
        url: hook.url,
        failingSince: failing?.failingSince?.toISOString() ?? now.toISOString(),
        lastError: error,
      },
      now,
    );
    await tellAdmins(tx, hook.companyId, 'webhookFailing', { url: hook.url, error }, now);
  });
}

/** The job of one destination: its events after its cursor, one POST each, in order. */
export async function deliverWebhookChannel(
  deps: WebhookDeliveryDeps,
  ctx: JobContext<{ companyId: number; channel: string }>,
): Promise<void> {
  const { companyId, channel } = ctx.payload;
  const hook = await webhookOfCompany(deps.db, companyId, Number(channel.slice('webhook:'.length)));
  if (!hook?.enabled) return;
  const secret = await deps.seal.open(hook.secretSealed);
  const after = await channelCursor(deps.db, companyId, channel);
  const events = await eventsAfter(deps.db, companyId, after, EVENTS_PER_RUN);
  for (const event of events) {
    if (ctx.signal.aborted) throw new Error('webhook delivery aborted');
    if (hook.eventTypes.includes(event.type as never)) {
      const id = eventId(companyId, event.cursor);
      const result = await postEvent(
        hook.url,
        secret,
        id,
        event.type,
        webhookBody(companyId, event),
        deps.clock,
        deps.destinations,
      );
      await insertDelivery(deps.db, {
        webhookId: hook.id,
        companyId,
        cursor: event.cursor,
        eventId: id,
        eventType: event.type,
        attempt: ctx.attempt,
        ...result,
        at: deps.clock.now(),
      });
      if (!result.ok) {
        await recordFailure(deps, hook, result.error ?? 'failed');
        throw new WebhookFailed(hook.url, result.error);
      }
      if (hook.failingSince) {
        await markHealthy(deps.db, hook.id);
        hook.failingSince = null;
      }
    }
    await advanceChannel(deps.db, companyId, channel, event.cursor, deps.clock.now());
  }
}
