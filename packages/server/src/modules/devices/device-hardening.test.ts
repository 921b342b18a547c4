import {
  ALL_CALLS,
  type CallDef,
  ErrorCode,
  INSTANT_MS_MAX,
  PAGE_NUM_MAX,
  PAGE_SIZE_MAX,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type SignedIn, signIn } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { probeInput } from '../../../test/probe-input.ts';
import { ensureSuperAdmin } from '../accounts/accounts.service.ts';
import { grantTrial } from '../installer-console/installer-console.service.ts';
import { companyOwner, type Owner, seedDevices } from './device-test-kit.ts';

/**
 * Issue 12's hardening, each item through the HTTP API as a careless client would meet it: unknown
 * SNs, null filters, huge pages, another company's SN in an import.
 */

let t: TestApp;
let acme: Owner;
let other: Owner;

beforeAll(async () => {
  t = await createTestApp();
  acme = await companyOwner(t, 'Acme Hardening', 'owner@acme-hardening.test');
  other = await companyOwner(t, 'Other Hardening', 'owner@other-hardening.test');
  await seedDevices(t, acme.companyId, [{ sn: 'HA0001', online: true }]);
  await seedDevices(t, other.companyId, [{ sn: 'HB0001', online: true }]);
  // Acme runs the installer console (its trial), so those calls reach their input checks too.
  await grantTrial(t.deps, acme.companyId);
});
afterAll(async () => {
  await t.close();
});

/** Inputs the generated plain values cannot satisfy (rules across fields). */
const BUILDERS: Record<string, (sn: string) => unknown> = {
  'remoteActions.resetPassword': (sn) => ({ sn, user: 'admin', password: 'Probe12' }),
  'remoteActions.poeTimers': (sn) => ({ sn, port: 1, enableTime: '08:00', disableTime: '18:00' }),
  'deviceConfig.apply': (sn) => ({ sn, sections: { 'services/ssh': { enabled: false, port: 2222 } } }),
  'deviceConfig.clearSetting': (sn) => ({ sn, section: 'services/ssh', field: 'port' }),
  'vpn.setDeviceLan': (sn) => ({ vpnGroupId: 1, sn, lanSubnet: '192.168.50.0/24' }),
  'vpn.addEndDevice': (sn) => ({ vpnGroupId: 1, sn, name: 'Probe PLC', ip: '192.168.50.10' }),
  'pointTables.testRead': (sn) => ({
    sn,
    table: {
      name: 'Probe meter',
      protocol: 'modbusTcp',
      connectionType: 'tcp',
      slaveIp: '10.0.0.9',
      slaveId: 1,
      points: [{ name: 'voltage', functionCode: 3, address: '40001', dataType: 'FLOAT' }],
    },
  }),
};

/** Calls with a required `sn` naming one device (not a search text or an optional filter). */
function callsTakingOneSn(): CallDef[] {
  return ALL_CALLS.filter((call) => {
    if (call.id === 'devices.add' || call.id === 'devices.checkGatewayExist') return false;
    // A public page (the captive portal's splash) names no company: for an unknown router it shows a
    // neutral page rather than say whether the SN exists.
    if (call.permission === 'public') return false;
    try {
      const schema = z.toJSONSchema(call.input, { io: 'input', unrepresentable: 'any' }) as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      return Boolean(schema.properties?.sn) && (schema.required ?? []).includes('sn');
    } catch {
      return false;
    }
  });
}

