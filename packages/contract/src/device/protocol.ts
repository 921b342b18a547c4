import { z } from 'zod';

/**
 * Version of the device protocol. A device states the version it speaks in `hello`. Additions
 * (new optional fields, new RPC methods, new event names) keep the number; the receiver ignores
 * what it does not know. Removing or changing the meaning of a field raises it.
 */
export const PROTOCOL_VERSION = 1;

/** MQTT keep-alive a device uses, in seconds (ARCHITECTURE §4). */
export const KEEPALIVE_SECONDS = { min: 60, max: 900, default: 120 } as const;
/**
 * A safe configuration change's confirm window (§7.5, issue 15): the device puts its previous
 * configuration back unless the cloud's `configConfirm` reaches it within this many seconds.
 */
export const CONFIRM_WINDOW_SECONDS = { min: 30, max: 900, default: 120 } as const;
export const ConfirmWindowSchema = z
  .number()
  .int()
  .min(CONFIRM_WINDOW_SECONDS.min)
  .max(CONFIRM_WINDOW_SECONDS.max)
  .default(CONFIRM_WINDOW_SECONDS.default);
export const KeepAliveSchema = z
  .number()
  .int('integer')
  .min(KEEPALIVE_SECONDS.min, 'minValue')
  .max(KEEPALIVE_SECONDS.max, 'maxValue');

/** Quality of service on every topic: at least once; receivers de-duplicate by message id or sequence. */
export const DEVICE_QOS = 1;

/** Timing rules shared by the gateway and devices. */
export const DEVICE_TIMING = {
  /** A claim proof is accepted this long either side of the cloud's clock. */
  claimProofWindowSeconds: 600,
  /** An RPC without an explicit deadline expires after this. */
  defaultRpcDeadlineSeconds: 60,
  /** The longest deadline the cloud gives an RPC (a command may wait for an offline device this long). */
  maxRpcDeadlineSeconds: 7 * 24 * 3600,
  /** Default telemetry period of a device. */
  telemetryPeriodSeconds: 60,
  /** A signed firmware/app download URL stays valid this long. */
  downloadUrlValiditySeconds: 3600,
} as const;

/** What one device connection may send the broker (docs/device-protocol.md §2). */
export const DEVICE_LIMITS = {
  /** Largest payload of one message: a configuration XML is the largest. */
  maxPayloadBytes: 2 * 1024 * 1024,
  /** Room for the topic, packet id and MQTT 5 properties on top of the payload. */
  packetOverheadBytes: 1024,
  /** A CONNECT holds ids, credentials and the presence will: a larger one is refused unread. */
  maxConnectBytes: 16 * 1024,
  /** A connection that has not completed its CONNECT this long after opening is closed. */
  connectTimeoutSeconds: 10,
} as const;

/** Milliseconds since the Unix epoch, as every `ts` and `deadline` of the protocol. */
export const EpochMsSchema = z.number().int().nonnegative();

/** An endpoint's id as the cloud names it: the endpoint manager's ID, 4-64 letters or digits (rules/products.ts). */
export const ProtocolEndpointIdSchema = z.string().regex(/^[A-Za-z0-9]{4,64}$/);
