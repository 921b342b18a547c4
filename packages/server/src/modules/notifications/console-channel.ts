import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/open.ts';
import type { JobContext } from '../../platform/jobs/index.ts';
import type { LiveHub } from '../../platform/live/hub.ts';
import { eventsAfter } from '../alerts/event-log.store.ts';
import { advanceChannel, channelCursor } from './channel-cursors.store.ts';
import { switchedOff } from './notification-choices.store.ts';

const EVENTS_PER_RUN = 500;
/** A live frame names at most this many messages (the newest), so it stays one small NOTIFY between nodes. */
const MESSAGES_PER_FRAME = 50;
/** Events the console shows as a live notice; `alert.changed` moves the lists (alerts.changed) instead. */
const NOTICE_EVENTS = new Set(['alert.firing', 'alert.resolved', 'alert.flapping', 'webhook.failing']);

/**
 * The console channel: the company's new events go to its consoles over the live hub (every node's
 * sockets on PostgreSQL), as one `events.new` per run, then the cursor moves past them. A console that
 * was closed reads the alert centre and its notes when it opens, so nothing depends on being online.
 */
export async function deliverConsoleChannel(
  deps: { db: Db; hub: LiveHub; clock: Clock },
  ctx: JobContext<{ companyId: number; channel: string }>,
): Promise<void> {
  const { companyId, channel } = ctx.payload;
  const events = await eventsAfter(
    deps.db,
    companyId,
    await channelCursor(deps.db, companyId, channel),
    EVENTS_PER_RUN,
  );
  const last = events.at(-1);
  if (!last) return;
  const notices = events.filter((e) => NOTICE_EVENTS.has(e.type));
  // Each person's choices: an alert notice does not reach the sockets of people who switched the
  // console off for its level (live-sockets.ts drops it per socket).
  const off = notices.length ? await switchedOff(deps.db, companyId, 'console') : null;
  const messages = notices.map((e) => {
    const level = typeof e.payload.level === 'string' ? e.payload.level : null;
    const mutedUserIds = e.type.startsWith('alert.') && off ? off.usersOff('alerts', level) : [];
    return {
      cursor: e.cursor,
      type: e.type,
      ruleName: typeof e.payload.ruleName === 'string' ? e.payload.ruleName : null,
      level,
      devices: Array.isArray(e.payload.devices) ? e.payload.devices.length : 0,
      ...(mutedUserIds.length ? { mutedUserIds } : {}),
    };
  });
  if (messages.length)
    deps.hub.publish('events.new', companyId, {
      cursor: last.cursor,
      messages: messages.slice(-MESSAGES_PER_FRAME),
    });
  await advanceChannel(deps.db, companyId, channel, last.cursor, deps.clock.now());
}
