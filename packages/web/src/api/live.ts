import {
  LIVE_CLOSE_TOO_MANY_SOCKETS,
  LIVE_CLOSE_UNAUTHORIZED,
  LIVE_PATH,
  type LiveClientMessage,
  type LiveServerMessage,
  LiveServerMessageSchema,
} from '@fleetport/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { currentLanguage } from '../i18n/index.ts';
import { API_PREFIX } from './client.ts';
import { loadTicket, signedTicketHeader } from './ticket-store.ts';

/**
 * The console's one WebSocket per browser tab (contract `live.ts`). Pages that show live data call
 * `useLive()`; the socket opens with the first and closes a while after the last. Its first message
 * is the signed ticket (never the URL, which servers and proxies log). It reconnects with a growing
 * pause, re-signing the ticket each time, and stops when the server refuses the ticket or ends the
 * session (the next call then shows the sign-in reaction). Events update the TanStack Query cache in
 * place; presence and hello arrive coalesced in `batch` frames.
 */

/** Query keys the live events update; the device pages use the same keys. */
export const LIVE_KEYS = {
  devices: ['devices'] as const,
  remoteAction: (rpcId: string) => ['remoteAction', rpcId] as const,
  /** Device notifications: the list and the unread count. */
  notifications: ['deviceNotifications'] as const,
  /** Fleet counts (online, offline, total) and the dashboard's other cards. */
  dashboard: ['deviceDashboard'] as const,
  /** Licence balances, auto-renew and the insufficient-licence banner. */
  licences: ['licences'] as const,
  /** The alert centre: alerts, rules and the unread badge. */
  alerts: ['alerts'] as const,
  /** A device's configuration by section, its change-set in flight and their history. */
  deviceConfig: ['deviceConfigSections'] as const,
  /** Rollouts: the list, a rollout, its batches and devices. */
  rollouts: ['rollouts'] as const,
  /** Zero-touch provisioning and the templates' "provisioning now" counts (the list kit's call ids). */
  provisioning: ['deviceTemplates.provisioning'] as const,
  templates: ['deviceTemplates.list'] as const,
};

export type LiveStatus = 'idle' | 'connecting' | 'open' | 'closed';
type Listener = (message: LiveServerMessage) => void;

const RETRY_MS = [500, 1000, 2000, 5000, 10_000];
const IDLE_CLOSE_MS = 30_000;

let socket: WebSocket | null = null;
let status: LiveStatus = 'idle';
let users = 0;
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let cache: QueryClient | null = null;
const listeners = new Set<Listener>();
const statusListeners = new Set<() => void>();
/** Sent once the socket is open (a CLI opened while reconnecting). */
const outbox: LiveClientMessage[] = [];

function setStatus(next: LiveStatus) {
  status = next;
  for (const l of statusListeners) l();
}

/** The socket's address: no ticket in it (the first message carries one). Null when signed out. */
export function liveUrl(): string | null {
  if (!loadTicket()) return null;
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const params = new URLSearchParams({ lang: currentLanguage() });
  return `${scheme}://${window.location.host}${API_PREFIX}${LIVE_PATH}?${params}`;
}

/** Device rows anywhere in the cache (pages, single devices) take the new online state. */
function patchDevices(queryClient: QueryClient, sn: string, patch: Record<string, unknown>) {
  queryClient.setQueriesData({ queryKey: LIVE_KEYS.devices }, (old: unknown) => {
    if (!old || typeof old !== 'object') return old;
    const record = old as Record<string, unknown>;
    if (Array.isArray(record.list)) {
      const list = record.list as Array<Record<string, unknown>>;
      if (!list.some((row) => row.sn === sn)) return old;
      return { ...record, list: list.map((row) => (row.sn === sn ? { ...row, ...patch } : row)) };
    }
    return record.sn === sn ? { ...record, ...patch } : old;
  });
}

/** How long refetches caused by events wait for more: 100 routers dropping at once cost one fetch. */
export const LIVE_REFETCH_DELAY_MS = 300;
const refetchSoon = new Map<string, readonly unknown[]>();
let refetchTimer: ReturnType<typeof setTimeout> | undefined;

/** Refetches what is shown under `key` (and marks the rest stale) once the burst of events is over. */
function invalidateSoon(queryClient: QueryClient, key: readonly unknown[]) {
  refetchSoon.set(JSON.stringify(key), key);
  if (refetchTimer) return;
  refetchTimer = setTimeout(() => {
    refetchTimer = undefined;
    const keys = [...refetchSoon.values()];
    refetchSoon.clear();
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  }, LIVE_REFETCH_DELAY_MS);
}

type EventNotice = Extract<LiveServerMessage, { type: 'events.new' }>['messages'][number];
const noticeListeners = new Set<(notice: EventNotice) => void>();

/** Hears each alert message the console channel brings (`events.new`): the grouped live notice. */
export function onEventNotice(listener: (notice: EventNotice) => void): () => void {
  noticeListeners.add(listener);
  return () => noticeListeners.delete(listener);
}

