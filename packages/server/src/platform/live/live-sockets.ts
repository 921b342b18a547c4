import {
  ErrorCode,
  LIVE_CLOSE_TOO_MANY_SOCKETS,
  LIVE_CLOSE_UNAUTHORIZED,
  LIVE_DEVICE_UPDATE_INTERVAL_MS,
  LIVE_SOCKETS_PER_SESSION,
  type LiveServerMessage,
} from '@fleetport/contract';
import type { FastifyBaseLogger } from 'fastify';
import { currentSessionGeneration, findSessionStandings } from '../auth/session.store.ts';
import type { Session } from '../auth/session.ts';
import { sessionRefusal } from '../auth/ticket-sessions.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/open.ts';
import type { LiveEvent, LiveEvents, LiveHub } from './hub.ts';

/** One console socket as the registry sees it. */
export interface LiveSocket {
  session: Session;
  /** Whether the company's device events reach it (devices.view); job progress reaches it regardless. */
  watchesDevices: boolean;
  /** Sends a text frame already serialized and encoded (one buffer shared by every socket it goes to). */
  sendFrame(frame: Buffer): void;
  close(code: number, reason: string): void;
}

export interface LiveSockets {
  /** Registers an authenticated socket; returns the function that forgets it (on close). */
  add(socket: LiveSocket): () => void;
  /** Stops the timers (app close). */
  stop(): void;
}

export interface LiveSocketOptions {
  db: Db;
  clock: Clock;
  hub: LiveHub;
  log: FastifyBaseLogger;
  /** How often the node asks whether any session changed (one tiny read). */
  sessionPollMs?: number;
  /** Coalescing window of presence and hello updates. */
  deviceUpdateIntervalMs?: number;
  /**
   * Asked at each poll for every company with sockets: a code closes all of them (610041 when the
   * Super Admin disabled the company; its sessions live on, so the session check alone would not).
   */
  companyRefusal?: (companyId: number) => Promise<number | null>;
}

/** Sockets written to per turn of the event loop when one frame goes to a whole company. */
const BROADCAST_CHUNK = 100;

type DeviceUpdate = Extract<LiveServerMessage, { type: 'device.presence' | 'device.hello' }>;

/** A hub event as the browser sees it (the company id stays on the server). */
function toMessage(event: LiveEvent): LiveServerMessage {
  return { type: event.name, ...event.data } as LiveServerMessage;
}

/**
 * A company's console sockets share one hub subscription. Device presence and hello are coalesced:
 * the latest per device and kind waits until the company's last batch is LIVE_DEVICE_UPDATE_INTERVAL_MS
 * old, then goes out as one `batch` frame, serialized once for all the company's sockets. 200 routers
 * reconnecting is then a frame or two per console instead of 400 messages, each JSON-encoded per socket.
 */
class CompanyFanout {
  readonly sockets = new Set<LiveSocket>();
  private readonly pending = new Map<string, DeviceUpdate>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastFlushAt = 0;
  private readonly unsubscribe: () => void;

  constructor(
    hub: LiveHub,
    companyId: number,
    private readonly intervalMs: number,
  ) {
    this.unsubscribe = hub.subscribe((event) => this.hear(event), companyId);
  }

  private hear(event: LiveEvent) {
    const message = toMessage(event);
    if (message.type === 'job.progress') {
      // A job's progress goes to the people the job belongs to (`jobs.list` shows them the same jobs):
      // its company, or the one user who asked for it; the device list's permission does not matter.
      const owner = message.userId;
      this.broadcast(
        Buffer.from(JSON.stringify(message)),
        (socket) => owner === undefined || owner === socket.session.userId,
      );
      return;
    }
    if (event.name === 'events.new') {
      this.tellNotices(event.data as LiveEvents['events.new']);
      return;
    }
    if (message.type === 'licences.changed') {
      // The licence banner shows in every console (core §4), so every socket of the company hears it.
      this.broadcast(Buffer.from(JSON.stringify(message)), () => true);
      return;
    }
    if (message.type === 'device.presence' || message.type === 'device.hello') {
      this.pending.set(`${message.type}:${message.sn}`, message);
      if (this.timer === undefined) {
        const wait = Math.max(0, this.lastFlushAt + this.intervalMs - Date.now());
        this.timer = setTimeout(() => this.flush(), wait);
      }
      return;
    }
    this.broadcast(Buffer.from(JSON.stringify(message)));
  }

  /**
   * The console channel's notices, each without the people who switched it off (their notification
   * choices): one frame per distinct set of notices, none for a socket left with nothing.
   */
  private tellNotices(data: LiveEvents['events.new']) {
    const frames = new Map<string, Buffer | null>();
    const byUser = new Map<number, LiveSocket[]>();
    for (const socket of this.sockets) {
      if (!socket.watchesDevices) continue;
      byUser.set(socket.session.userId, [...(byUser.get(socket.session.userId) ?? []), socket]);
    }
    for (const [userId, sockets] of byUser) {
      const kept = data.messages.filter((m) => !m.mutedUserIds?.includes(userId));
      const key = kept.map((m) => m.cursor).join(',');
      if (!frames.has(key)) {
        const messages = kept.map(({ mutedUserIds: _muted, ...m }) => m);
        frames.set(
          key,
          messages.length
            ? Buffer.from(
                JSON.stringify({
                  type: 'events.new',
                  cursor: data.cursor,
                  messages,
                } satisfies LiveServerMessage),
              )
            : null,
        );
      }
      const frame = frames.get(key);
      if (frame) for (const socket of sockets) socket.sendFrame(frame);
    }
  }

