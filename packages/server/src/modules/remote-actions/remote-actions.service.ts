import {
  type DeviceRow,
  ErrorCode,
  type RemoteAction,
  type RpcMethod,
  SERIAL_PORT_HOLD_MINUTES,
  TIMER_MIN_LEAD_MINUTES,
  UPDATE_MIN_GAP_MINUTES,
} from '@fleetport/contract';
import type { AppDeps } from '../../app.ts';
import type { RpcCommandRow } from '../../gateway/rpc.store.ts';
import { AppError } from '../../platform/errors.ts';
import { getCompanyDevice } from '../devices/device-list.store.ts';

/**
 * Remote actions go to the device as RPC commands through the gateway's RPC service. The console gets
 * the command id at once and follows its state; the rules the cloud checks first live here.
 */

const MINUTE = 60_000;

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

/** Timers must start 15 minutes from now (120074) and be 15 minutes apart from each other (120072). */
export function checkTimers(timers: readonly { at: number }[], now: number): void {
  if (timers.some((t) => t.at - now < TIMER_MIN_LEAD_MINUTES * MINUTE))
    throw new AppError(ErrorCode.TIMER_TOO_SOON);
  const times = timers.map((t) => t.at).sort((a, b) => a - b);
  for (let i = 1; i < times.length; i++) {
    if (times[i]! - times[i - 1]! < UPDATE_MIN_GAP_MINUTES * MINUTE)
      throw new AppError(ErrorCode.UPDATE_TOO_SOON);
  }
}

export function createRemoteActions(deps: AppDeps) {
  const { db, clock } = deps;

  async function capabilitiesOf(sn: string): Promise<unknown> {
    const row = await db.selectFrom('device').select('capabilities').where('sn', '=', sn).executeTakeFirst();
    return row?.capabilities ?? {};
  }

  /** The device of the company, online; 120052 otherwise (`offlineCode` lets a data request say 120023). */
  async function onlineDevice(
    companyId: number,
    sn: string,
    offlineCode: number = ErrorCode.DEVICE_OFFLINE_OPERATION,
  ): Promise<DeviceRow> {
    const device = await getCompanyDevice(db, companyId, sn);
    if (!device.online || !deps.gateway) throw new AppError(offlineCode, sn);
    return device;
  }

  async function send(
    companyId: number,
    sn: string,
    method: RpcMethod,
    params: unknown,
    deadlineSeconds?: number,
  ): Promise<RemoteAction> {
    if (!deps.gateway) throw new AppError(ErrorCode.DEVICE_OFFLINE_OPERATION, sn);
    const [row] = await deps.gateway.rpc.send({ companyId, sns: [sn], method, params, deadlineSeconds });
    if (!row) throw new AppError(ErrorCode.INTERNAL_ERROR);
    return toRemoteAction(row);
  }

  /** Sends when the device is online and holds what the action needs. */
  async function act(
    companyId: number,
    sn: string,
    method: RpcMethod,
    params: unknown,
    needs?: { capability?: string; licence?: boolean; deadlineSeconds?: number },
  ): Promise<RemoteAction> {
    if (needs?.capability) {
      // What a device cannot do at all is the better answer than "offline" once its capabilities are
      // known (from a hello); a device never heard from is checked again once it is online.
      const caps = await capabilitiesOf(sn);
      const known = !!caps && typeof caps === 'object' && Object.keys(caps).length > 0;
      if (known && !capability({ capabilities: caps }, needs.capability)) {
        await getCompanyDevice(db, companyId, sn);
        throw new AppError(ErrorCode.PARTIAL_UNSUPPORTED);
      }
    }
    const device = await onlineDevice(companyId, sn);
    if (needs?.licence && device.licenceLevel === 'BASE') throw new AppError(ErrorCode.BASIC_LICENCE_UPGRADE);
    if (needs?.capability && !capability({ capabilities: await capabilitiesOf(sn) }, needs.capability))
      throw new AppError(ErrorCode.PARTIAL_UNSUPPORTED);
    return send(companyId, sn, method, params, needs?.deadlineSeconds);
  }

  return {
    act,
    onlineDevice,
    send,
    async timers(companyId: number, sn: string, timers: { action: string; at: number; repeat: string }[]) {
      checkTimers(timers, clock.now().getTime());
      const list = timers.map((t, i) => ({ id: `t${i + 1}`, ...t }));
      return act(companyId, sn, 'timers', { action: 'set', timers: list });
    },
    async serialPort(
      companyId: number,
      input: {
        sn: string;
        action: 'open' | 'write' | 'read' | 'close';
        port: number;
        baudRate: number;
        data?: string;
        abnormal: boolean;
      },
    ) {
      const { sn, port } = input;
      const device = await onlineDevice(companyId, sn);
      const ports = Number(capability({ capabilities: await capabilitiesOf(sn) }, 'comPorts') ?? 0);
      if (port > ports) throw new AppError(ErrorCode.PARTIAL_UNSUPPORTED);
      const now = clock.now();
      if (input.action === 'open') {
        const hold = await db
          .selectFrom('serial_port_hold')
          .select('held_until')
          .where('sn', '=', device.sn)
          .where('port', '=', port)
          .executeTakeFirst();
        if (hold && hold.held_until > now) throw new AppError(ErrorCode.SERIAL_PORT_BUSY);
      }
      if (input.action === 'close') {
        // A window closed abnormally may leave a session on the device: keep others out for 5 minutes.
        if (input.abnormal) {
          const heldUntil = new Date(now.getTime() + SERIAL_PORT_HOLD_MINUTES * MINUTE);
          await db
            .insertInto('serial_port_hold')
            .values({ sn, port, held_until: heldUntil })
            .onConflict((oc) => oc.columns(['sn', 'port']).doUpdateSet({ held_until: heldUntil }))
            .execute();
        } else {
          await db.deleteFrom('serial_port_hold').where('sn', '=', sn).where('port', '=', port).execute();
        }
      }
      const { abnormal: _abnormal, sn: _sn, ...params } = input;
      return send(companyId, sn, 'serialPort', params);
    },
    /** A syslog request while another one for the device still runs is 120008 "do not repeat". */
    async requestSyslog(companyId: number, sn: string, lines: number) {
      await onlineDevice(companyId, sn, ErrorCode.DEVICE_OFFLINE);
      const pending = await db
        .selectFrom('rpc_command')
        .select('id')
        .where('sn', '=', sn)
        .where('method', '=', 'syslog')
        .where('state', '=', 'inExecution')
        .where('deadline', '>', clock.now())
        .executeTakeFirst();
      if (pending) throw new AppError(ErrorCode.DO_NOT_REPEAT);
      return send(companyId, sn, 'syslog', { action: 'tail', lines });
    },
  };
}

export type RemoteActions = ReturnType<typeof createRemoteActions>;
