import {
  type DeviceRow,
  ErrorCode,
  type LicenceFeature,
  type RemoteAction,
  type RpcMethod,
  type Timer,
  timerProblems,
} from '@fleetport/contract';
import type { RpcCommandRow } from '../../gateway/rpc.store.ts';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { type Actor, type CompanyScope, owningCompany, owningScope } from '../../platform/auth/actor.ts';
import { AppError } from '../../platform/errors.ts';
import { getCompanyDevice } from '../devices/device-list.store.ts';
import { assertDeviceAllows } from '../licences/entitlements.ts';
import { createSerialPorts, type SerialPortInput } from './serial-ports.ts';

/**
 * Remote actions go to the device as RPC commands through the gateway's RPC service. The console gets
 * the command id at once and follows its state; the rules the cloud checks first live here. A command
 * is a write: it is filed under the scope's one owning company (a set of companies is refused, 5), and
 * the device is looked for in that company alone.
 */

/** How long a serial port or timer list request waits for the device's answer. */
const ANSWER_WAIT_MS = 5_000;

export function toRemoteAction(row: RpcCommandRow): RemoteAction {
  return {
    rpcId: row.id,
    sn: row.sn,
    method: row.method,
    state: row.state,
    delivered: row.delivered_at !== null,
    result: withoutPcap(row.result ?? null),
    error: row.error ?? null,
    createdAt: row.created_at.getTime(),
    deadline: row.deadline.getTime(),
  };
}

/**
 * A capture's pcap travels in its result; the states the console polls say only that a file is there
 * (`hasFile`), the file itself comes from the capture file call.
 */
function withoutPcap(result: unknown): unknown {
  if (!result || typeof result !== 'object' || !('pcapBase64' in result)) return result;
  const { pcapBase64, ...rest } = result as { pcapBase64: unknown };
  return { ...rest, hasFile: typeof pcapBase64 === 'string' };
}

/** A capability flag of the device's devcfg, read loosely: devices report what they have. */
export function capability(device: { capabilities?: unknown }, key: string): unknown {
  const caps = device.capabilities;
  return caps && typeof caps === 'object' ? (caps as Record<string, unknown>)[key] : undefined;
}

/**
 * Timers must start 15 minutes from now (120074) and run 15 minutes apart from each other (120072),
 * every run of a repeating one included; the console checks the same with the same function.
 */
export function checkTimers(timers: readonly Pick<Timer, 'at' | 'repeat'>[], now: number): void {
  const problems = timerProblems(timers, now);
  const first = problems.find((p) => p.code === ErrorCode.TIMER_TOO_SOON) ?? problems[0];
  if (first) throw new AppError(first.code);
}

export function createRemoteActions(deps: ModuleDeps<'clock' | 'db' | 'gateway'>) {
  const { db, clock } = deps;

  async function capabilitiesOf(sn: string): Promise<unknown> {
    const row = await db.selectFrom('device').select('capabilities').where('sn', '=', sn).executeTakeFirst();
    return row?.capabilities ?? {};
  }

  /** The device of the scope, online; 120052 otherwise (`offlineCode` lets a data request say 120023). */
  async function onlineDevice(
    scope: CompanyScope,
    sn: string,
    offlineCode: number = ErrorCode.DEVICE_OFFLINE_OPERATION,
  ): Promise<DeviceRow> {
    const device = await getCompanyDevice(db, scope, sn);
    if (!device.online || !deps.gateway) throw new AppError(offlineCode, sn);
    return device;
  }

  async function send(
    scope: CompanyScope,
    sn: string,
    method: RpcMethod,
    params: unknown,
    deadlineSeconds?: number,
  ): Promise<RemoteAction> {
    const companyId = owningCompany(scope);
    if (!deps.gateway) throw new AppError(ErrorCode.DEVICE_OFFLINE_OPERATION, sn);
    const [row] = await deps.gateway.rpc.send({ companyId, sns: [sn], method, params, deadlineSeconds });
    if (!row) throw new AppError(ErrorCode.INTERNAL_ERROR);
    return toRemoteAction(row);
  }

  /** Sends when the device is online and holds what the action needs. */
  async function act(
    scope: CompanyScope,
    sn: string,
    method: RpcMethod,
    params: unknown,
    needs?: { capability?: string; feature?: LicenceFeature; deadlineSeconds?: number },
  ): Promise<RemoteAction> {
    const owner = owningScope(scope);
    if (needs?.capability) {
      // What a device cannot do at all is the better answer than "offline" once its capabilities are
      // known (from a hello); a device never heard from is checked again once it is online.
      const caps = await capabilitiesOf(sn);
      const known = !!caps && typeof caps === 'object' && Object.keys(caps).length > 0;
      if (known && !capability({ capabilities: caps }, needs.capability)) {
        await getCompanyDevice(db, owner, sn);
        throw new AppError(ErrorCode.PARTIAL_UNSUPPORTED);
      }
    }
    await onlineDevice(owner, sn);
    // What the device's licence includes (contract LEVEL_ENTITLEMENTS): 120095 on Basic.
    if (needs?.feature) await assertDeviceAllows(deps, owner, sn, needs.feature);
    if (needs?.capability && !capability({ capabilities: await capabilitiesOf(sn) }, needs.capability))
      throw new AppError(ErrorCode.PARTIAL_UNSUPPORTED);
    return send(owner, sn, method, params, needs?.deadlineSeconds);
  }

  /**
   * Waits a few seconds for the device's answer, so a serial read or a timer list is one request for
   * the console; an answer later than that is followed like any other action.
   */
  async function settled(sent: RemoteAction): Promise<RemoteAction> {
    if (!deps.gateway || sent.state !== 'inExecution') return sent;
    const [row] = await deps.gateway.rpc.waitForResults([sent.rpcId], ANSWER_WAIT_MS);
    return row ? toRemoteAction(row) : sent;
  }

  const serial = createSerialPorts(deps, { onlineDevice, capabilitiesOf, send, settled });

  return {
    act,
    onlineDevice,
    send,
    async timers(scope: CompanyScope, sn: string, timers: Timer[]) {
      checkTimers(timers, clock.now().getTime());
      const list = timers.map((t, i) => ({ id: `t${i + 1}`, ...t }));
      return act(scope, sn, 'timers', { action: 'set', timers: list });
    },
    /** The list comes back in the same request when the device answers within a few seconds. */
    async listTimers(scope: CompanyScope, sn: string) {
      return settled(await act(scope, sn, 'timers', { action: 'list' }));
    },
    serialPort: (actor: Actor, input: SerialPortInput) =>
      serial.use(owningScope(actor.scope), actor.userId, input),
    /** A syslog request while another one for the device still runs is 120008 "do not repeat". */
    async requestSyslog(scope: CompanyScope, sn: string, lines: number) {
      const owner = owningScope(scope);
      await onlineDevice(owner, sn, ErrorCode.DEVICE_OFFLINE);
      const pending = await db
        .selectFrom('rpc_command')
        .select('id')
        .where('sn', '=', sn)
        .where('method', '=', 'syslog')
        .where('state', '=', 'inExecution')
        .where('deadline', '>', clock.now())
        .executeTakeFirst();
      if (pending) throw new AppError(ErrorCode.DO_NOT_REPEAT);
      return send(owner, sn, 'syslog', { action: 'tail', lines });
    },
  };
}

export type RemoteActions = ReturnType<typeof createRemoteActions>;
