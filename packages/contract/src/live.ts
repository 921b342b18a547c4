import { z } from 'zod';
import { RpcStateSchema } from './device/rpc.ts';

/**
 * The console's live WebSocket (`GET {apiPrefix}/ws?ticket=<signed ticket header>`). The server
 * pushes the company's device presence and RPC progress, and carries CLI sessions: the browser
 * sends one command line at a time, the server runs it as a `cli` RPC on the device and sends the
 * answer back. Every message is one JSON object with a `type`.
 */

export const LIVE_PATH = '/ws';
/** Query parameter carrying the signed ticket header (browsers cannot set headers on a WebSocket). */
export const LIVE_TICKET_PARAM = 'ticket';
/** Close code when the ticket is refused; the reason is the catalogue code. */
export const LIVE_CLOSE_UNAUTHORIZED = 4401;
/** Longest a CLI line waits for the device's answer. */
export const LIVE_CLI_TIMEOUT_SECONDS = 30;

const Sn = z.string().trim().min(1).max(64);
const CliSessionId = z.string().min(1).max(64);

/** Browser -> server. */
export const LiveClientMessageSchema = z.discriminatedUnion('type', [
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

/** Server -> browser. */
export const LiveServerMessageSchema = z.discriminatedUnion('type', [
  /** The ticket was accepted; events of this company follow. */
  z.object({ type: z.literal('ready'), companyId: z.number().int().nullable() }),
  z.object({ type: z.literal('pong') }),
  LivePresenceSchema,
  z.object({
    type: z.literal('device.hello'),
    sn: z.string(),
    model: z.string(),
    series: z.string(),
    firmwareVersion: z.string().nullable(),
  }),
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
