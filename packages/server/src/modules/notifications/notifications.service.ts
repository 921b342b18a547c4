import { randomBytes, randomUUID } from 'node:crypto';
import {
  type CallParsedInput,
  ErrorCode,
  type replayEventsCall,
  WEBHOOKS_MAX,
  type Webhook,
  type WebhookDelivery,
  type WebhookInputSchema,
} from '@fleetport/contract';
import type { z } from 'zod';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { type Actor, owningCompany, owningScope } from '../../platform/auth/actor.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { eventsAfter } from '../alerts/event-log.store.ts';
import {
  channelCursor,
  dropChannel,
  ensureChannel,
  lastEventCursor,
  skipToNow,
  webhookChannel,
} from './channel-cursors.store.ts';
import { optOut, readUnsubscribeToken } from './email-channel.ts';
import { webhookSeal } from './notifications.job.ts';
import { destinationPolicy, privateDestination } from './webhook-address.ts';
import { eventId, postEvent } from './webhook-delivery.ts';
import {
  countWebhooks,
  deleteWebhookRow,
  deliveryPage,
  findWebhook,
  insertDelivery,
  insertWebhook,
  listWebhooks,
  type StoredWebhook,
  updateWebhookRow,
  webhookView,
} from './webhooks.store.ts';

/**
 * Webhook destinations, their test button and delivery log, the event replay and the mail's
 * unsubscribe link (docs/api.md "Webhooks"). The destinations are the administrators' (the calls are
 * `adminOnly`); everything reads and writes the caller's own company.
 */
export type NotificationDeps = ModuleDeps<'db' | 'clock' | 'config'>;
type WebhookInput = z.output<typeof WebhookInputSchema>;

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * https to a public address; http only to a loopback address, and only on a server in
 * AUTOMATED_TEST_MODE (the tests' and journeys' own receivers). A literal private address, or a name
 * resolving to one, is refused unless WEBHOOK_ALLOW_PRIVATE_NETWORKS names its network (each POST checks
 * again when it connects). docs/decisions.md "Webhook URLs".
 */
async function checkUrl(deps: NotificationDeps, url: string) {
  const parsed = new URL(url);
  if (parsed.username || parsed.password) throw fieldError('url', 'must not hold a user name or password');
  if (parsed.protocol !== 'https:' && !(deps.config.automatedTestMode && LOOPBACK.test(parsed.hostname)))
    throw fieldError('url', 'must start with https://');
  const refused = await privateDestination(destinationPolicy(deps.config), url);
  if (refused) throw fieldError('url', refused);
}

/** `whsec_` and 32 random bytes: shown once, kept sealed. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

async function viewOf(deps: NotificationDeps, hook: StoredWebhook): Promise<Webhook> {
  return webhookView(hook, await channelCursor(deps.db, hook.companyId, webhookChannel(hook.id)));
}

async function ownWebhook(deps: NotificationDeps, actor: Actor, webhookId: number) {
  const hook = await findWebhook(deps.db, owningScope(actor.scope), webhookId);
  if (!hook) throw new AppError(ErrorCode.WEBHOOK_NOT_FOUND);
  return hook;
}

export async function getWebhooks(deps: NotificationDeps, actor: Actor) {
  const rows = await listWebhooks(deps.db, actor.scope);
  return { list: rows.map((r) => webhookView(r.webhook, r.cursor)) };
}

/** A new destination hears the events written from now on (earlier ones: the replay). */
export async function createWebhook(deps: NotificationDeps, actor: Actor, input: WebhookInput) {
  await checkUrl(deps, input.url);
  const scope = owningScope(actor.scope);
  const secret = newSecret();
  const secretSealed = await webhookSeal(deps).seal(secret);
  const now = deps.clock.now();
  const hook = await inTransaction(deps.db, async (tx) => {
    if ((await countWebhooks(tx, scope)) >= WEBHOOKS_MAX)
      throw new AppError(ErrorCode.WEBHOOK_LIMIT, { num: WEBHOOKS_MAX });
    const created = await insertWebhook(tx, scope, { ...input, secretSealed, createdBy: actor.userId }, now);
    await ensureChannel(
      tx,
      created.companyId,
      webhookChannel(created.id),
      await lastEventCursor(tx, created.companyId),
      now,
    );
    return created;
  });
  return { webhook: await viewOf(deps, hook), secret };
}

