import { z } from 'zod';
import { ChangeSetStateSchema } from './enums/device-config.ts';
import { ProvisioningStateSchema } from './enums/device-templates.ts';
import { RolloutStateSchema } from './enums/rollouts.ts';
import { RpcStateSchema } from './enums/rpc.ts';

/**
 * The console's live WebSocket (`GET {apiPrefix}/ws?lang=en`). Its first message is `auth` with a
 * signed ticket header (browsers cannot set headers on a WebSocket, and a ticket in the URL would
 * end up in access logs). The server then pushes the company's device presence and RPC progress,
 * and carries CLI sessions: the browser sends one command line at a time, the server runs it as a
 * `cli` RPC on the device and sends the answer back. Every message is one JSON object with a `type`.
 * The socket closes with 4401 when the session ends (logout, a sign-in elsewhere, 4 hours, a
 * disabled user), its reason the catalogue code a call would answer.
 */

export const LIVE_PATH = '/ws';
/** Close code when the ticket is refused or the session ends; the reason is the catalogue code. */
export const LIVE_CLOSE_UNAUTHORIZED = 4401;
/** Close code of a session's oldest socket when it opens more than LIVE_SOCKETS_PER_SESSION. */
export const LIVE_CLOSE_TOO_MANY_SOCKETS = 4429;
/** A socket that has not sent `auth` within this time is closed (4401, reason 101). */
export const LIVE_AUTH_TIMEOUT_MS = 10_000;
/** Longest a CLI line waits for the device's answer. */
export const LIVE_CLI_TIMEOUT_SECONDS = 30;

const Sn = z.string().trim().min(1).max(64);
const CliSessionId = z.string().min(1).max(64);

/** Browser -> server. */
export const LiveClientMessageSchema = z.discriminatedUnion('type', [
  /** The first message: the signed `ticket` header, as a call would send it. */
  z.strictObject({ type: z.literal('auth'), ticket: z.string().max(512) }),
  z.strictObject({ type: z.literal('ping') }),
  /** Opens a CLI session on a device; answered with `cli.opened` or `error`. */
  z.strictObject({ type: z.literal('cli.open'), sn: Sn }),
  /** One command line of an open session. */
  z.strictObject({ type: z.literal('cli.input'), session: CliSessionId, line: z.string().max(1024) }),
  z.strictObject({ type: z.literal('cli.close'), session: CliSessionId }),
]);
export type LiveClientMessage = z.infer<typeof LiveClientMessageSchema>;

export const LivePresenceSchema = z.object({
  type: z.literal('device.presence'),
  sn: z.string(),
  online: z.boolean(),
  at: z.string(),
});

export const LiveRpcStateSchema = z.object({
  type: z.literal('rpc.state'),
  id: z.string(),
  sn: z.string(),
  method: z.string(),
  state: RpcStateSchema,
  delivered: z.boolean(),
});

/** States of a background job (server platform/jobs; `jobs.list` in api/jobs.ts). */
export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export const JobStateSchema = z.enum(JOB_STATES);
export type JobState = z.infer<typeof JobStateSchema>;

/** A job of the company changed state or progress; a job one person asked for goes to that person only. */
export const LiveJobProgressSchema = z.object({
  type: z.literal('job.progress'),
  id: z.number().int(),
  kind: z.string(),
  state: JobStateSchema,
  done: z.number(),
  total: z.number().nullable(),
  userId: z.number().int().optional(),
  /** The last attempt's error, while retrying or after failing for good. */
  error: z.string().optional(),
});

export const LiveHelloSchema = z.object({
  type: z.literal('device.hello'),
  sn: z.string(),
  model: z.string(),
  series: z.string(),
  firmwareVersion: z.string().nullable(),
});

/** Server -> browser. */
export const LiveServerMessageSchema = z.discriminatedUnion('type', [
  /** The ticket was accepted; events of this company follow. */
  z.object({ type: z.literal('ready'), companyId: z.number().int().nullable() }),
  z.object({ type: z.literal('pong') }),
  LivePresenceSchema,
  LiveHelloSchema,
  /**
   * Presence and hello updates, coalesced: at most one of each kind per device in a batch, and at
   * most one batch per LIVE_DEVICE_UPDATE_INTERVAL_MS, so a fleet reconnecting at once is a few
   * frames per console rather than thousands.
   */
  z.object({ type: z.literal('batch'), messages: z.array(z.union([LivePresenceSchema, LiveHelloSchema])) }),
  LiveRpcStateSchema,
  LiveJobProgressSchema,
  /** New device notifications for the company (one message per batch the gateway wrote). */
  z.object({
    type: z.literal('notifications.new'),
    count: z.number().int(),
    latestId: z.number().int(),
    /** The device of the newest one. */
    sn: z.string(),
    severities: z.array(z.string()),
  }),
  /**
   * The company's licences moved (an assignment, a grant, a renewal, an expiry): the balances and the
   * insufficient-licence banner refetch. Every console of the company hears it, whatever its permissions.
   */
  z.object({ type: z.literal('licences.changed') }),
  /**
   * The console channel of the event log (docs/decisions.md "Notification channels"): the company's new
   * events up to `cursor`, each alert message (one per rule and 30 s group) summed up for a live notice.
   */
  z.object({
    type: z.literal('events.new'),
    cursor: z.number().int(),
    messages: z.array(
      z.object({
        cursor: z.number().int(),
        type: z.string(),
        ruleName: z.string().nullable(),
        level: z.string().nullable(),
        devices: z.number().int(),
      }),
    ),
  }),
  /** Router alerts of the company changed (pending, firing, resolved, acknowledged): the alert centre, its badge and the dashboard refetch. */
  z.object({ type: z.literal('alerts.changed'), count: z.number().int() }),
  /** A rollout moved: a batch started, devices changed state, it paused, halted or completed. */
  z.object({ type: z.literal('rollouts.changed'), id: z.number().int(), state: RolloutStateSchema }),
  /** A device's configuration was changed on the device itself, or that drift ended. */
  z.object({ type: z.literal('deviceConfig.drift'), sn: z.string(), drifted: z.boolean() }),
  /** A change-set of a device's configuration changed state: the configuration page follows it. */
  z.object({
    type: z.literal('deviceConfig.changed'),
    sn: z.string(),
    id: z.string(),
    state: ChangeSetStateSchema,
  }),
  /** A router's zero-touch provisioning moved (a step started or ended, the run ended): its page refetches. */
  z.object({ type: z.literal('provisioning.changed'), sn: z.string(), state: ProvisioningStateSchema }),
  z.object({ type: z.literal('cli.opened'), session: CliSessionId, sn: z.string() }),
  /** The answer to one line: the device's output and exit code, or the catalogue code that refused it. */
  z.object({
    type: z.literal('cli.output'),
    session: CliSessionId,
    line: z.string(),
    output: z.string(),
    exitCode: z.number().int(),
    code: z.number().int(),
    msg: z.string(),
  }),
  z.object({ type: z.literal('cli.closed'), session: CliSessionId }),
  /** A refused message: catalogue code and localized message. */
  z.object({
    type: z.literal('error'),
    code: z.number().int(),
    msg: z.string(),
    session: CliSessionId.optional(),
  }),
]);
export type LiveServerMessage = z.infer<typeof LiveServerMessageSchema>;
export type LiveServerMessageType = LiveServerMessage['type'];
