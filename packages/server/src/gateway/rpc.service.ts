import { randomUUID } from 'node:crypto';
import {
  DEVICE_TIMING,
  downTopic,
  ErrorCode,
  parseRpcParams,
  type ReplyMessage,
  type RpcMethod,
  RpcMethodSchema,
  rpcRequest,
} from '@fleetport/contract';
import { findDeviceCompanies } from '../modules/devices/devices.store.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db, Tx } from '../platform/db/open.ts';
import { AppError } from '../platform/errors.ts';
import type { LiveHub } from '../platform/live/hub.ts';
import {
  expireRpcCommands,
  findQueuedDevices,
  findRpcCommands,
  finishRpcCommand,
  hasUnacknowledged,
  insertRpcCommands,
  markDelivered,
  markUnsent,
  nextRpcDeadline,
  type RpcCommandRow,
  takeUnsent,
  takeUnsentCommands,
} from './rpc.store.ts';
import { judgeHello, judgeSuccessReply, needsEvidence } from './update-evidence.ts';

export interface RpcServiceDeps {
  db: Db;
  clock: Clock;
  hub: LiveHub;
  /** Publishes to a device through the broker. */
  publish(topic: string, payload: string): Promise<void>;
  /**
   * The connection on which the device listens for commands now (it said `hello` on it), or null: a
   * command for a device without one waits in the queue until its next `hello`.
   */
  connectionOf(sn: string): Promise<string | null>;
  onError(error: unknown): void;
  /**
   * Commands the deadline just timed out (each once, on the node whose sweep timed it out), inside
   * the transaction that times them out: a follow-up enqueued here (a job) is never lost to a node
   * dying between the timeout and its news.
   */
  onTimedOut?(tx: Tx, rows: readonly RpcCommandRow[]): Promise<void>;
  /**
   * A device answered a command (its receipt or its final reply), once the answer is stored: modules
   * that follow their commands (configuration change-sets) move on here. A failure is logged, never
   * held against the device's message.
   */
  onAnswered?(row: RpcCommandRow): Promise<void>;
  /** Safety sweep for deadlines armed on other nodes (a node that stopped cannot time its own out). */
  sweepIntervalMs?: number;
  /**
   * This node is the only one sending commands (embedded broker): it remembers which devices have
   * queued commands, so a device connecting with nothing queued costs no query.
   */
  soleNode?: boolean;
}

export interface SendRpc {
  companyId: number;
  sns: readonly string[];
  method: RpcMethod;
  params?: unknown;
  /** Seconds from now; the command is timed out when the device has not answered by then. */
  deadlineSeconds?: number;
}

/** Longest wait a single timer can take (setTimeout overflows past 2^31-1 ms). */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * RPC to devices. A command is stored `inExecution` before anything is sent, so it survives a
 * restart; it is sent at once to a connected device or after the device's next `hello`. It counts as
 * delivered only when the device answers it (an `inExecution` receipt or its final reply); until then
 * it is sent again after every `hello` of a new connection, once per connection, until its deadline.
 * The final reply makes it `success` or `failure`; the deadline passing first makes it `timeout`.
 */
