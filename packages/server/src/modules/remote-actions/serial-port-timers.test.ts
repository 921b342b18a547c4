import {
  addDeviceCall,
  type CallInput,
  ErrorCode,
  errorMessage,
  getTimersCall,
  serialPortCall,
  timersCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { eventually } from '../../gateway/testing/gateway-env.ts';
import { companyOwner, type Owner } from '../devices/device-test-kit.ts';
import { type SimulatedFleet, startSimulatedFleet } from '../devices/simulated-device-kit.ts';

let fleet: SimulatedFleet;
let t: TestApp;
let acme: Owner;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const base64 = (text: string) => Buffer.from(text, 'latin1').toString('base64');

/** The lease each open port's console holds, by `sn:port`. */
const leases = new Map<string, string>();

/**
 * Serial calls answer once the device has: the state is final in the answer itself. Like the console,
 * reads, writes and closes present the lease their open answered.
 */
async function serial(input: CallInput<typeof serialPortCall>, lang: 'en' | 'cn' = 'en') {
  const key = `${input.sn}:${input.port}`;
  const leased = input.action === 'open' ? input : { lease: leases.get(key), ...input };
  const answer = await acme.run(serialPortCall, leased, lang);
  if (answer.data?.lease) leases.set(key, answer.data.lease);
  return answer;
}

/** What the port has sent since the last read, as text. */
async function readText(sn: string, port: number): Promise<string> {
  const read = await serial({ sn, action: 'read', port });
  expect(read.data?.state).toBe('success');
  const result = (read.data?.result ?? {}) as { data?: string };
  return Buffer.from(result.data ?? '', 'base64').toString('latin1');
}

beforeAll(async () => {
  fleet = await startSimulatedFleet();
  t = fleet.t;
  acme = await companyOwner(t, 'Acme Serial', 'owner@acme-serial.test');
  await fleet.connect(acme, 'SP0001', 'meg5000', 'MEG5000');
  await fleet.connect(acme, 'SP0002', 'r151x', 'R1510');
  await acme.run(addDeviceCall, { sn: 'SP0003', mac: '00:1A:2B:00:00:33' });
}, 60_000);
afterAll(() => fleet?.close());

describe('serial port access', () => {
  it('opens with the chosen line settings, writes and reads what the attached meter answers', async () => {
    const opened = await serial({
      sn: 'SP0001',
      action: 'open',
      port: 1,
      baudRate: 19200,
      dataBits: 8,
      parity: 'even',
      stopBits: 1,
    });
    expect(opened).toMatchObject({ code: 0, data: { method: 'serialPort', state: 'success' } });
    expect(
      (await serial({ sn: 'SP0001', action: 'write', port: 1, data: base64('ATI\r') })).data?.state,
    ).toBe('success');
    expect(await readText('SP0001', 1)).toBe('ATI\r\nFP-METER SP0001 COM1 19200 8E1\r\n');
    await serial({ sn: 'SP0001', action: 'write', port: 1, data: base64('READ\n') });
    expect(await readText('SP0001', 1)).toMatch(/^READ\r\nFLOW=[\d.]+ m3\/h/);
    expect(await readText('SP0001', 1)).toBe('');
  });

  it('says the port is busy (120069) while another console has it open; a normal close frees it at once', async () => {
    const busy = await serial({ sn: 'SP0001', action: 'open', port: 1 }, 'cn');
    expect(busy).toMatchObject({ code: ErrorCode.SERIAL_PORT_BUSY, msg: '串口正被占用，请稍后再试' });
    expect((await serial({ sn: 'SP0001', action: 'close', port: 1 })).data?.state).toBe('success');
    const again = await serial({ sn: 'SP0001', action: 'open', port: 1 });
    expect(again.data?.state).toBe('success');
    expect((await serial({ sn: 'SP0001', action: 'close', port: 1 })).code).toBe(0);
  });

  it('keeps a port occupied 5 minutes after an abnormal close (120069), then frees it', async () => {
    expect((await serial({ sn: 'SP0001', action: 'open', port: 2 })).data?.state).toBe('success');
    expect((await serial({ sn: 'SP0001', action: 'close', port: 2, abnormal: true })).code).toBe(0);
    const busy = await serial({ sn: 'SP0001', action: 'open', port: 2 });
    expect(busy).toMatchObject({
      code: ErrorCode.SERIAL_PORT_BUSY,
      msg: errorMessage(ErrorCode.SERIAL_PORT_BUSY, 'en'),
      data: null,
    });
    expect(busy.msg).toBe('The serial port is busy, please try again later');
    t.clock.advance(4 * MINUTE);
    expect((await serial({ sn: 'SP0001', action: 'open', port: 2 })).code).toBe(ErrorCode.SERIAL_PORT_BUSY);
    t.clock.advance(MINUTE + 1000);
    const later = await serial({ sn: 'SP0001', action: 'open', port: 2 });
    expect(later.data?.state).toBe('success');
  });

  it('frees a port 5 minutes after its console vanished without any close, and the device session is renewed', async () => {
    // Port 2 is open from the previous test and nobody reads it any more.
    expect((await serial({ sn: 'SP0001', action: 'open', port: 2 })).code).toBe(ErrorCode.SERIAL_PORT_BUSY);
    t.clock.advance(5 * MINUTE + 1000);
    const reopened = await serial({ sn: 'SP0001', action: 'open', port: 2, baudRate: 115200 });
    expect(reopened.data?.state).toBe('success');
    await serial({ sn: 'SP0001', action: 'write', port: 2, data: base64('ATI\r') });
    expect(await readText('SP0001', 2)).toContain('COM2 115200 8N1');
    await serial({ sn: 'SP0001', action: 'close', port: 2 });
  });

  it('refuses a port beyond the COM ports of the device (120090), and a device with none', async () => {
    expect((await serial({ sn: 'SP0001', action: 'open', port: 3 })).code).toBe(
      ErrorCode.PARTIAL_UNSUPPORTED,
    );
    // No series ships without a COM port: this one reports none (as core §2 allows).
    const row = await t.deps.db
      .selectFrom('device')
      .select('capabilities')
      .where('sn', '=', 'SP0002')
      .executeTakeFirstOrThrow();
    const caps = { ...(row.capabilities as Record<string, unknown>), comPorts: 0 };
    await t.deps.db
      .updateTable('device')
      .set({ capabilities: JSON.stringify(caps) })
      .where('sn', '=', 'SP0002')
      .execute();
    expect((await serial({ sn: 'SP0002', action: 'open', port: 1 })).code).toBe(
      ErrorCode.PARTIAL_UNSUPPORTED,
    );
  });

  it('accepts only the offered line settings and base64 data', async () => {
    const baud = await serial({ sn: 'SP0001', action: 'open', port: 1, baudRate: 1234 as 9600 });
    expect(baud.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(baud.msg).toBe(
      'baudRate: baudRate must be one of 1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200',
    );
    expect((await serial({ sn: 'SP0001', action: 'open', port: 1, dataBits: 6 as 8 })).code).toBe(
      ErrorCode.PARAMETER_ERROR,
    );
    expect((await serial({ sn: 'SP0001', action: 'open', port: 1, parity: 'mark' as 'none' })).code).toBe(
      ErrorCode.PARAMETER_ERROR,
    );
    expect((await serial({ sn: 'SP0001', action: 'write', port: 1, data: 'not base64!' })).code).toBe(
      ErrorCode.PARAMETER_ERROR,
    );
  });

  it('refuses an offline device with 120052', async () => {
    expect((await serial({ sn: 'SP0003', action: 'open', port: 1 })).code).toBe(
      ErrorCode.DEVICE_OFFLINE_OPERATION,
    );
  });
});

describe('timers with repeats', () => {
  it('lists what the device holds after a save', async () => {
    const now = t.clock.now().getTime();
    const timers = [
      { action: 'reboot' as const, at: now + 60 * MINUTE, repeat: 'daily' as const },
      { action: 'ledTest' as const, at: now + 120 * MINUTE, repeat: 'none' as const },
      { action: 'switchSim' as const, at: now + 3 * 60 * MINUTE, repeat: 'weekly' as const },
    ];
    expect((await acme.run(timersCall, { sn: 'SP0001', timers })).code).toBe(0);
    // The list is a command of its own: it may overtake the save on its way to the device.
    const listed = await eventually(
      async () => {
        const answer = await acme.run(getTimersCall, { sn: 'SP0001' });
        const held = (answer.data?.result as { timers?: unknown[] } | null)?.timers ?? [];
        return held.length > 0 ? answer.data?.result : undefined;
      },
      10_000,
      'timers listed',
    );
    expect(listed).toEqual({ timers: timers.map((timer, i) => ({ id: `t${i + 1}`, ...timer })) });
    const cleared = await acme.run(timersCall, { sn: 'SP0001', timers: [] });
    expect(cleared.code).toBe(0);
  });

  it('refuses a timer less than 15 minutes ahead (120074), in both languages', async () => {
    const at = t.clock.now().getTime() + 14 * MINUTE;
    const en = await acme.run(timersCall, { sn: 'SP0001', timers: [{ action: 'reboot', at }] });
    expect(en).toMatchObject({ code: 120074, msg: 'The timer must be at least 15 minutes after now' });
    const cn = await acme.run(
      timersCall,
      { sn: 'SP0001', timers: [{ action: 'reboot', at, repeat: 'daily' }] },
      'cn',
    );
    expect(cn).toMatchObject({ code: 120074, msg: '定时时间必须至少在当前时间15分钟之后' });
  });

  it('refuses timers that run less than 15 minutes apart (120072), every run of a repeating one included', async () => {
    const now = t.clock.now().getTime();
    const check = async (
      timers: { action: 'reboot' | 'ledTest'; at: number; repeat: 'none' | 'daily' | 'weekly' }[],
    ) => acme.run(timersCall, { sn: 'SP0001', timers }, 'cn');
    const close = await check([
      { action: 'reboot', at: now + 60 * MINUTE, repeat: 'none' },
      { action: 'ledTest', at: now + 74 * MINUTE, repeat: 'none' },
    ]);
    expect(close).toMatchObject({ code: ErrorCode.UPDATE_TOO_SOON, msg: '更新间隔必须至少为15分钟' });
    // A daily reboot at +60 min meets a one-off LED test tomorrow 5 minutes later.
    const daily = await check([
      { action: 'reboot', at: now + 60 * MINUTE, repeat: 'daily' },
      { action: 'ledTest', at: now + DAY + 65 * MINUTE, repeat: 'none' },
    ]);
    expect(daily.code).toBe(ErrorCode.UPDATE_TOO_SOON);
    // A weekly timer six days later at nearly the same time of day meets the daily one.
    const weekly = await check([
      { action: 'reboot', at: now + 60 * MINUTE, repeat: 'daily' },
      { action: 'ledTest', at: now + 6 * DAY + 50 * MINUTE, repeat: 'weekly' },
    ]);
    expect(weekly.code).toBe(ErrorCode.UPDATE_TOO_SOON);
    // Exactly 15 minutes apart, and a one-off before the first daily run, are fine.
    const ok = await check([
      { action: 'reboot', at: now + 60 * MINUTE, repeat: 'daily' },
      { action: 'ledTest', at: now + 75 * MINUTE, repeat: 'weekly' },
      { action: 'ledTest', at: now + 30 * MINUTE, repeat: 'none' },
    ]);
    expect(ok.code).toBe(0);
  });

  it('refuses an offline device with 120052, for the list and the save', async () => {
    expect((await acme.run(getTimersCall, { sn: 'SP0003' })).code).toBe(ErrorCode.DEVICE_OFFLINE_OPERATION);
    const at = t.clock.now().getTime() + 30 * MINUTE;
    expect((await acme.run(timersCall, { sn: 'SP0003', timers: [{ action: 'reboot', at }] })).code).toBe(
      ErrorCode.DEVICE_OFFLINE_OPERATION,
    );
  });
});
