import {
  parseRpcParams,
  type ReplyMessage,
  RPC_ERROR,
  RPC_METHODS,
  type RpcMethod,
  RpcRequestSchema,
} from '@fleetport/contract';
import type { SimulatedDevice } from './device.ts';
import { type RpcContext, RpcFailure } from './rpc-context.ts';
import { HANDLERS, type Handler } from './rpc-handlers.ts';

/** How many answered ids a device remembers, to answer a re-delivered command without running it again. */
const REMEMBERED_REPLIES = 100;

/** Receives `down/rpc` payloads of one device and answers them by the rules of docs §7.2. */
export class RpcRunner {
  private readonly replies = new Map<string, ReplyMessage>();
  private readonly running = new Set<string>();

  constructor(private readonly device: SimulatedDevice) {}

  async receive(payload: string): Promise<void> {
    let json: { id?: unknown; method?: unknown };
    try {
      json = JSON.parse(payload);
    } catch {
      return;
    }
    const id = typeof json.id === 'string' ? json.id : null;
    if (!id) return;
    if (!(RPC_METHODS as unknown[]).includes(json.method)) {
      this.finish(id, { code: RPC_ERROR.unknownMethod, message: `Unknown method ${String(json.method)}` });
      return;
    }
    const request = RpcRequestSchema.safeParse(json);
    if (!request.success) {
      this.finish(id, { code: RPC_ERROR.invalidParams, message: 'Malformed command' });
      return;
    }
    const { method, params, deadline } = request.data;
    this.device.noteRpc(request.data);
    if (this.device.behaviour.ignoreRpc) return;
    const known = this.replies.get(id);
    if (known) {
      this.device.publish('reply', { ...known, ts: Date.now() });
      return;
    }
    // Sent again (after a reconnect) while it runs: say it arrived, run it once (§7.2).
    if (this.running.has(id)) {
      this.device.publish('reply', { type: 'reply', ts: Date.now(), id, state: 'inExecution' });
      return;
    }
    if (deadline < Date.now()) {
      this.finish(id, { code: RPC_ERROR.expired, message: 'The command arrived after its deadline' });
      return;
    }
    const parsed = parseRpcParams(method, params);
    if (!parsed.success) {
      const where = parsed.error.issues.map((i) => i.path.join('.') || 'params').join(', ');
      this.finish(id, { code: RPC_ERROR.invalidParams, message: `Invalid parameters: ${where}` });
      return;
    }
    this.running.add(id);
    try {
      const result = await this.run(id, method, parsed.data);
      await delay(this.device.behaviour.replyDelayMs);
      this.finish(id, undefined, result);
    } catch (error) {
      await delay(this.device.behaviour.replyDelayMs);
      if (error instanceof RpcFailure) this.finish(id, { code: error.code, message: error.message });
      else
        this.finish(id, {
          code: RPC_ERROR.failed,
          message: error instanceof Error ? error.message : String(error),
        });
    } finally {
      this.running.delete(id);
    }
  }

  private run(id: string, method: RpcMethod, params: unknown): Promise<unknown> {
    const device = this.device;
    let acknowledged = false;
    const ctx: RpcContext = {
      state: device.state,
      rpcId: id,
      behaviour: device.behaviour,
      wait: device.wait,
      publish: (kind, message) => device.publish(kind, message),
      acknowledge: () => {
        if (acknowledged) return;
        acknowledged = true;
        device.publish('reply', { type: 'reply', ts: Date.now(), id, state: 'inExecution' });
      },
      reboot: (reason) => device.reboot(reason),
      reconnectSoon: () => {
        setTimeout(() => void device.reconnect(), 200);
      },
      loseUplink: (ms) => device.drop({ offlineForMs: ms * (device.options.timeScale ?? 1) }),
      timeScale: device.options.timeScale ?? 1,
      endpoints: device.endpoints,
      transfers: device.options.transfers ?? false,
    };
    return (HANDLERS[method] as Handler<RpcMethod>)(ctx, params as never);
  }

  private finish(id: string, error?: { code: number; message: string }, result?: unknown): void {
    const reply: ReplyMessage = error
      ? { type: 'reply', ts: Date.now(), id, state: 'failure', error }
      : { type: 'reply', ts: Date.now(), id, state: 'success', result };
    this.replies.set(id, reply);
    if (this.replies.size > REMEMBERED_REPLIES)
      this.replies.delete(this.replies.keys().next().value as string);
    this.device.stats.rpcAnswered++;
    this.device.publish('reply', reply);
  }
}

const delay = (ms: number) => (ms > 0 ? new Promise<void>((r) => setTimeout(r, ms)) : Promise.resolve());