export function applyToCache(queryClient: QueryClient, message: LiveServerMessage): void {
  if (message.type === 'batch') {
    for (const inner of message.messages) applyToCache(queryClient, inner);
  } else if (message.type === 'device.presence') {
    patchDevices(queryClient, message.sn, { online: message.online, lastSeenAt: Date.parse(message.at) });
    // The counts (dashboard, device list) change with presence: shown ones refetch at once.
    invalidateSoon(queryClient, LIVE_KEYS.dashboard);
  } else if (message.type === 'device.hello') {
    patchDevices(queryClient, message.sn, {
      model: message.model,
      series: message.series,
      firmwareVersion: message.firmwareVersion,
    });
  } else if (message.type === 'notifications.new') {
    // The notification list, the badge, the bell and the dashboard's unread alerts refetch where shown.
    invalidateSoon(queryClient, LIVE_KEYS.notifications);
    invalidateSoon(queryClient, LIVE_KEYS.dashboard);
  } else if (message.type === 'events.new') {
    for (const notice of message.messages) for (const listener of noticeListeners) listener(notice);
  } else if (message.type === 'alerts.changed') {
    // The alert list, rules (open counts), badge and the dashboard's alert summary refetch where shown.
    invalidateSoon(queryClient, LIVE_KEYS.alerts);
    invalidateSoon(queryClient, LIVE_KEYS.dashboard);
  } else if (message.type === 'deviceConfig.changed' || message.type === 'deviceConfig.drift') {
    // The configuration page follows its change-set; a final state brings the reported configuration.
    invalidateSoon(queryClient, LIVE_KEYS.deviceConfig);
    // The device list marks a router whose configuration was changed on the router itself.
    if (message.type === 'deviceConfig.drift') invalidateSoon(queryClient, LIVE_KEYS.devices);
  } else if (message.type === 'rollouts.changed') {
    // A batch started, devices moved, the rollout stopped or ended: what is shown refetches.
    invalidateSoon(queryClient, LIVE_KEYS.rollouts);
  } else if (message.type === 'provisioning.changed') {
    // The provisioning tab follows each router's steps; a run ending frees its template for editing.
    invalidateSoon(queryClient, LIVE_KEYS.provisioning);
    invalidateSoon(queryClient, LIVE_KEYS.templates);
  } else if (message.type === 'licences.changed') {
    // Balances and the licence banner refetch where shown.
    invalidateSoon(queryClient, LIVE_KEYS.licences);
  } else if (message.type === 'rpc.state') {
    const key = LIVE_KEYS.remoteAction(message.id);
    queryClient.setQueryData(key, (old: Record<string, unknown> | undefined) =>
      old ? { ...old, state: message.state, delivered: message.delivered } : old,
    );
    // A final state carries a result the event does not: fetch it once.
    if (message.state !== 'inExecution') void queryClient.invalidateQueries({ queryKey: key });
  }
}

function connect() {
  clearTimeout(retryTimer);
  const url = liveUrl();
  if (!url) return setStatus('closed');
  setStatus('connecting');
  const ws = new WebSocket(url);
  socket = ws;
  ws.onopen = () => {
    void signedTicketHeader().then((ticket) => {
      if (socket !== ws || ws.readyState !== WebSocket.OPEN) return;
      if (!ticket) return ws.close();
      ws.send(JSON.stringify({ type: 'auth', ticket } satisfies LiveClientMessage));
      attempt = 0;
      setStatus('open');
      for (const message of outbox.splice(0)) ws.send(JSON.stringify(message));
    });
  };
  ws.onmessage = (event) => {
    let json: unknown;
    try {
      json = JSON.parse(String(event.data));
    } catch {
      return;
    }
    const parsed = LiveServerMessageSchema.safeParse(json);
    if (!parsed.success) return;
    if (cache) applyToCache(cache, parsed.data);
    const messages = parsed.data.type === 'batch' ? parsed.data.messages : [parsed.data];
    for (const message of messages) for (const listener of listeners) listener(message);
  };
  ws.onclose = (event) => {
    if (socket !== ws) return;
    socket = null;
    setStatus('closed');
    // Refused or ended session, or this session's socket cap (another tab took over): no retry.
    if (event.code === LIVE_CLOSE_UNAUTHORIZED || event.code === LIVE_CLOSE_TOO_MANY_SOCKETS || users === 0)
      return;
    const pause = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)] ?? 10_000;
    attempt += 1;
    retryTimer = setTimeout(connect, pause);
  };
}

function release() {
  users -= 1;
  if (users > 0) return;
  // A page change unmounts one user and mounts the next: keep the socket through it.
  idleTimer = setTimeout(() => {
    if (users > 0) return;
    clearTimeout(retryTimer);
    const ws = socket;
    socket = null;
    ws?.close();
    setStatus('idle');
  }, IDLE_CLOSE_MS);
}

function retain(queryClient: QueryClient) {
  cache = queryClient;
  users += 1;
  clearTimeout(idleTimer);
  if (!socket && status !== 'connecting') connect();
}

/**
 * Keeps the tab's socket open while the calling component is mounted (and `enabled`: the header
 * holds it only for a user who may see devices); returns its status.
 */
export function useLive(queryClient: QueryClient, enabled = true): LiveStatus {
  useEffect(() => {
    if (!enabled) return;
    retain(queryClient);
    return release;
  }, [queryClient, enabled]);
  return useSyncExternalStore(
    (onChange) => {
      statusListeners.add(onChange);
      return () => statusListeners.delete(onChange);
    },
    () => status,
  );
}

/** Closes the socket now and forgets queued messages (signing out, switching company). */
export function stopLive(): void {
  clearTimeout(retryTimer);
  clearTimeout(idleTimer);
  outbox.length = 0;
  const ws = socket;
  socket = null;
  ws?.close();
  setStatus('idle');
}

/** Every message from the server, as it arrives; returns the unsubscribe function. */
export function onLiveMessage(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sends now, or as soon as the socket is open again. */
export function sendLive(message: LiveClientMessage): void {
  // 'open' is set once the ticket went out: nothing may precede it on the socket.
  if (socket && status === 'open' && socket.readyState === WebSocket.OPEN)
    socket.send(JSON.stringify(message));
  else outbox.push(message);
}
