import { describe, expect, it } from 'vitest';
import {
  activityDetailsOf,
  activityDetailsText,
  encodeActivityDetails,
  isActivityRecorded,
} from './activity-details.ts';
import { timersCall, uninstallDeviceAppCall } from './index.ts';

const SN = '74839906970001';
const UTC = { utcOffsetMinutes: 0 };
const stored = (callId: string, input: unknown) =>
  encodeActivityDetails(activityDetailsOf(callId, input) ?? []);

describe('activity details', () => {
  it('name the app an uninstall removed, readable in both languages, without the SN on the device tab', () => {
    const object = stored(uninstallDeviceAppCall.id, { sn: SN, packageName: 'com.robustel.vpn' });
    expect(object).toBe(`sn=${SN}, app=com.robustel.vpn`);
    expect(activityDetailsText(object, 'en')).toBe(`SN: ${SN} · App: com.robustel.vpn`);
    expect(activityDetailsText(object, 'cn', { omit: ['sn'] })).toBe('应用：com.robustel.vpn');
  });

  it('summarise the timers set, in the reader’s time zone, and an empty list as cleared', () => {
    const at = Date.UTC(2026, 10, 21, 20, 0);
    const timers = [
      { action: 'reboot', at, repeat: 'daily' },
      { action: 'ledTest', at: at + 3_600_000, repeat: 'none' },
    ];
    const object = stored(timersCall.id, { sn: SN, timers });
    expect(activityDetailsText(object, 'en', { omit: ['sn'], clock: UTC })).toBe(
      'Timers: reboot, daily from 2026-11-21 20:00; LED test, 2026-11-21 21:00',
    );
    expect(activityDetailsText(object, 'cn', { omit: ['sn'], clock: UTC })).toBe(
      '定时器：重启，每天，自2026-11-21 20:00起；LED测试，2026-11-21 21:00',
    );
    const cleared = stored(timersCall.id, { sn: SN, timers: [] });
    expect(activityDetailsText(cleared, 'en', { omit: ['sn'] })).toBe('Timers: none (cleared)');
    const many = Array.from({ length: 6 }, (_, i) => ({
      action: 'reboot',
      at: at + i * 3_600_000,
      repeat: 'none',
    }));
    expect(
      activityDetailsText(stored(timersCall.id, { sn: SN, timers: many }), 'en', { clock: UTC }),
    ).toMatch(/2026-11-21 23:00; 2 more$/);
  });

  it('name the port of a serial port call and the host of a ping, never a secret', () => {
    const serial = stored('remoteActions.serialPort', { sn: SN, action: 'open', port: 2, data: 'c2VjcmV0' });
    expect(activityDetailsText(serial, 'en', { omit: ['sn'] })).toBe('Port: COM2 · Action: open');
    const ping = stored('remoteActions.ping', { sn: SN, host: '8.8.8.8', count: 4 });
    expect(activityDetailsText(ping, 'cn', { omit: ['sn'] })).toBe('目标地址：8.8.8.8 · 次数：4');
    const reset = stored('remoteActions.resetPassword', { sn: SN, user: 'admin', password: 'Secret#123' });
    expect(reset).toBe(`sn=${SN}, deviceUser=admin`);
  });

  it('keep ids of older entries as they were stored, and label the words', () => {
    expect(activityDetailsOf('users.create', { roleId: 3 })).toBeNull();
    // An id recorded before names were (issue 12) stays an id; the account is labelled.
    expect(activityDetailsText('roleId=3, account=mo@ledger.example', 'en')).toBe(
      'roleId=3 · Account: mo@ledger.example',
    );
    expect(activityDetailsText(`sn=${SN}, cli open`, 'en', { omit: ['sn'] })).toBe('CLI session opened');
    expect(activityDetailsText(null, 'en')).toBe('');
  });
});

describe('named objects (issue 12)', () => {
  it('reads the names recorded instead of ids in both languages', () => {
    expect(activityDetailsText('group=Harbour, groupName=Harbour North', 'en')).toBe(
      'Group: Harbour · Group name: Harbour North',
    );
    expect(activityDetailsText('user=Lee (lee@ledger.example)', 'cn')).toBe('用户：Lee (lee@ledger.example)');
    expect(activityDetailsText('file=fleet.xlsx', 'cn')).toBe('文件：fleet.xlsx');
  });

  it('leaves import previews and serial-port reads, writes and closes out of the log', () => {
    expect(isActivityRecorded('devices.import', { commit: false })).toBe(false);
    expect(isActivityRecorded('devices.import', { commit: true })).toBe(true);
    for (const action of ['read', 'write', 'close'])
      expect(isActivityRecorded('remoteActions.serialPort', { action })).toBe(false);
    expect(isActivityRecorded('remoteActions.serialPort', { action: 'open' })).toBe(true);
    expect(isActivityRecorded('devices.update', { sn: 'A1' })).toBe(true);
  });
});
