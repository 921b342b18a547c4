import type { ChangeSetState, ProvisioningState, RolloutState } from '@fleetport/contract';

/**
 * The live hub: in-process publish/subscribe for what the console shows as it happens (presence,
 * RPC progress, ...). The web's WebSocket subscribes here and forwards a company's events to its
 * sessions. On PostgreSQL, `pg-bridge.ts` wraps it so that events also reach the other server
 * nodes (LISTEN/NOTIFY); on PGlite there is one process and events stay in it.
 */

/** Every event by name. A module adds its events to this map. */
export interface LiveEvents {
  /** A device came online or went offline (after flapping is debounced). */
  'device.presence': { sn: string; online: boolean; at: string };
  /** A device said hello: its versions or capabilities may have changed. */
  'device.hello': { sn: string; model: string; series: string; firmwareVersion: string | null };
  /** An RPC command changed state. */
  'rpc.state': {
    id: string;
    sn: string;
    method: string;
    state: 'inExecution' | 'success' | 'failure' | 'timeout';
    delivered: boolean;
  };
  /** The gateway wrote device notifications for the company (modules/device-notifications). */
  'notifications.new': { count: number; latestId: number; sn: string; severities: string[] };
  /**
   * A job of the company changed state or progress (platform/jobs). `userId` is set for a job one
   * person asked for: only that person's sockets receive it.
   */
  'job.progress': {
    id: number;
    kind: string;
    state: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
    done: number;
    total: number | null;
    userId?: number;
    error?: string;
    /** Absent, so listeners may read `data.sn` of any event (see `devices.reassigned`). */
    sn?: undefined;
  };
  /** The company's licences moved (modules/licences): the console's balances and banner refetch. */
  'licences.changed': { sn?: undefined };
  /** Router alerts of the company changed state (modules/alerts): how many changed in that sweep or call. */
  'alerts.changed': { count: number; sn?: undefined };
  /** The console channel's new events of the company (modules/notifications). */
  'events.new': {
    cursor: number;
    messages: {
      cursor: number;
      type: string;
      ruleName: string | null;
      level: string | null;
      devices: number;
      /** People who switched the console off for this message's category and level: their sockets skip it. */
      mutedUserIds?: number[];
    }[];
    sn?: undefined;
  };
  /** A change-set of a device's configuration changed state (modules/device-config). */
  'deviceConfig.changed': { sn: string; id: string; state: ChangeSetState };
  /** A rollout moved (modules/rollouts): a batch started, devices changed state, it stopped or ended. */
  'rollouts.changed': { id: number; state: RolloutState; sn?: undefined };
  /** A device's configuration drifted (changed on the device itself), or the drift ended. */
  'deviceConfig.drift': { sn: string; drifted: boolean };
  /** A router's zero-touch provisioning moved: a step started or ended, or the run ended (modules/device-templates). */
  'provisioning.changed': { sn: string; state: ProvisioningState };
  /**
   * Internal: devices moved to another company or were deleted, so every node's gateway forgets the
   * company it cached for them (device-directory.ts). The company is the one they left. `sn` stays
   * absent, so listeners may still read `data.sn` of any event when picking one device's news.
   */
  'devices.reassigned': { sns: string[]; sn?: undefined };
}

export type LiveEventName = keyof LiveEvents;

/**
 * Events between the server's own parts (and nodes), never for a browser: the hub gives them only to
 * listeners of every event, and a console socket always listens to one company.
 */
const INTERNAL_EVENTS: ReadonlySet<LiveEventName> = new Set<LiveEventName>(['devices.reassigned']);

function isInternalLiveEvent(name: LiveEventName): boolean {
  return INTERNAL_EVENTS.has(name);
}

export interface LiveEvent<K extends LiveEventName = LiveEventName> {
  name: K;
  /** The tenant the event belongs to; sockets only receive their own company's events. */
  companyId: number;
  data: LiveEvents[K];
}

export type LiveListener = (event: LiveEvent) => void;

export interface LiveHub {
  publish<K extends LiveEventName>(name: K, companyId: number, data: LiveEvents[K]): void;
  /** Listens to every event, or one company's (internal events excluded); returns the unsubscribe function. */
  subscribe(listener: LiveListener, companyId?: number): () => void;
}

export function createLiveHub(onListenerError: (error: unknown) => void = () => {}): LiveHub {
  const all = new Set<LiveListener>();
  const byCompany = new Map<number, Set<LiveListener>>();
  function deliver(listeners: Iterable<LiveListener> | undefined, event: LiveEvent) {
    if (!listeners) return;
    for (const listener of listeners) {
      // One broken socket must not stop the others from hearing the event.
      try {
        listener(event);
      } catch (error) {
        onListenerError(error);
      }
    }
  }
  return {
    publish(name, companyId, data) {
      const event = { name, companyId, data } as LiveEvent;
      deliver(all, event);
      if (!isInternalLiveEvent(name)) deliver(byCompany.get(companyId), event);
    },
    subscribe(listener, companyId) {
      if (companyId === undefined) {
        all.add(listener);
        return () => all.delete(listener);
      }
      const set = byCompany.get(companyId) ?? new Set();
      byCompany.set(companyId, set);
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) byCompany.delete(companyId);
      };
    },
  };
}
