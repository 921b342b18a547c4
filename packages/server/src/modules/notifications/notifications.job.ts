import type { AppDeps } from '../../platform/app-deps.ts';
import { defineJob, defineSchedule } from '../../platform/jobs/index.ts';
import { secretSeal } from '../../platform/sealed-secret.ts';
import { EVENT_RETENTION_DAYS } from '../alerts/event-log.store.ts';
import { channelsBehind, kindOfChannel, startDelivery } from './channel-cursors.store.ts';
import { deliverConsoleChannel } from './console-channel.ts';
import { ALERT_DIGEST_JOB, deliverEmailChannel, sendDigest, startDueDigests } from './email-channel.ts';
import { destinationPolicy } from './webhook-address.ts';
import { deliverWebhookChannel, WEBHOOK_BACKOFF, WEBHOOK_MAX_ATTEMPTS } from './webhook-delivery.ts';
import { dropOldDeliveries } from './webhooks.store.ts';

export const DISPATCH_JOB = 'notifications.dispatch';
export const RETENTION_JOB = 'notifications.retention';
export const CHANNEL_JOBS = {
  console: 'notifications.console',
  email: 'notifications.email',
  webhook: 'notifications.webhook',
} as const;
/** How often channels behind the event log get their delivery job. */
export const DISPATCH_EVERY_MS = 10_000;

type ChannelPayload = { companyId: number; channel: string };

export const webhookSeal = (deps: Pick<AppDeps, 'db' | 'config'>) =>
  secretSeal(deps.db, deps.config.serverSecret, 'webhook-secret');

/** Starts the delivery job of every channel behind the log (one at a time per channel), and due digests. */
export async function dispatchChannels(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const now = deps.clock.now();
  for (const { companyId, channel } of await channelsBehind(deps.db, now))
    await startDelivery(deps.db, deps.clock, companyId, channel, CHANNEL_JOBS[kindOfChannel(channel)]);
  await startDueDigests(deps.db, now);
}

/** The notification channels' jobs: the dispatcher on every node's worker, one slot at a time. */
export function notificationJobs(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'hub' | 'files'>,
) {
  return {
    handlers: [
      defineJob({
        kind: DISPATCH_JOB,
        maxAttempts: 1,
        async run() {
          await dispatchChannels(deps);
        },
      }),
      defineJob<ChannelPayload>({
        kind: CHANNEL_JOBS.console,
        maxAttempts: 3,
        run: (ctx) => deliverConsoleChannel(deps, ctx),
      }),
      defineJob<ChannelPayload>({
        kind: CHANNEL_JOBS.email,
        timeoutMs: 5 * 60_000,
        maxAttempts: 10,
        backoff: { baseMs: 30_000, maxMs: 30 * 60_000 },
        run: (ctx) => deliverEmailChannel(deps, ctx),
      }),
      defineJob<ChannelPayload>({
        kind: CHANNEL_JOBS.webhook,
        timeoutMs: 10 * 60_000,
        maxAttempts: WEBHOOK_MAX_ATTEMPTS,
        backoff: WEBHOOK_BACKOFF,
        run: (ctx) =>
          deliverWebhookChannel(
            { ...deps, seal: webhookSeal(deps), destinations: destinationPolicy(deps.config) },
            ctx,
          ),
      }),
      defineJob<{ companyId: number; hour: string }>({
        kind: ALERT_DIGEST_JOB,
        timeoutMs: 5 * 60_000,
        backoff: { baseMs: 30_000, maxMs: 30 * 60_000 },
        run: (ctx) => sendDigest(deps, ctx),
      }),
      defineJob({
        kind: RETENTION_JOB,
        maxAttempts: 3,
        async run() {
          const before = new Date(deps.clock.now().getTime() - EVENT_RETENTION_DAYS * 86_400_000);
          await dropOldDeliveries(deps.db, before);
          await deps.db.deleteFrom('mail_hour').where('hour', '<', before).execute();
        },
      }),
    ],
    schedules: [
      defineSchedule({ name: DISPATCH_JOB, every: DISPATCH_EVERY_MS, kind: DISPATCH_JOB, runAtStart: true }),
      defineSchedule({ name: RETENTION_JOB, every: 60 * 60_000, kind: RETENTION_JOB }),
    ],
  };
}
