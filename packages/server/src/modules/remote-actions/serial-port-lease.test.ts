import { type CallInput, ErrorCode, errorMessage, serialPortCall } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { addUser, defaultRoles } from '../../../test/people.ts';
import { asOwner, companyOwner, type Owner } from '../devices/device-test-kit.ts';
import { type SimulatedFleet, startSimulatedFleet } from '../devices/simulated-device-kit.ts';

/** A serial port is leased to the console that opened it; colleagues of the same company get 120069. */

let fleet: SimulatedFleet;
let t: TestApp;
let acme: Owner;
let colleague: Owner;
/** The owner's lease of port 1, opened by the first test. */
let firstLease = '';
const SN = 'SL0001';
const MINUTE = 60_000;
const base64 = (text: string) => Buffer.from(text, 'latin1').toString('base64');

const serial = (who: Owner, input: CallInput<typeof serialPortCall>) => who.run(serialPortCall, input);

/** The serial commands sent to the device so far: a refused call must add none. */
async function commandsSent(): Promise<number> {
  const row = await t.deps.db
    .selectFrom('rpc_command')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('sn', '=', SN)
    .where('method', '=', 'serialPort')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function readText(who: Owner, port: number, lease: string | undefined): Promise<string> {
  const read = await serial(who, { sn: SN, action: 'read', port, lease });
  expect(read.data?.state).toBe('success');
  const data = (read.data?.result as { data?: string } | null)?.data ?? '';
  return Buffer.from(data, 'base64').toString('latin1');
}

async function open(who: Owner, port: number): Promise<string> {
  const opened = await serial(who, { sn: SN, action: 'open', port });
  expect(opened.data?.state).toBe('success');
  expect(opened.data?.lease).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return opened.data?.lease ?? '';
}

beforeAll(async () => {
  fleet = await startSimulatedFleet();
  t = fleet.t;
  acme = await companyOwner(t, 'Acme Lease', 'owner@acme-lease.test');
  const roles = await defaultRoles(t, acme.companyId);
  const account = 'admin@acme-lease.test';
  const userId = await addUser(acme, { account, roleId: roles.administrator });
  colleague = asOwner(await signIn(t, account), { companyId: acme.companyId, userId, account });

  await fleet.connect(acme, SN, 'meg5000', 'MEG5000');
}, 60_000);
afterAll(() => fleet?.close());

describe('serial port lease', () => {
  it('refuses a colleague of the same company who writes, reads or closes a port someone else opened (120069), sending nothing', async () => {
    const lease = await open(acme, 1);
    firstLease = lease;
    const before = await commandsSent();
    const busy = { code: ErrorCode.SERIAL_PORT_BUSY, msg: errorMessage(ErrorCode.SERIAL_PORT_BUSY, 'en') };
    const write = { sn: SN, port: 1, data: base64('READ\n') };
    expect(await serial(colleague, { ...write, action: 'write' })).toMatchObject(busy);
    expect(await serial(colleague, { sn: SN, action: 'read', port: 1 })).toMatchObject(busy);
    expect(await serial(colleague, { sn: SN, action: 'close', port: 1 })).toMatchObject(busy);
    expect(await serial(colleague, { sn: SN, action: 'close', port: 1, abnormal: true })).toMatchObject(busy);
    // A lease of someone else's is no lease either, even the holder's own token in another user's hands.
    const forged = 'A'.repeat(43);
    expect(await serial(colleague, { ...write, action: 'write', lease: forged })).toMatchObject(busy);
    expect(await serial(colleague, { ...write, action: 'write', lease })).toMatchObject(busy);
    expect(await serial(colleague, { sn: SN, action: 'open', port: 1 })).toMatchObject(busy);
    // The holder's own calls without the lease are refused the same way.
    expect(await serial(acme, { sn: SN, action: 'close', port: 1 })).toMatchObject(busy);
    expect(await commandsSent()).toBe(before);

    // The port stayed open for its holder, and none of the colleague's bytes reached the line.
    expect(await readText(acme, 1, lease)).toBe('');
    expect(
      (await serial(acme, { sn: SN, action: 'write', port: 1, data: base64('ATI\r'), lease })).code,
    ).toBe(0);
    expect(await readText(acme, 1, lease)).toBe('ATI\r\nFP-METER SL0001 COM1 9600 8N1\r\n');
  });

  it('keeps the lease hashed with its holder, and lets the holder close, after which a colleague may open', async () => {
    const held = await t.deps.db
      .selectFrom('serial_port_hold')
      .select(['holder_user_id', 'lease_hash'])
      .where('sn', '=', SN)
      .where('port', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(held.holder_user_id)).toBe(acme.userId);
    expect(held.lease_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(held.lease_hash).not.toBe(firstLease);

    const closed = await serial(acme, { sn: SN, action: 'close', port: 1, lease: firstLease });
    expect(closed.data?.state).toBe('success');
    const theirs = await open(colleague, 1);
    // The closed lease is worth nothing now, not even to its former holder.
    expect((await serial(acme, { sn: SN, action: 'read', port: 1, lease: firstLease })).code).toBe(
      ErrorCode.SERIAL_PORT_BUSY,
    );
    expect(await readText(colleague, 1, theirs)).toBe('');
    expect((await serial(colleague, { sn: SN, action: 'close', port: 1, lease: theirs })).code).toBe(0);
  });

  it('lets another user open once a lease ran out, and the old lease no longer works', async () => {
    const stale = await open(colleague, 2);
    t.clock.advance(4 * MINUTE);
    expect((await serial(acme, { sn: SN, action: 'open', port: 2 })).code).toBe(ErrorCode.SERIAL_PORT_BUSY);
    t.clock.advance(MINUTE + 1000);
    const fresh = await open(acme, 2);
    expect((await serial(colleague, { sn: SN, action: 'read', port: 2, lease: stale })).code).toBe(
      ErrorCode.SERIAL_PORT_BUSY,
    );
    expect(await readText(acme, 2, fresh)).toBe('');
    expect((await serial(acme, { sn: SN, action: 'close', port: 2, lease: fresh })).data?.state).toBe(
      'success',
    );
  });
});
