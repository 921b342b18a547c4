import { z } from 'zod';
import type { Localized } from '../i18n.ts';
import { EpochMsSchema } from './protocol.ts';
import {
  RPC_DEFS,
  type RpcMethod,
  RpcMethodSchema,
  type RpcParamsInput,
  type RpcResult,
} from './rpc-methods.ts';

export { RPC_STATES, type RpcState, RpcStateSchema } from '../enums/rpc.ts';

/** Command id: chosen by the cloud, unique per device, echoed by the reply. */
export const RpcIdSchema = z.string().min(1).max(64);

/** `fp/{sn}/down/rpc`: one command. `deadline` is absolute (epoch ms). */
export const RpcRequestSchema = z.object({
  type: z.literal('rpc'),
  id: RpcIdSchema,
  method: RpcMethodSchema,
  /** Validated per method with `RPC_DEFS[method].params`; a device ignores fields it does not know. */
  params: z.record(z.string(), z.unknown()).default({}),
  deadline: EpochMsSchema,
});
export type RpcRequest = z.infer<typeof RpcRequestSchema>;

export function rpcRequest<M extends RpcMethod>(
  id: string,
  method: M,
  params: RpcParamsInput<M>,
  deadline: number,
): RpcRequest {
  return { type: 'rpc', id, method, params: params as Record<string, unknown>, deadline };
}

/** Parses the params of a request for its method (fills defaults). */
export function parseRpcParams<M extends RpcMethod>(method: M, params: unknown) {
  return RPC_DEFS[method].params.safeParse(params) as z.ZodSafeParseResult<
    z.infer<(typeof RPC_DEFS)[M]['params']>
  >;
}

export function parseRpcResult<M extends RpcMethod>(method: M, result: unknown) {
  return RPC_DEFS[method].result.safeParse(result) as z.ZodSafeParseResult<RpcResult<M>>;
}

export const RpcErrorSchema = z.object({
  code: z.number().int(),
  message: z.string().max(2000),
});
export type RpcError = z.infer<typeof RpcErrorSchema>;

/**
 * `fp/{sn}/up/reply`. `inExecution` is an optional acknowledgement for long commands (an update
 * acknowledges at once and replies finally after it rebooted); `success` carries `result`,
 * `failure` carries `error`. A reply for an id the cloud no longer waits for is ignored.
 */
export const ReplyMessageSchema = z
  .object({
    type: z.literal('reply'),
    ts: EpochMsSchema,
    id: RpcIdSchema,
    state: z.enum(['inExecution', 'success', 'failure']),
    result: z.unknown().optional(),
    error: RpcErrorSchema.optional(),
  })
  .refine((r) => r.state !== 'failure' || r.error !== undefined, { path: ['error'], message: 'required' });
export type ReplyMessage = z.infer<typeof ReplyMessageSchema>;

/**
 * Error codes of a failed RPC other than an update (updates use the codes 0-16 of `UPDATE_ERRORS`).
 * Starting at 100 keeps the two tables apart.
 */
export const RPC_ERRORS = [
  { code: 100, key: 'unknownMethod', en: 'The device does not know this command', cn: '设备不支持此命令' },
  { code: 101, key: 'invalidParams', en: 'Invalid command parameters', cn: '命令参数无效' },
  {
    code: 102,
    key: 'unsupported',
    en: 'The device has no hardware for this command',
    cn: '设备没有执行此命令的硬件',
  },
  {
    code: 103,
    key: 'busy',
    en: 'The device is busy with the same request, do not repeat',
    cn: '设备正在处理相同请求，请勿重复',
  },
  { code: 104, key: 'expired', en: 'The command arrived after its deadline', cn: '命令到达时已超过截止时间' },
  { code: 105, key: 'failed', en: 'The command failed on the device', cn: '命令在设备上执行失败' },
  { code: 106, key: 'notFound', en: 'The target does not exist on the device', cn: '设备上不存在该目标' },
  {
    code: 107,
    key: 'changeSetNotPending',
    en: 'The configuration change is no longer waiting for confirmation on the device (it was put back)',
    cn: '设备上的配置变更已不再等待确认（已恢复原配置）',
  },
] as const satisfies readonly ({ code: number; key: string } & Localized)[];

export const RPC_ERROR = Object.fromEntries(RPC_ERRORS.map((e) => [e.key, e.code])) as {
  [E in (typeof RPC_ERRORS)[number] as E['key']]: E['code'];
};

export function rpcErrorText(code: number): Localized | undefined {
  const found = RPC_ERRORS.find((e) => e.code === code);
  return found ? { en: found.en, cn: found.cn } : undefined;
}