/** Switched back on, a destination starts from now: what it missed while off is in the replay. */
export async function editWebhook(
  deps: NotificationDeps,
  actor: Actor,
  webhookId: number,
  input: WebhookInput,
): Promise<Webhook> {
  await checkUrl(deps, input.url);
  const hook = await ownWebhook(deps, actor, webhookId);
  const scope = owningScope(actor.scope);
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx) => {
    await updateWebhookRow(tx, scope, webhookId, input, now);
    if (input.enabled && !hook.enabled) await skipToNow(tx, hook.companyId, webhookChannel(webhookId), now);
  });
  return viewOf(deps, (await findWebhook(deps.db, scope, webhookId)) as StoredWebhook);
}

export async function removeWebhook(deps: NotificationDeps, actor: Actor, webhookId: number) {
  const hook = await ownWebhook(deps, actor, webhookId);
  await inTransaction(deps.db, async (tx) => {
    await deleteWebhookRow(tx, owningScope(actor.scope), webhookId);
    await dropChannel(tx, hook.companyId, webhookChannel(webhookId));
  });
  return null;
}

/** A signed `webhook.test` event, now, outside the log (it moves no cursor); logged as a delivery. */
export async function testWebhook(
  deps: NotificationDeps,
  actor: Actor,
  webhookId: number,
): Promise<WebhookDelivery> {
  const hook = await ownWebhook(deps, actor, webhookId);
  const id = `test-${randomUUID()}`;
  const body = JSON.stringify({
    id,
    cursor: null,
    type: 'webhook.test',
    createdAt: deps.clock.now().toISOString(),
    data: { webhookId },
  });
  const secret = await webhookSeal(deps).open(hook.secretSealed);
  const result = await postEvent(
    hook.url,
    secret,
    id,
    'webhook.test',
    body,
    deps.clock,
    destinationPolicy(deps.config),
  );
  return insertDelivery(deps.db, {
    webhookId,
    companyId: hook.companyId,
    cursor: null,
    eventId: id,
    eventType: 'webhook.test',
    attempt: 1,
    ...result,
    at: deps.clock.now(),
  });
}

export async function getDeliveries(
  deps: NotificationDeps,
  actor: Actor,
  input: { webhookId: number; pageNum: number; pageSize: number },
) {
  await ownWebhook(deps, actor, input.webhookId);
  return deliveryPage(deps.db, actor.scope, input.webhookId, input);
}

/** The caller's company's events after a cursor, oldest first. */
export async function replayEvents(
  deps: NotificationDeps,
  actor: Actor,
  input: CallParsedInput<typeof replayEventsCall>,
) {
  const companyId = owningCompany(actor.scope);
  const events = await eventsAfter(deps.db, companyId, input.after, input.limit);
  const first = events[0];
  if (!first) {
    // Nothing kept after `after`: either nothing happened since, or retention removed all of it.
    const last = await lastEventCursor(deps.db, companyId);
    return { list: [], next: Math.max(last, input.after), gap: last > input.after };
  }
  return {
    list: events.map((e) => ({
      cursor: e.cursor,
      id: eventId(companyId, e.cursor),
      type: e.type,
      payload: e.payload,
      createdAt: e.createdAt.getTime(),
    })),
    next: events.at(-1)?.cursor ?? input.after,
    gap: first.cursor > input.after + 1,
  };
}

export async function unsubscribe(deps: NotificationDeps, token: string) {
  const who = await readUnsubscribeToken(deps, token);
  if (!who) return { unsubscribed: false };
  await optOut(deps.db, who.userId, who.companyId, deps.clock.now());
  return { unsubscribed: true };
}