describe('an SN the company does not have', () => {
  it('is "the device does not exist" (120002) on every call that takes an SN', async () => {
    const calls = callsTakingOneSn();
    expect(calls.length).toBeGreaterThan(10);
    const answers: string[] = [];
    for (const call of calls) {
      for (const sn of ['NOSUCH0001', 'HB0001']) {
        const input = BUILDERS[call.id]?.(sn) ?? probeInput(call, { sn });
        expect(input, `${call.id}: no plain input`).not.toBeNull();
        const res = await acme.call(call.method, call.path, input);
        if (res.body.code !== ErrorCode.DEVICE_NOT_FOUND)
          answers.push(`${call.id} ${sn}: ${res.body.code} ${res.body.msg}`);
      }
    }
    expect(answers).toEqual([]);
  });

  it('says so in the request language, naming no other company', async () => {
    const res = await acme.call('POST', '/link/device/getDeviceEvents', { sn: 'HB0001' }, { language: 'cn' });
    expect(res.body).toMatchObject({ code: ErrorCode.DEVICE_NOT_FOUND, msg: '设备不存在，请先注册' });
    const en = await acme.call('POST', '/link/device/getDeviceSyslog', { sn: 'HB0001' });
    expect(en.body).toMatchObject({
      code: ErrorCode.DEVICE_NOT_FOUND,
      msg: 'The device does not exist, please register it first',
    });
  });
});

describe('a numeric filter sent as null', () => {
  it('means "no filter", never 0 (the ungrouped devices) or a refusal', async () => {
    await seedDevices(t, acme.companyId, [{ sn: 'HA0002' }]);
    const group = await acme.call<{ groupId: number }>('POST', '/link/device/addGroup', {
      groupName: 'Depot',
    });
    expect(group.body.code).toBe(0);
    const moved = await acme.call('POST', '/link/device/moveDevicesToGroup', {
      sns: ['HA0002'],
      groupId: group.body.data!.groupId,
    });
    expect(moved.body.code).toBe(0);
    const sns = async (filter: Record<string, unknown>) => {
      const res = await acme.call<{ list: { sn: string }[] }>('POST', '/link/device/getDeviceList', filter);
      expect(res.body.code, JSON.stringify(filter)).toBe(0);
      return res.body.data!.list.map((d) => d.sn).sort();
    };
    expect(await sns({})).toEqual(['HA0001', 'HA0002']);
    expect(await sns({ groupId: null, tagId: null })).toEqual(['HA0001', 'HA0002']);
    expect(await sns({ groupId: '' })).toEqual(['HA0001', 'HA0002']);
    // 0 itself still means the ungrouped devices.
    expect(await sns({ groupId: 0 })).toEqual(['HA0001']);
  });

  it('lets time and user filters be null on the activity log, events and notifications', async () => {
    const nulls = { startTime: null, endTime: null };
    for (const [path, body] of [
      ['/pl/activity/getActivityLogList', { ...nulls, userId: null }],
      ['/link/device/getDeviceEvents', { ...nulls, sn: 'HA0001' }],
      ['/link/device/getDeviceSyslog', { ...nulls, sn: 'HA0001' }],
      ['/link/notification/getNotificationList', nulls],
      ['/link/dashboard/getDataUsageSeries', nulls],
    ] as const) {
      const res = await acme.call<{ total?: number }>('POST', path, body);
      expect(res.body.code, `${path}: ${res.body.msg}`).toBe(0);
    }
    // The activity log with null filters is the whole log, not the entries of user 0 from 1970.
    const all = await acme.call<{ total: number }>('POST', '/pl/activity/getActivityLogList', {});
    const nulled = await acme.call<{ total: number }>('POST', '/pl/activity/getActivityLogList', {
      ...nulls,
      userId: null,
    });
    expect(all.body.data!.total).toBeGreaterThan(0);
    expect(nulled.body.data!.total).toBe(all.body.data!.total);
  });
});

