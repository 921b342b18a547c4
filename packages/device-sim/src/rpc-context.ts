import type { UpKind, UpMessageOf } from '@fleetport/contract';
import type { Wait } from './cli-shell.ts';
import type { EndpointPoller } from './modbus-poller.ts';
import type { RouterState } from './router-state.ts';

/** Switches that make a simulated device misbehave, changeable while it runs. */
export interface Behaviour {
  /** Extra delay before every final RPC reply (answer late, e.g. past the deadline). */
  replyDelayMs: number;
  /** The next firmware/app install or config apply fails with this update error code (0-16). */
  failNextUpdateWith: number | null;
  /** Receive commands but never answer them. */
  ignoreRpc: boolean;
  /** Updates accept and report pending, then go silent: no progress, no reply (the cloud times them out). */
  hangUpdates: boolean;
  /** The new firmware does not boot: after the update's reboot the router comes back on its old image. */
  fallBackOnReboot: boolean;
  /** Drop the connection of the next package download after this many bytes (the download resumes). */
  interruptDownloadAfterBytes: number | null;
}

export const DEFAULT_BEHAVIOUR: Behaviour = {
  replyDelayMs: 0,
  failNextUpdateWith: null,
  ignoreRpc: false,
  hangUpdates: false,
  fallBackOnReboot: false,
  interruptDownloadAfterBytes: null,
};

/** What an RPC handler may do with its device. */
export interface RpcContext {
  state: RouterState;
  rpcId: string;
  behaviour: Behaviour;
  /** Waits simulated time (scaled by the device's time scale). */
  wait: Wait;
  publish<K extends UpKind>(kind: K, message: UpMessageOf<K>): void;
  /** Sends the `inExecution` acknowledgement of a long command. */
  acknowledge(): void;
  /** Goes offline as a reboot does, boots, reconnects; resolves once online again. */
  reboot(reason: 'reboot' | 'update'): Promise<void>;
  /** Reconnects (e.g. with a new keep-alive) after the reply is out. */
  reconnectSoon(): void;
  /** The uplink fails (the connection dies without a goodbye) and comes back after `ms` of simulated time. */
  loseUplink(ms: number): void;
  /** The Modbus endpoints the gateway polls. */
  endpoints: EndpointPoller;
  /** Real milliseconds per simulated millisecond (1 in real life, smaller in tests). */
  timeScale: number;
  /** Real HTTP downloads/uploads of signed URLs (off in unit tests). */
  transfers: boolean;
}

/** Thrown by a handler: the device replies `failure` with this code. */
export class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}