  private flush() {
    this.timer = undefined;
    this.lastFlushAt = Date.now();
    if (this.pending.size === 0) return;
    const messages = [...this.pending.values()];
    this.pending.clear();
    this.broadcast(Buffer.from(JSON.stringify({ type: 'batch', messages } satisfies LiveServerMessage)));
  }

  /**
   * Encoded once, then handed to the sockets BROADCAST_CHUNK at a time with the event loop free in
   * between, so thousands of consoles do not hold up the calls being answered meanwhile.
   */
  private broadcast(
    frame: Buffer,
    mayReceive: (socket: LiveSocket) => boolean = (socket) => socket.watchesDevices,
  ) {
    const targets = [...this.sockets].filter(mayReceive);
    const sendFrom = (start: number) => {
      for (const socket of targets.slice(start, start + BROADCAST_CHUNK)) socket.sendFrame(frame);
      if (start + BROADCAST_CHUNK < targets.length) setImmediate(sendFrom, start + BROADCAST_CHUNK);
    };
    sendFrom(0);
  }

  stop() {
    clearTimeout(this.timer);
    this.unsubscribe();
  }
}

/**
 * Every console socket of this node, by company (fan-out) and by session (the cap, and closing them
 * when the session ends). Whether sessions changed is one read of the session generation (migration
 * 0060) per poll, whichever node or statement changed them; only then are the open sessions read
 * again, all in one statement, and the sockets of an ended one closed with 4401 and the code a call
 * would get (3 logout, 14019 elsewhere, 14020 disabled; 20 when the 4 hours are up, checked on the
 * clock at each poll).
 */
export function createLiveSockets(options: LiveSocketOptions): LiveSockets {
  const { db, clock, hub, log } = options;
  const pollMs = options.sessionPollMs ?? 1000;
  const intervalMs = options.deviceUpdateIntervalMs ?? LIVE_DEVICE_UPDATE_INTERVAL_MS;
  const companies = new Map<number, CompanyFanout>();
  /** Sockets per session, oldest first. */
  const bySession = new Map<string, LiveSocket[]>();
  let generation: number | null = null;
  /** A socket joined since the last check: its session is read again whatever the generation says. */
  let recheck = false;
  let polling = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  function closeSession(sessionId: string, code: number) {
    for (const socket of bySession.get(sessionId) ?? []) socket.close(LIVE_CLOSE_UNAUTHORIZED, String(code));
  }

  async function poll() {
    if (polling || bySession.size === 0) return;
    polling = true;
    try {
      const now = clock.now();
      for (const [sessionId, sockets] of bySession) {
        const expiresAt = sockets[0]?.session.expiresAt;
        if (expiresAt && now >= expiresAt) closeSession(sessionId, ErrorCode.SESSION_TOO_LONG);
      }
      if (options.companyRefusal)
        for (const [companyId, fanout] of companies) {
          const code = await options.companyRefusal(companyId);
          if (code !== null)
            for (const socket of [...fanout.sockets]) socket.close(LIVE_CLOSE_UNAUTHORIZED, String(code));
        }
      const current = await currentSessionGeneration(db);
      if (current === generation && !recheck) return;
      generation = current;
      recheck = false;
      const ids = [...bySession.keys()];
      const standings = new Map((await findSessionStandings(db, ids)).map((s) => [s.id, s]));
      for (const id of ids) {
        const standing = standings.get(id);
        const refusal = standing ? sessionRefusal(standing, now) : null;
        if (!standing) closeSession(id, ErrorCode.SESSION_EXPIRED);
        else if (refusal) closeSession(id, refusal.code);
      }
    } catch (error) {
      log.warn({ err: error }, 'live sockets: session check failed');
    } finally {
      polling = false;
    }
  }

  return {
    add(socket) {
      const { session } = socket;
      const mine = bySession.get(session.sessionId) ?? [];
      bySession.set(session.sessionId, mine);
      mine.push(socket);
      // Each browser tab holds one socket; past the cap the oldest goes (a tab long closed, most likely).
      while (mine.length > LIVE_SOCKETS_PER_SESSION)
        mine.shift()?.close(LIVE_CLOSE_TOO_MANY_SOCKETS, 'too many');
      let fanout: CompanyFanout | undefined;
      if (session.companyId !== null) {
        fanout = companies.get(session.companyId) ?? new CompanyFanout(hub, session.companyId, intervalMs);
        companies.set(session.companyId, fanout);
        fanout.sockets.add(socket);
      }
      recheck = true;
      timer ??= setInterval(() => void poll(), pollMs);
      return () => {
        const list = bySession.get(session.sessionId);
        const at = list?.indexOf(socket) ?? -1;
        if (list && at >= 0) list.splice(at, 1);
        if (list?.length === 0) bySession.delete(session.sessionId);
        if (fanout && session.companyId !== null) {
          fanout.sockets.delete(socket);
          if (fanout.sockets.size === 0) {
            fanout.stop();
            companies.delete(session.companyId);
          }
        }
        if (bySession.size === 0) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
      for (const fanout of companies.values()) fanout.stop();
      companies.clear();
    },
  };
}