describe('paging', () => {
  it('refuses a page number past the cap with code 1 naming pageNum, on every paged call', async () => {
    const paged = ALL_CALLS.filter((call) => call.paged);
    expect(paged.length).toBeGreaterThan(5);
    // The platform's own lists (the Super Admin's) are checked as the Super Admin: anyone else is
    // refused (5) before the input is read.
    const created = await ensureSuperAdmin(t.deps);
    const admin: SignedIn = await signIn(t, created!.account, created!.password);
    for (const call of paged) {
      const base = BUILDERS[call.id]?.('HA0001') ?? probeInput(call, { sn: 'HA0001' }) ?? {};
      const input = { ...(base as object), pageNum: Number.MAX_SAFE_INTEGER };
      const caller = call.permission === 'superAdmin' ? admin : acme;
      const res = await caller.call(call.method, call.path, input);
      expect(res.status, call.id).toBe(400);
      expect(res.body.code, call.id).toBe(ErrorCode.PARAMETER_ERROR);
      expect(res.body.msg, call.id).toBe(
        `pageNum: The input value exceeds the maximum value ${PAGE_NUM_MAX}`,
      );
    }
    const cn = await acme.call(
      'POST',
      '/pl/user/getUserList',
      { pageNum: PAGE_NUM_MAX + 1 },
      { language: 'cn' },
    );
    expect(cn.body).toMatchObject({ code: 1, msg: `pageNum: 输入值超过最大值${PAGE_NUM_MAX}` });
  });

  it('answers the last allowed page of the largest pages as an empty page', async () => {
    const res = await acme.call<{ list: unknown[] }>('POST', '/pl/activity/getActivityLogList', {
      pageNum: PAGE_NUM_MAX,
      pageSize: PAGE_SIZE_MAX,
    });
    expect(res.body).toMatchObject({ code: 0, pageNum: PAGE_NUM_MAX, data: { list: [] } });
  });

  it('refuses a time beyond the year 9999 with code 1 naming the field', async () => {
    const res = await acme.call('POST', '/link/device/getDeviceEvents', {
      sn: 'HA0001',
      endTime: Number.MAX_SAFE_INTEGER,
    });
    expect(res.body).toMatchObject({
      code: 1,
      msg: `endTime: The input value exceeds the maximum value ${INSTANT_MS_MAX}`,
    });
  });
});

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const HEADER = 'SN,Name,Model,MAC or IMEI,Tags';

describe('importing an SN another company holds', () => {
  it('says only that the SN exists, in the words of a device added by hand, and saves the rest', async () => {
    await seedDevices(t, other.companyId, [{ sn: '20240601000009', name: 'Their pump', model: 'R3000' }]);
    const csv = [
      HEADER,
      '20240601000009,Mine?,R3000,00:1A:2B:3C:4D:09,',
      '20240601000010,Fine,R3000,00:1A:2B:3C:4D:10,',
    ];
    for (const lang of ['en', 'cn'] as const) {
      const preview = await acme.call<{ rows: { row: number; errors: string[] }[] }>(
        'POST',
        '/link/device/importDevices',
        { fileName: 'd.csv', content: b64(csv.join('\n')), commit: false },
        { language: lang },
      );
      const added = await acme.call(
        'POST',
        '/link/device/addDevice',
        { sn: '20240601000009', mac: '00:1A:2B:3C:4D:09' },
        { language: lang },
      );
      expect(preview.body.data!.rows[0]!.errors).toEqual([added.body.msg]);
      expect(added.body).toMatchObject({
        code: ErrorCode.DEVICE_SN_EXISTS,
        msg: lang === 'en' ? 'The device SN already exists' : '设备SN已存在',
        data: null,
      });
      // Nothing of the other company's device comes back: not its name, model or company.
      expect(JSON.stringify(preview.body)).not.toMatch(/Their pump|Other Hardening|another company|其他公司/);
    }
    const commit = await acme.call<{ imported: number }>('POST', '/link/device/importDevices', {
      fileName: 'd.csv',
      content: b64(csv.join('\n')),
      commit: true,
    });
    expect(commit.body.data!.imported).toBe(1);
    const holder = await t.deps.db
      .selectFrom('device')
      .select(['company_id', 'name'])
      .where('sn', '=', '20240601000009')
      .executeTakeFirstOrThrow();
    expect([Number(holder.company_id), holder.name]).toEqual([other.companyId, 'Their pump']);
  });

  it('flags an unknown model without refusing the row', async () => {
    const csv = [
      HEADER,
      '20240601000011,Odd,R9999X,00:1A:2B:3C:4D:11,',
      '20240601000012,Known,R1510-4L,00:1A:2B:3C:4D:12,',
    ];
    const res = await acme.call<{ rows: { errors: string[]; warnings: string[] }[]; valid: number }>(
      'POST',
      '/link/device/importDevices',
      { fileName: 'd.csv', content: b64(csv.join('\n')) },
      { language: 'cn' },
    );
    expect(res.body.data!.valid).toBe(2);
    expect(res.body.data!.rows.map((r) => r.warnings)).toEqual([
      ['型号：未知型号R9999X，设备连接后显示其上报的型号'],
      [],
    ]);
  });
});

