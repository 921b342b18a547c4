import {
  addDeviceCall,
  checkGatewayExistCall,
  DEVICE_LIST_COUNT_CAP,
  deleteDevicesCall,
  ErrorCode,
  getDeviceCall,
  listDevicesCall,
  obtainNotExistDevicesCall,
  ROLE_TYPE,
  transferDevicesCall,
  updateDeviceCall,
} from '@fleetport/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveRoleType, signIn } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { asOwner, companyOwner, type Owner, seedDevices } from './device-test-kit.ts';

let t: TestApp;
let acme: Owner;
let other: Owner;

beforeAll(async () => {
  t = await createTestApp();
  acme = await companyOwner(t, 'Acme Water', 'owner@acme-water.test');
  other = await companyOwner(t, 'Other Grid', 'owner@other-grid.test');
  const minute = 60_000;
  await seedDevices(t, acme.companyId, [
    {
      sn: 'RT0001',
      name: 'Pump north',
      model: 'R1510-4L',
      series: 'r151x',
      online: true,
      ip: '10.0.0.11',
      mac: '00:1A:2B:00:00:01',
      lastSeenAt: new Date(t.clock.now().getTime() - 1 * minute),
    },
    {
      sn: 'RT0002',
      name: 'Pump south',
      model: 'R1510-4L',
      series: 'r151x',
      online: false,
      ip: '10.0.0.12',
      imei: '356789012345671',
      lastSeenAt: new Date(t.clock.now().getTime() - 5 * minute),
    },
    {
      sn: 'RT0003',
      name: 'Depot gate',
      model: 'R3000-Q',
      series: 'r3000',
      online: true,
      firmware: '5.2.2',
      ip: '192.168.9.3',
      lastSeenAt: new Date(t.clock.now().getTime() - 3 * minute),
    },
  ]);
  await seedDevices(t, other.companyId, [{ sn: 'OT0001', name: 'Pump elsewhere', online: true }]);
});
afterAll(async () => {
  await t.close();
});

describe('the all-devices list', () => {
  it('shows only the company devices, newest seen first by default, with paging in the envelope', async () => {
    const res = await acme.run(listDevicesCall, { pageNum: 1, pageSize: 2 });
    expect(res.code).toBe(0);
    expect(res.total).toBe(3);
    expect(res.pageSize).toBe(2);
    expect(res.data?.list.map((d) => d.sn)).toEqual(['RT0001', 'RT0003']);
    const page2 = await acme.run(listDevicesCall, { pageNum: 2, pageSize: 2 });
    expect(page2.data?.list.map((d) => d.sn)).toEqual(['RT0002']);
  });

  it('searches SN, name, MAC, IMEI and IP in any case', async () => {
    const sns = async (search: string) =>
      (await acme.run(listDevicesCall, { search })).data?.list.map((d) => d.sn).sort();
    expect(await sns('pump')).toEqual(['RT0001', 'RT0002']);
    expect(await sns('rt0003')).toEqual(['RT0003']);
    expect(await sns('00:1a:2b:00:00:01')).toEqual(['RT0001']);
    expect(await sns('3567890123')).toEqual(['RT0002']);
    expect(await sns('192.168.9')).toEqual(['RT0003']);
    // Another company's "Pump elsewhere" never shows; % is a literal character, not a pattern.
    expect(await sns('%')).toEqual([]);
  });

  it('filters by online state, model, series and firmware, and sorts by name either way', async () => {
    const online = await acme.run(listDevicesCall, { online: 'online', sortField: 'name', sortOrder: 'asc' });
    expect(online.data?.list.map((d) => d.name)).toEqual(['Depot gate', 'Pump north']);
    const model = await acme.run(listDevicesCall, {
      model: 'R1510-4L',
      sortField: 'name',
      sortOrder: 'desc',
    });
    expect(model.data?.list.map((d) => d.name)).toEqual(['Pump south', 'Pump north']);
    expect((await acme.run(listDevicesCall, { series: 'r3000' })).total).toBe(1);
    expect((await acme.run(listDevicesCall, { firmwareVersion: '5.2.2' })).data?.list[0]?.sn).toBe('RT0003');
  });

  it('refuses an unknown sort field and an unknown filter with code 1', async () => {
    expect((await acme.run(listDevicesCall, { sortField: 'secret' } as never)).code).toBe(
      ErrorCode.PARAMETER_ERROR,
    );
    expect((await acme.run(listDevicesCall, { companyId: 2 } as never)).code).toBe(ErrorCode.PARAMETER_ERROR);
  });
});