export function createRpcService(deps: RpcServiceDeps) {
  const { db, clock, hub } = deps;
  const waiters = new Map<string, Set<(row: RpcCommandRow) => void>>();
  let timer: NodeJS.Timeout | undefined;
  let armedAt = Number.POSITIVE_INFINITY;
  let sweeper: NodeJS.Timeout | undefined;
  let stopped = false;
  /** Devices that may have undelivered commands; null when other nodes may queue them too. */
  const queued: Set<string> | null = deps.soleNode ? new Set() : null;
  /**
   * Whether `queued` holds what the database had at start. Until then every device is asked: one that
   * says hello before the start has read the queue would otherwise be told it has nothing.
   */
  let queueLoaded = false;

  function announce(row: RpcCommandRow) {
    hub.publish('rpc.state', row.company_id, {
      id: row.id,
      sn: row.sn,
      method: row.method,
      state: row.state,
      delivered: row.delivered_at !== null,
    });
    if (row.state === 'inExecution') return;
    const listeners = waiters.get(row.id);
    waiters.delete(row.id);
    for (const listener of listeners ?? []) listener(row);
  }

  function arm(deadline: Date) {
    if (stopped || deadline.getTime() >= armedAt) return;
    if (timer) clearTimeout(timer);
    armedAt = deadline.getTime();
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, armedAt - clock.now().getTime()) + 5);
    timer = setTimeout(() => void expire(), delay);
    timer.unref();
  }

  async function sweep() {
    if (stopped) return;
    const expired = await db.transaction().execute(async (tx) => {
      const rows = await expireRpcCommands(tx, clock.now());
      if (rows.length > 0) await deps.onTimedOut?.(tx, rows);
      return rows;
    });
    for (const row of expired) announce(row);
  }

  /** The timer fired: time out what is due and arm for the next deadline. */
  async function expire() {
    timer = undefined;
    armedAt = Number.POSITIVE_INFINITY;
    try {
      await sweep();
      const next = stopped ? null : await nextRpcDeadline(db);
      if (next) arm(next);
    } catch (error) {
      deps.onError(error);
    }
  }

  async function publishCommand(row: RpcCommandRow): Promise<void> {
    const payload = rpcRequest(row.id, row.method as RpcMethod, row.params as never, row.deadline.getTime());
    try {
      await deps.publish(downTopic(row.sn, 'rpc'), JSON.stringify(payload));
      announce(row);
    } catch (error) {
      deps.onError(error);
      await markUnsent(db, row.id);
    }
  }

  /**
   * Sends the commands the device has not acknowledged and were not sent on `session` yet; called
   * after its `hello` (the device listens then). Commands just created go by `send` (takeUnsentCommands).
   */
  async function deliverQueued(sn: string, session: string): Promise<number> {
    if (queued && queueLoaded && !queued.has(sn)) return 0;
    const rows = await takeUnsent(db, sn, session, clock.now());
    for (const row of rows) await publishCommand(row);
    // Nothing unacknowledged left: stop asking at this device's next hello. Forget before asking:
    // a command queued meanwhile marks the device again after its insert.
    if (queued && queueLoaded && rows.length === 0) {
      queued.delete(sn);
      if (await hasUnacknowledged(db, sn, clock.now())) queued.add(sn);
    }
    return rows.length;
  }

  /** Creates one command per device; throws PARAMETER_ERROR for an unknown method or bad params. */
  async function send(request: SendRpc): Promise<RpcCommandRow[]> {
    const method = RpcMethodSchema.safeParse(request.method);
    if (!method.success)
      throw new AppError(ErrorCode.PARAMETER_ERROR, null, 200, 'method: unknown RPC method');
    const params = parseRpcParams(method.data, request.params ?? {});
    if (!params.success)
      throw new AppError(ErrorCode.PARAMETER_ERROR, null, 200, `params: ${params.error.message}`);
    const seconds = Math.min(
      request.deadlineSeconds ?? DEVICE_TIMING.defaultRpcDeadlineSeconds,
      DEVICE_TIMING.maxRpcDeadlineSeconds,
    );
    const companies = await findDeviceCompanies(db, request.sns);
    const foreign = request.sns.find((sn) => companies.get(sn) !== request.companyId);
    if (foreign) throw new AppError(ErrorCode.DEVICE_NOT_FOUND, foreign);
    const at = clock.now();
    const deadline = new Date(at.getTime() + seconds * 1000);
    const commands = request.sns.map((sn) => ({
      id: randomUUID(),
      companyId: request.companyId,
      sn,
      method: method.data,
      params: params.data,
      deadline,
      at,
    }));
    await insertRpcCommands(db, commands);
    for (const c of commands) queued?.add(c.sn);
    arm(deadline);
    // Each connected device gets its new command at once; the others at their next hello.
    const sessions = await Promise.all(commands.map((c) => deps.connectionOf(c.sn)));
    const online = commands.flatMap((c, i) => {
      const session = sessions[i];
      return session == null ? [] : [{ id: c.id, sn: c.sn, session }];
    });
    // (In slices: a statement takes at most 65,535 parameters, three per command.)
    for (let i = 0; i < online.length; i += 5000)
      for (const row of await takeUnsentCommands(db, online.slice(i, i + 5000), at))
        await publishCommand(row);
    return findRpcCommands(
      db,
      commands.map((c) => c.id),
    );
  }

  /**
   * A device's reply: any reply is the receipt (the command is delivered and not sent again); final
   * states are stored once, so a reply repeated after a lost acknowledgement changes nothing.
   */
  async function handleReply(sn: string, reply: ReplyMessage): Promise<void> {
    if (reply.state === 'inExecution') {
      const row = await markDelivered(db, reply.id, sn, clock.now());
      if (row) {
        announce(row);
        await followUp(row);
      }
      return;
    }
    let verdict: { state: 'success' | 'failure'; result: unknown; error: unknown } = {
      state: reply.state,
      result: reply.result,
      error: reply.error,
    };
    if (reply.state === 'success') {
      // A firmware install that reboots succeeds on the hello's version alone (update-evidence.ts).
      const [open] = await findRpcCommands(db, [reply.id]);
      if (open && open.sn === sn && needsEvidence(open)) {
        const judged = await judgeSuccessReply(db, open, reply);
        if (!judged) return;
        verdict = judged;
      }
    }
    const row = await finishRpcCommand(db, {
      id: reply.id,
      sn,
      state: verdict.state,
      result: verdict.result,
      error: verdict.error,
      at: clock.now(),
    });
    if (row) {
      announce(row);
      await followUp(row);
    }
  }

  async function followUp(row: RpcCommandRow): Promise<void> {
    try {
      await deps.onAnswered?.(row);
    } catch (error) {
      deps.onError(error);
    }
  }

  /** A hello is the evidence of a firmware install's outcome: the version it carries decides. */
  async function handleHello(sn: string, firmwareVersion: string | undefined): Promise<void> {
    if (!firmwareVersion) return;
    for (const { id, verdict } of await judgeHello(db, sn, firmwareVersion)) {
      const row = await finishRpcCommand(db, { id, sn, ...verdict, at: clock.now() });
      if (row) {
        announce(row);
        // The update's outcome, decided by the hello: what follows the command moves on (provisioning).
        await followUp(row);
      }
    }
  }

  /**
   * Waits until every command is final or `timeoutMs` passes; returns the rows as they are then.
   * Replies handled by another server node are seen by polling the database.
   */
  async function waitForResults(ids: readonly string[], timeoutMs: number): Promise<RpcCommandRow[]> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const rows = await findRpcCommands(db, ids);
      const running = rows.filter((r) => r.state === 'inExecution');
      const left = until - Date.now();
      if (running.length === 0 || left <= 0) return rows;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(poll);
          for (const r of running) waiters.get(r.id)?.delete(done);
          resolve();
        };
        const poll = setTimeout(done, Math.min(left, 500));
        for (const r of running) {
          const set = waiters.get(r.id) ?? new Set();
          waiters.set(r.id, set);
          set.add(done);
        }
      });
    }
  }

  return {
    send,
    deliverQueued,
    handleReply,
    handleHello,
    waitForResults,
    /** Times out what expired while the server was down and arms the timer for the rest. */
    async start() {
      if (queued) for (const sn of await findQueuedDevices(db, clock.now())) queued.add(sn);
      queueLoaded = true;
      await expire();
      sweeper = setInterval(() => sweep().catch(deps.onError), deps.sweepIntervalMs ?? 5000);
      sweeper.unref();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (sweeper) clearInterval(sweeper);
    },
  };
}

export type RpcService = ReturnType<typeof createRpcService>;