describe('the activity log', () => {
  const entries = async () =>
    (
      await acme.call<{ list: { callId: string; object: string | null; resultCode: number }[] }>(
        'POST',
        '/pl/activity/getActivityLogList',
        { pageSize: 100 },
      )
    ).body.data!.list;

  it('names the group, not its id, even once the group is deleted', async () => {
    const group = await acme.call<{ groupId: number }>('POST', '/link/device/addGroup', {
      groupName: 'Harbour',
    });
    const groupId = group.body.data!.groupId;
    await acme.call('POST', '/link/device/updateGroup', { groupId, groupName: 'Harbour North' });
    await acme.call('POST', '/link/device/deleteGroup', { groupId });
    const rows = (await entries()).filter((r) => r.callId.startsWith('deviceGroups.'));
    expect(rows.slice(0, 2).map((r) => [r.callId, r.object])).toEqual([
      ['deviceGroups.delete', 'group=Harbour North'],
      ['deviceGroups.rename', 'group=Harbour, groupName=Harbour North'],
    ]);
    expect(JSON.stringify(rows)).not.toContain(`groupId=${groupId}`);
  });

  it('does not log an import preview as an import; the commit is logged with its file', async () => {
    const before = (await entries()).filter((r) => r.callId === 'devices.import').length;
    await acme.call('POST', '/link/device/importDevices', {
      fileName: 'preview-only.csv',
      content: b64(`${HEADER}\n20240601000020,P,R3000,00:1A:2B:3C:4D:20,`),
      commit: false,
    });
    expect((await entries()).filter((r) => r.callId === 'devices.import').length).toBe(before);
    await acme.call('POST', '/link/device/importDevices', {
      fileName: 'for-real.csv',
      content: b64(`${HEADER}\n20240601000020,P,R3000,00:1A:2B:3C:4D:20,`),
      commit: true,
    });
    const imports = (await entries()).filter((r) => r.callId === 'devices.import');
    expect(imports.length).toBe(before + 1);
    expect(imports[0]!.object).toBe('file=for-real.csv');
  });

  it('keeps one entry per serial-port session, not one per read or write', async () => {
    const before = (await entries()).filter((r) => r.callId === 'remoteActions.serialPort').length;
    const port = { sn: 'HA0001', port: 1 };
    const lease = 'a'.repeat(43);
    await acme.call('POST', '/link/device/remote/serialPort', { ...port, action: 'open' });
    for (let i = 0; i < 3; i++) {
      await acme.call('POST', '/link/device/remote/serialPort', {
        ...port,
        action: 'write',
        data: b64('AT\r'),
        lease,
      });
      await acme.call('POST', '/link/device/remote/serialPort', { ...port, action: 'read', lease });
    }
    await acme.call('POST', '/link/device/remote/serialPort', { ...port, action: 'close', lease });
    const rows = (await entries()).filter((r) => r.callId === 'remoteActions.serialPort');
    expect(rows.length).toBe(before + 1);
    expect(rows[0]!.object).toMatch(/^sn=HA0001, port=1, portAction=open/);
  });
});