describe('adding a device', () => {
  it('registers it offline and unregistered with Basic licence, MAC or IMEI required', async () => {
    const res = await acme.run(addDeviceCall, {
      sn: 'NEW0001',
      name: 'Kiosk',
      mac: '00:1A:2B:3C:4D:5E',
      tags: ['north'],
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      sn: 'NEW0001',
      name: 'Kiosk',
      online: false,
      registered: false,
      licenceLevel: 'BASE',
      tags: ['north'],
    });
    const claimRow = await t.deps.db
      .selectFrom('device_import')
      .selectAll()
      .where('sn', '=', 'NEW0001')
      .executeTakeFirst();
    expect(claimRow).toMatchObject({ company_id: acme.companyId, mac: '00:1A:2B:3C:4D:5E' });
    const missing = await acme.run(addDeviceCall, { sn: 'NEW0002' });
    expect(missing.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(missing.msg).toBe('mac: mac is required field');
  });

  it('refuses an SN with other characters than letters and digits, a long name, and a known SN', async () => {
    const bad = await acme.run(addDeviceCall, { sn: 'RT-01', mac: '00:1A:2B:3C:4D:5E' }, 'cn');
    expect(bad.msg).toBe('sn: 序列号只能包含字母和数字');
    const long = await acme.run(addDeviceCall, {
      sn: 'NEW0003',
      name: 'x'.repeat(31),
      imei: '356789012345671',
    });
    expect(long.msg).toBe('name: Max. 30 characters');
    const again = await acme.run(addDeviceCall, { sn: 'OT0001', mac: '00:1A:2B:3C:4D:5E' });
    expect(again.code).toBe(ErrorCode.DEVICE_SN_EXISTS);
    expect(again.msg).toBe('The device SN already exists');
  });

  it('renames a device, but not another company device, and never sets its licence level', async () => {
    const res = await acme.run(updateDeviceCall, { sn: 'RT0003', name: 'Depot gate 2' });
    expect(res.data).toMatchObject({ name: 'Depot gate 2', licenceLevel: 'BASE' });
    // The level comes from assigning a licence (licences.assignDevices), not from an edit.
    const edit = { sn: 'RT0003', licenceLevel: 'ESSENTIALS' };
    expect((await acme.call('POST', updateDeviceCall.path, edit)).body.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect((await acme.run(updateDeviceCall, { sn: 'OT0001', name: 'Mine' })).code).toBe(
      ErrorCode.DEVICE_NOT_FOUND,
    );
    expect((await acme.run(getDeviceCall, { sn: 'OT0001' })).code).toBe(ErrorCode.DEVICE_NOT_FOUND);
  });
});

describe('look-ups', () => {
  it('names one missing SN in an error, lists several', async () => {
    expect((await acme.run(obtainNotExistDevicesCall, { sns: ['RT0001', 'RT0002'] })).data).toEqual([]);
    const one = await acme.run(obtainNotExistDevicesCall, { sns: ['RT0001', 'OT0001'] });
    expect(one).toMatchObject({ code: ErrorCode.NO_SN_RECORD, msg: 'No SN record OT0001', data: 'OT0001' });
    const several = await acme.run(obtainNotExistDevicesCall, { sns: ['NOPE1', 'NOPE2', 'RT0001'] }, 'cn');
    expect(several).toMatchObject({ code: ErrorCode.NO_SN_RECORDS, msg: '以下序列号没有记录：NOPE1, NOPE2' });
  });

  it('says "the gateway does not exist" for an SN that is not a company device', async () => {
    expect((await acme.run(checkGatewayExistCall, { sn: 'RT0001' })).data).toEqual({
      sn: 'RT0001',
      online: true,
    });
    const res = await acme.run(checkGatewayExistCall, { sn: 'OT0001' });
    expect(res).toMatchObject({ code: ErrorCode.GATEWAY_NOT_FOUND, msg: 'The gateway does not exist' });
  });
});

describe('delete and transfer', () => {
  it('deletes the company devices and reports the others one by one', async () => {
    await seedDevices(t, acme.companyId, [{ sn: 'DEL0001' }]);
    const res = await acme.run(deleteDevicesCall, { sns: ['DEL0001', 'OT0001'] });
    expect(res.data).toMatchObject({ succeeded: 1, failed: 1 });
    expect(res.data?.results[1]).toMatchObject({ sn: 'OT0001', code: ErrorCode.DEVICE_NOT_FOUND });
    expect((await acme.run(getDeviceCall, { sn: 'DEL0001' })).code).toBe(ErrorCode.DEVICE_NOT_FOUND);
    expect((await other.run(getDeviceCall, { sn: 'OT0001' })).code).toBe(0);
  });

  it('transfers at most 100 devices to a company the user belongs to (17000 beyond)', async () => {
    const sns = Array.from({ length: 101 }, (_, i) => `TR${String(i).padStart(4, '0')}`);
    const tooMany = await acme.run(transferDevicesCall, { sns, companyId: other.companyId }, 'cn');
    expect(tooMany).toMatchObject({ code: ErrorCode.TRANSFER_LIMIT, msg: '每次最多转移100台设备' });
    // The owner of Acme is not a member of Other Grid.
    await seedDevices(t, acme.companyId, [{ sn: 'TR0001' }, { sn: 'TR0002' }]);
    const stranger = await acme.run(transferDevicesCall, { sns: ['TR0001'], companyId: other.companyId });
    expect(stranger.code).toBe(ErrorCode.COMPANY_NOT_FOUND);
    await t.deps.db
      .insertInto('company_user')
      .values({
        company_id: other.companyId,
        user_id: acme.userId,
        role_id: (
          await t.deps.db
            .selectFrom('role')
            .select('id')
            .where('company_id', '=', other.companyId)
            .where('role_type', '=', 2)
            .executeTakeFirstOrThrow()
        ).id,
      })
      .execute();
    const moved = await acme.run(transferDevicesCall, {
      sns: ['TR0001', 'TR0002', 'OT0001'],
      companyId: other.companyId,
    });
    expect(moved.data).toMatchObject({ succeeded: 2, failed: 1 });
    expect((await other.run(getDeviceCall, { sn: 'TR0001' })).data).toMatchObject({
      sn: 'TR0001',
      groupId: null,
      tags: [],
    });
    expect((await acme.run(getDeviceCall, { sn: 'TR0002' })).code).toBe(ErrorCode.DEVICE_NOT_FOUND);
    // The fleet totals follow the devices: Other Grid had OT0001 and now also TR0001 and TR0002.
    expect((await other.run(listDevicesCall, {})).total).toBe(3);
  });
});

describe('permissions', () => {
  it('asks for the device funCodes: a read-only user lists but cannot add', async () => {
    await giveRoleType(t, other.companyId, other.userId, ROLE_TYPE.readOnly);
    const reader = asOwner(await signIn(t, other.account), other);
    expect((await reader.run(listDevicesCall, {})).code).toBe(0);
    expect((await reader.run(addDeviceCall, { sn: 'RO0001', mac: '00:1A:2B:3C:4D:5E' })).code).toBe(
      ErrorCode.NO_PERMISSION,
    );
  });
});

describe('large fleets', () => {
  it('gives the exact fleet total, and counts a filter up to the cap before saying there are more', async () => {
    const big = await companyOwner(t, 'Big Fleet', 'owner@big-fleet.test');
    await sql`
      insert into device (sn, company_id, name, secret_hash)
      select 'BF' || lpad(i::text, 6, '0'), ${big.companyId}, 'Big ' || i, 'x'
        from generate_series(1, ${DEVICE_LIST_COUNT_CAP + 50}) as i`.execute(t.deps.db);
    const all = await big.run(listDevicesCall, { pageSize: 20, sortField: 'sn', sortOrder: 'asc' });
    expect(all.data).toMatchObject({ total: DEVICE_LIST_COUNT_CAP + 50, totalCapped: false });
    expect(all.data?.list[0]?.sn).toBe('BF000001');
    const named = await big.run(listDevicesCall, { search: 'Big' });
    expect(named.data).toMatchObject({ total: DEVICE_LIST_COUNT_CAP, totalCapped: true });
    expect(named.total).toBe(DEVICE_LIST_COUNT_CAP);
    await big.run(deleteDevicesCall, { sns: ['BF000001', 'BF000002'] });
    expect((await big.run(listDevicesCall, {})).total).toBe(DEVICE_LIST_COUNT_CAP + 48);
    const some = await big.run(listDevicesCall, { search: 'BF00012' });
    expect(some.data).toMatchObject({ total: 10, totalCapped: false });
  });
});
