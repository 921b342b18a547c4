import {
  captureCall,
  captureFileCall,
  ErrorCode,
  errorMessage,
  getDeviceAppsCall,
  ledTestCall,
  pingCall,
  poeTimersCall,
  rebootCall,
  requestSyslogCall,
  resetDevicePasswordCall,
  timersCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testConfig } from '../../../test/helpers.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { putOnLevel } from '../licences/licence-test-kit.ts';

/**
 * The remote-action rules of core §5 and codes of §8 (120023, 120052, 120095, 120072, 120074, 120008 and
 * the input rules), each in both languages, and that a refused action sent the device nothing.
 * The app runs with its gateway, so devices marked online in the registry count as reachable; no device
 * answers, and none has to, since every request here is refused before anything is sent.
 */

let t: TestApp;
let acme: Owner;
const LANGS = ['en', 'cn'] as const;
const MINUTE = 60_000;
const ONLINE = 'RR0001';
const OFFLINE = 'RR0002';

/** Commands the cloud queued for a device: a refusal adds none. */
async function sent(sn: string): Promise<number> {
  return (await t.deps.db.selectFrom('rpc_command').select('id').where('sn', '=', sn).execute()).length;
}

async function queue(id: string, method: string, state: 'inExecution' | 'success', result: unknown) {
  const now = t.clock.now();
  await t.deps.db
    .insertInto('rpc_command')
    .values({
      id,
      company_id: acme.companyId,
      sn: ONLINE,
      method,
      state,
      deadline: new Date(now.getTime() + 10 * MINUTE),
      delivered_at: now,
      result: result === null ? null : JSON.stringify(result),
      error: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

beforeAll(async () => {
  const base = testConfig();
  t = await createTestApp({ config: { ...base, mqtt: { ...base.mqtt, port: 0 } }, gateway: true });
  acme = await companyOwner(t, 'Acme Actions', 'owner@acme-action-rules.test');
  await seedDevices(t, acme.companyId, [{ sn: ONLINE, online: true }, { sn: OFFLINE }]);
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('an offline device', () => {
  it('refuses every action with 120052 and sends nothing', async () => {
    const at = t.clock.now().getTime() + 30 * MINUTE;
    for (const lang of LANGS) {
      const msg = errorMessage(ErrorCode.DEVICE_OFFLINE_OPERATION, lang);
      const answers = [
        await acme.run(pingCall, { sn: OFFLINE, host: '8.8.8.8' }, lang),
        await acme.run(ledTestCall, { sn: OFFLINE }, lang),
        await acme.run(timersCall, { sn: OFFLINE, timers: [{ action: 'reboot', at }] }, lang),
        await acme.run(
          resetDevicePasswordCall,
          { sn: OFFLINE, user: 'admin', password: 'Router.2024' },
          lang,
        ),
      ];
      for (const res of answers) expect(res).toMatchObject({ code: ErrorCode.DEVICE_OFFLINE_OPERATION, msg });
      const reboot = await acme.run(rebootCall, { sns: [OFFLINE] }, lang);
      expect(reboot.data?.results[0]).toMatchObject({
        sn: OFFLINE,
        code: ErrorCode.DEVICE_OFFLINE_OPERATION,
        msg,
      });
    }
    expect(errorMessage(ErrorCode.DEVICE_OFFLINE_OPERATION, 'en')).toBe(
      'The device is offline, the operation cannot be performed',
    );
    expect(await sent(OFFLINE)).toBe(0);
  });

  it('has no syslog or app list to give (120023) and sends nothing', async () => {
    for (const lang of LANGS) {
      const msg = errorMessage(ErrorCode.DEVICE_OFFLINE, lang);
      expect(await acme.run(requestSyslogCall, { sn: OFFLINE }, lang)).toMatchObject({
        code: ErrorCode.DEVICE_OFFLINE,
        msg,
      });
      expect(await acme.run(getDeviceAppsCall, { sn: OFFLINE }, lang)).toMatchObject({
        code: ErrorCode.DEVICE_OFFLINE,
        msg,
      });
    }
    expect(errorMessage(ErrorCode.DEVICE_OFFLINE, 'cn')).toBe('设备离线');
    expect(await sent(OFFLINE)).toBe(0);
  });
});

describe('input rules of the remote actions', () => {
  it('captures 10-40000 packets only', async () => {
    for (const count of [9, 40001]) {
      const en = await acme.run(captureCall, { sn: ONLINE, interface: 'eth0', count });
      expect(en).toMatchObject({
        code: ErrorCode.PARAMETER_ERROR,
        msg: 'count: Please enter an integer from 10 to 40000',
      });
      const cn = await acme.run(captureCall, { sn: ONLINE, interface: 'eth0', count }, 'cn');
      expect(cn.msg).toBe('count: 请输入10-40000之间的整数');
    }
    expect(await sent(ONLINE)).toBe(0);
  });

  it('needs two different PoE times', async () => {
    const same = { sn: ONLINE, port: 1, enableTime: '06:30', disableTime: '06:30' };
    expect(await acme.run(poeTimersCall, same)).toMatchObject({
      code: ErrorCode.PARAMETER_ERROR,
      msg: 'disableTime: The enable and disable times must be different',
    });
    expect((await acme.run(poeTimersCall, same, 'cn')).msg).toBe('disableTime: 启用时间和禁用时间不能相同');
    expect(await sent(ONLINE)).toBe(0);
  });

  it('resets a device password only with 5-33 characters of two classes from letters, digits and @#$.*!-', async () => {
    const cases: [string, string, string][] = [
      ['abcd', 'The password must be 5-33 characters', '密码长度须为5-33位'],
      ['a1'.repeat(17), 'The password must be 5-33 characters', '密码长度须为5-33位'],
      [
        'abc 12',
        'The password may contain only letters, digits and @#$.*!-',
        '密码只能包含字母、数字和@#$.*!-',
      ],
      [
        'abcdefg',
        'The password must combine at least two of: lowercase letters, uppercase letters, digits and symbols',
        '密码须至少包含小写字母、大写字母、数字、符号中的两种',
      ],
    ];
    for (const [password, en, cn] of cases) {
      const input = { sn: ONLINE, user: 'admin', password };
      expect(await acme.run(resetDevicePasswordCall, input)).toMatchObject({
        code: ErrorCode.PARAMETER_ERROR,
        msg: `password: ${en}`,
      });
      expect((await acme.run(resetDevicePasswordCall, input, 'cn')).msg).toBe(`password: ${cn}`);
    }
    expect(await sent(ONLINE)).toBe(0);
  });

  it('sets timers 15 minutes ahead (120074) and 15 minutes apart (120072), sending nothing otherwise', async () => {
    const now = t.clock.now().getTime();
    const soon = [{ action: 'reboot' as const, at: now + 14 * MINUTE }];
    const close = [
      { action: 'reboot' as const, at: now + 60 * MINUTE },
      { action: 'ledTest' as const, at: now + 74 * MINUTE },
    ];
    for (const lang of LANGS) {
      expect(await acme.run(timersCall, { sn: ONLINE, timers: soon }, lang)).toMatchObject({
        code: ErrorCode.TIMER_TOO_SOON,
        msg: errorMessage(ErrorCode.TIMER_TOO_SOON, lang),
      });
      expect(await acme.run(timersCall, { sn: ONLINE, timers: close }, lang)).toMatchObject({
        code: ErrorCode.UPDATE_TOO_SOON,
        msg: errorMessage(ErrorCode.UPDATE_TOO_SOON, lang),
      });
    }
    expect(errorMessage(ErrorCode.UPDATE_TOO_SOON, 'en')).toBe('Updates must be at least 15 minutes apart');
    expect(await sent(ONLINE)).toBe(0);
  });
});

describe('a Basic licence and repeated requests', () => {
  it('refuses capture on a Basic licence (120095) and sends nothing', async () => {
    for (const lang of LANGS) {
      const res = await acme.run(captureCall, { sn: ONLINE, interface: 'eth0', count: 100 }, lang);
      expect(res).toMatchObject({
        code: ErrorCode.BASIC_LICENCE_UPGRADE,
        msg: errorMessage(ErrorCode.BASIC_LICENCE_UPGRADE, lang),
      });
    }
    expect(errorMessage(ErrorCode.BASIC_LICENCE_UPGRADE, 'en')).toBe(
      'The Basic licence cannot use this function, please upgrade the licence',
    );
    expect(await sent(ONLINE)).toBe(0);
  });

  it('refuses the Wireshark file (the pcap) of a device back on Basic with 120095', async () => {
    const pcap = Buffer.from('d4c3b2a1', 'hex').toString('base64');
    await queue('rules-capture-1', 'capture', 'success', {
      fileName: 'capture-eth0-1.pcap',
      pcapBase64: pcap,
    });
    for (const lang of LANGS) {
      const res = await acme.run(captureFileCall, { rpcId: 'rules-capture-1' }, lang);
      expect(res).toMatchObject({
        code: ErrorCode.BASIC_LICENCE_UPGRADE,
        msg: errorMessage(ErrorCode.BASIC_LICENCE_UPGRADE, lang),
        data: null,
      });
    }
    await putOnLevel(t, acme, [ONLINE], 'ESSENTIALS');
    const file = await acme.run(captureFileCall, { rpcId: 'rules-capture-1' });
    expect(file.data).toMatchObject({ fileName: 'capture-eth0-1.pcap', content: pcap });
    await putOnLevel(t, acme, [ONLINE], 'BASE');
  });

  it('says "do not repeat" (120008) for a syslog request while one runs, sending no second one', async () => {
    await queue('rules-syslog-1', 'syslog', 'inExecution', null);
    const before = await sent(ONLINE);
    for (const lang of LANGS) {
      const res = await acme.run(requestSyslogCall, { sn: ONLINE }, lang);
      expect(res).toMatchObject({
        code: ErrorCode.DO_NOT_REPEAT,
        msg: errorMessage(ErrorCode.DO_NOT_REPEAT, lang),
      });
    }
    expect(errorMessage(ErrorCode.DO_NOT_REPEAT, 'en')).toBe(
      'The request is already being processed, do not repeat',
    );
    expect(await sent(ONLINE)).toBe(before);
  });
});
