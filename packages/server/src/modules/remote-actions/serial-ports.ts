import { createHash, randomBytes } from 'node:crypto';
import {
  type CallParsedInput,
  type DeviceRow,
  ErrorCode,
  type RemoteAction,
  RPC_ERROR,
  type RpcMethod,
  SERIAL_PORT_HOLD_MINUTES,
  type serialPortCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import type { CompanyScope } from '../../platform/auth/actor.ts';
import { AppError } from '../../platform/errors.ts';

export type SerialPortInput = CallParsedInput<typeof serialPortCall>;

/** What the serial ports borrow from the remote actions service. */
interface Sender {
  onlineDevice(scope: CompanyScope, sn: string): Promise<DeviceRow>;
  capabilitiesOf(sn: string): Promise<unknown>;
  send(scope: CompanyScope, sn: string, method: RpcMethod, params: unknown): Promise<RemoteAction>;
  settled(sent: RemoteAction): Promise<RemoteAction>;
}

const MINUTE = 60_000;

/** The port's answer, with the lease a successful open hands to its console. */
export type SerialPortAnswer = RemoteAction & { lease?: string };

const hashOf = (lease: string) => createHash('sha256').update(lease).digest('hex');

/**
 * The cloud decides who has a serial port (core §9). An open port is leased to the console that
 * opened it: `open` hands out a random token (stored hashed, with the user it went to) that the
 * console's reads, writes and close present; anyone else — a colleague of the same company included —
 * gets 120069 and nothing is sent to the device. The lease lasts 5 minutes, renewed by each read and
 * write (the console polls every second). A normal close ends it at once; an abnormal close (the
 * window was closed) — or a console that vanished without one — leaves the port occupied for 5
 * minutes, since the device may still be mid-session. Opening a held port is 120069.
 */
export function createSerialPorts(deps: ModuleDeps<'clock' | 'db' | 'gateway'>, sender: Sender) {
  const { db, clock } = deps;
  const leaseEnd = () => new Date(clock.now().getTime() + SERIAL_PORT_HOLD_MINUTES * MINUTE);
  const ofPort = (sn: string, port: number) =>
    db.selectFrom('serial_port_hold').where('sn', '=', sn).where('port', '=', port);

  /** Takes the port for a new lease when nobody holds it or the lease ran out; false when it is held. */
  async function take(sn: string, port: number, userId: number, lease: string): Promise<boolean> {
    const until = leaseEnd();
    const holder = { held_until: until, lease_hash: hashOf(lease), holder_user_id: userId };
    const taken = await db
      .insertInto('serial_port_hold')
      .values({ sn, port, ...holder })
      .onConflict((oc) =>
        oc
          .columns(['sn', 'port'])
          .doUpdateSet(holder)
          .where('serial_port_hold.held_until', '<=', clock.now()),
      )
      .returning('sn')
      .executeTakeFirst();
    return taken !== undefined;
  }

  /**
   * The caller's lease of the port, checked before anything reaches the device. A lease that ran out
   * still counts while nobody took the port since (the same console resumes); once another console
   * opened it, the row carries that console's lease instead.
   */
  async function checkLease(sn: string, port: number, userId: number, lease: string | undefined) {
    const row = await ofPort(sn, port).select(['lease_hash', 'holder_user_id']).executeTakeFirst();
    const holds =
      row !== undefined &&
      lease !== undefined &&
      row.lease_hash === hashOf(lease) &&
      Number(row.holder_user_id) === userId;
    if (!holds) throw new AppError(ErrorCode.SERIAL_PORT_BUSY);
  }

  /** Keeps the holder's lease for another 5 minutes (reads, writes, an abnormal close). */
  async function renew(sn: string, port: number): Promise<void> {
    await db
      .updateTable('serial_port_hold')
      .set({ held_until: leaseEnd() })
      .where('sn', '=', sn)
      .where('port', '=', port)
      .execute();
  }

  async function free(sn: string, port: number): Promise<void> {
    await db.deleteFrom('serial_port_hold').where('sn', '=', sn).where('port', '=', port).execute();
  }

  return {
    async use(scope: CompanyScope, userId: number, input: SerialPortInput): Promise<SerialPortAnswer> {
      const { sn, port, abnormal, lease, ...rest } = input;
      await sender.onlineDevice(scope, sn);
      const caps = await sender.capabilitiesOf(sn);
      const ports = Number((caps as { comPorts?: unknown } | null)?.comPorts ?? 0);
      if (port > ports) throw new AppError(ErrorCode.PARTIAL_UNSUPPORTED);
      const params = { ...rest, port };
      const run = async (action: SerialPortInput['action']) =>
        sender.settled(await sender.send(scope, sn, 'serialPort', { ...params, action }));

      if (input.action === 'open') {
        const granted = randomBytes(32).toString('base64url');
        if (!(await take(sn, port, userId, granted))) throw new AppError(ErrorCode.SERIAL_PORT_BUSY);
        let opened = await run('open');
        // The device still has a session the cloud no longer leases (its console vanished more than
        // 5 minutes ago): that session is over, close it and open anew.
        if (opened.state === 'failure' && (opened.error as { code?: number })?.code === RPC_ERROR.busy) {
          await run('close');
          opened = await run('open');
        }
        if (opened.state === 'failure' || opened.state === 'timeout') {
          await free(sn, port);
          return opened;
        }
        // Still in execution: the console follows the command and keeps the lease meanwhile.
        return { ...opened, lease: granted };
      }
      await checkLease(sn, port, userId, lease);
      if (input.action === 'close') {
        if (abnormal) await renew(sn, port);
        else await free(sn, port);
        return run('close');
      }
      await renew(sn, port);
      return run(input.action);
    },
  };
}
