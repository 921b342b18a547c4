import {
  addDeviceCall,
  checkDeviceDetailAccessCall,
  checkGatewayExistCall,
  createRoleCall,
  ErrorCode,
  errorMessage,
  GROUP_QUERY_PAGE_SIZE,
  getDeviceCall,
  IMPORT_MAX_ROWS,
  importDevicesCall,
  MAX_DEVICES_PER_ASSIGN,
  moveDevicesCall,
  obtainNotExistDevicesCall,
  queryGroupInformationCall,
  transferDevicesCall,
  UNGROUPED,
  updateDeviceCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { addUser } from '../../../test/people.ts';
import { companyOwner, type Owner, seedDevices } from './device-test-kit.ts';

/**
 * Core §5 device rules and the §8 codes of issue 6, each through the HTTP API in both languages, and
 * checking that a refused request saved nothing.
 */

let t: TestApp;
let acme: Owner;
let other: Owner;

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const HEADER = 'SN,Name,Model,MAC or IMEI,Tags';
const MAC = '00:1A:2B:3C:4D:5E';

/** How many devices the company has with this SN: 0 after a refusal. */
async function saved(sn: string): Promise<number> {
  const rows = await t.deps.db.selectFrom('device').select('sn').where('sn', '=', sn).execute();
  const claims = await t.deps.db.selectFrom('device_import').select('sn').where('sn', '=', sn).execute();
  return rows.length + claims.length;
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await companyOwner(t, 'Acme Rules', 'owner@acme-rules.test');
  other = await companyOwner(t, 'Other Rules', 'owner@other-rules.test');
  await seedDevices(t, acme.companyId, [{ sn: 'RU0001', online: true }, { sn: 'RU0002' }]);
  await seedDevices(t, other.companyId, [{ sn: 'OR0001' }, { sn: '20240101999999' }]);
});
afterAll(async () => {
  await t.close();
});

describe('adding a device by hand', () => {
  it('refuses an SN of other characters than letters and digits (code 1), saving nothing', async () => {
    for (const [lang, msg] of [
      ['en', 'sn: The serial number may contain only letters and digits'],
      ['cn', 'sn: 序列号只能包含字母和数字'],
    ] as const) {
      const res = await acme.run(addDeviceCall, { sn: 'RU 0009', mac: MAC }, lang);
      expect(res).toMatchObject({ code: ErrorCode.PARAMETER_ERROR, msg });
    }
    expect(await saved('RU 0009')).toBe(0);
  });

  it('refuses a MAC or an IMEI that is not one, saving nothing', async () => {
    const mac = await acme.run(addDeviceCall, { sn: 'RU0010', mac: '00:1A:2B:3C:4D' });
    expect(mac).toMatchObject({
      code: ErrorCode.PARAMETER_ERROR,
      msg: 'mac: Please enter a valid MAC address, such as 00:1A:2B:3C:4D:5E',
    });
    const macCn = await acme.run(addDeviceCall, { sn: 'RU0010', mac: '00-1A:2B:3C:4D:5E' }, 'cn');
    expect(macCn.msg).toBe('mac: 请输入正确的MAC地址，如00:1A:2B:3C:4D:5E');
    const imei = await acme.run(addDeviceCall, { sn: 'RU0010', imei: '35678901234567' });
    expect(imei).toMatchObject({ code: ErrorCode.PARAMETER_ERROR, msg: 'imei: The IMEI must be 15 digits' });
    expect((await acme.run(addDeviceCall, { sn: 'RU0010', imei: '3567890123456x1' }, 'cn')).msg).toBe(
      'imei: IMEI须为15位数字',
    );
    expect(await saved('RU0010')).toBe(0);
    const ok = await acme.run(addDeviceCall, { sn: 'RU0011', imei: '356789012345671' });
    expect(ok.data).toMatchObject({ sn: 'RU0011', imei: '356789012345671' });
  });

  it('refuses a name over 30 characters when adding and renaming', async () => {
    const long = 'n'.repeat(31);
    const add = await acme.run(addDeviceCall, { sn: 'RU0012', name: long, mac: MAC }, 'cn');
    expect(add).toMatchObject({ code: ErrorCode.PARAMETER_ERROR, msg: 'name: 最多30个字符' });
    expect(await saved('RU0012')).toBe(0);
    const rename = await acme.run(updateDeviceCall, { sn: 'RU0002', name: long });
    expect(rename).toMatchObject({ code: ErrorCode.PARAMETER_ERROR, msg: 'name: Max. 30 characters' });
    expect((await acme.run(getDeviceCall, { sn: 'RU0002' })).data?.name).toBe('RU0002');
    expect((await acme.run(updateDeviceCall, { sn: 'RU0002', name: 'n'.repeat(30) })).code).toBe(0);
  });

  it('refuses more than 5 tags (200013) and a tag over 20 characters (200012), saving nothing', async () => {
    const six = await acme.run(addDeviceCall, {
      sn: 'RU0013',
      mac: MAC,
      tags: ['a', 'b', 'c', 'd', 'e', 'f'],
    });
    expect(six).toMatchObject({ code: ErrorCode.TAGS_PER_DEVICE, msg: 'A device can have at most 5 tags' });
    const long = await acme.run(addDeviceCall, { sn: 'RU0013', mac: MAC, tags: ['t'.repeat(21)] }, 'cn');
    expect(long).toMatchObject({ code: ErrorCode.TAG_NAME_TOO_LONG, msg: '标签名称最多20个字符' });
    expect(await saved('RU0013')).toBe(0);
    const five = await acme.run(addDeviceCall, { sn: 'RU0013', mac: MAC, tags: ['a', 'b', 'c', 'd', 'e'] });
    expect(five.data?.tags).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('refuses an SN that exists already (120003) in both languages', async () => {
    for (const lang of ['en', 'cn'] as const) {
      const res = await acme.run(addDeviceCall, { sn: 'OR0001', mac: MAC }, lang);
      expect(res).toMatchObject({
        code: ErrorCode.DEVICE_SN_EXISTS,
        msg: errorMessage(ErrorCode.DEVICE_SN_EXISTS, lang),
      });
    }
    expect((await other.run(getDeviceCall, { sn: 'OR0001' })).data?.name).toBe('OR0001');
  });
});

describe('importing devices', () => {
  it('refuses duplicate rows and SNs that exist already row by row with the row number, in Chinese, and saves the valid rows', async () => {
    const csv = [
      HEADER,
      '20240101000001,A,R1,00:1A:2B:3C:4D:01,',
      '20240101000001,B,R1,00:1A:2B:3C:4D:02,',
      '20240101999999,C,R1,00:1A:2B:3C:4D:03,',
    ].join('\n');
    const res = await acme.run(
      importDevicesCall,
      { fileName: 'd.csv', content: b64(csv), commit: true },
      'cn',
    );
    expect(res.data?.rows.map((r) => [r.row, r.errors])).toEqual([
      [2, []],
      [3, ['设备ID不能重复 (第2行)']],
      [4, [errorMessage(ErrorCode.DEVICE_SN_EXISTS, 'cn')]],
    ]);
    // The valid first row is saved once; the rejected rows save nothing.
    expect(res.data).toMatchObject({ valid: 1, invalid: 2, imported: 1 });
    expect(await saved('20240101000001')).toBe(2);
    const name = await t.deps.db
      .selectFrom('device')
      .select('name')
      .where('sn', '=', '20240101000001')
      .executeTakeFirst();
    expect(name?.name).toBe('A');
  });

  it(`refuses a file of more than ${IMPORT_MAX_ROWS} rows with 120024 in Chinese, even on commit`, async () => {
    const rows = Array.from(
      { length: IMPORT_MAX_ROWS + 1 },
      (_, i) => `2025${String(i).padStart(10, '0')},,R1,${MAC},`,
    );
    const res = await acme.run(
      importDevicesCall,
      { fileName: 'big.csv', content: b64([HEADER, ...rows].join('\n')), commit: true },
      'cn',
    );
    expect(res).toMatchObject({
      code: ErrorCode.IMPORT_LIMIT,
      msg: '导入设备数量超过限制',
      data: IMPORT_MAX_ROWS,
    });
    expect(await saved('20250000000000')).toBe(0);
  });
});

describe('moving and transferring devices', () => {
  const tooMany = () => [
    'RU0001',
    ...Array.from({ length: MAX_DEVICES_PER_ASSIGN }, (_, i) => `MV${String(i).padStart(4, '0')}`),
  ];

  it('moves at most 100 devices per operation, the message naming the number, and moves none beyond', async () => {
    const res = await acme.run(moveDevicesCall, { sns: tooMany(), groupId: UNGROUPED });
    expect(res).toMatchObject({
      code: ErrorCode.PARAMETER_ERROR,
      msg: `sns: A maximum of ${MAX_DEVICES_PER_ASSIGN} devices per operation`,
    });
    const info = await acme.run(queryGroupInformationCall, { pageNum: 1, pageSize: GROUP_QUERY_PAGE_SIZE });
    const root = info.data!.deviceRootGroup.rootGroupId;
    const into = await acme.run(moveDevicesCall, { sns: tooMany(), groupId: root }, 'cn');
    expect(into.msg).toBe(`sns: 每次最多操作${MAX_DEVICES_PER_ASSIGN}台设备`);
    expect((await acme.run(getDeviceCall, { sn: 'RU0001' })).data?.groupId).toBeNull();
  });

  it('transfers at most 100 devices (17000 with the number) and transfers none beyond', async () => {
    const res = await acme.run(transferDevicesCall, { sns: tooMany(), companyId: other.companyId });
    expect(res).toMatchObject({
      code: ErrorCode.TRANSFER_LIMIT,
      msg: `At most ${MAX_DEVICES_PER_ASSIGN} devices can be transferred at a time`,
    });
    expect((await acme.run(getDeviceCall, { sn: 'RU0001' })).code).toBe(0);
  });
});

describe('look-ups of the console', () => {
  it('names one missing SN in Chinese and lists several in English (obtaindNotExistDevices)', async () => {
    const one = await acme.run(obtainNotExistDevicesCall, { sns: ['RU0001', 'OR0001'] }, 'cn');
    expect(one).toMatchObject({
      code: ErrorCode.NO_SN_RECORD,
      msg: errorMessage(ErrorCode.NO_SN_RECORD, 'cn', 'OR0001'),
      data: 'OR0001',
    });
    expect(one.msg).toContain('OR0001');
    const several = await acme.run(obtainNotExistDevicesCall, { sns: ['NOPE1', 'RU0001', 'NOPE2'] });
    expect(several).toMatchObject({
      code: ErrorCode.NO_SN_RECORDS,
      msg: errorMessage(ErrorCode.NO_SN_RECORDS, 'en', ['NOPE1', 'NOPE2']),
    });
    expect(several.msg).toContain('NOPE1, NOPE2');
  });

  it('says "the gateway does not exist" in both languages for an unknown or foreign SN', async () => {
    const en = await acme.run(checkGatewayExistCall, { sn: 'NOPE9' });
    expect(en).toMatchObject({ code: ErrorCode.GATEWAY_NOT_FOUND, msg: 'The gateway does not exist' });
    const cn = await acme.run(checkGatewayExistCall, { sn: 'OR0001' }, 'cn');
    expect(cn).toMatchObject({ code: ErrorCode.GATEWAY_NOT_FOUND, msg: '网关不存在' });
  });

  it(`queries groups with {pageNum: 1, pageSize: ${GROUP_QUERY_PAGE_SIZE}} and no more`, async () => {
    const ok = await acme.run(queryGroupInformationCall, { pageNum: 1, pageSize: GROUP_QUERY_PAGE_SIZE });
    expect(ok.code).toBe(0);
    expect(ok.data?.deviceRootGroup.deviceCount).toBeGreaterThanOrEqual(2);
    const over = await acme.run(queryGroupInformationCall, {
      pageNum: 1,
      pageSize: GROUP_QUERY_PAGE_SIZE + 1,
    });
    expect(over.code).toBe(ErrorCode.PARAMETER_ERROR);
  });

  it('tells whether device details may be opened: yes with devices.view, no without, 101 to a visitor', async () => {
    expect((await acme.run(checkDeviceDetailAccessCall, {})).data).toBe(true);
    const role = await acme.run(createRoleCall, {
      roleName: 'Groups only',
      roleType: 0,
      funCodes: ['groups.view'],
    });
    expect(role.code).toBe(0);
    const account = 'groups-only@acme-rules.test';
    await addUser(acme, { account, roleId: role.data!.roleId });
    const groupsOnly = await signIn(t, account);
    const answer = await groupsOnly.call(
      checkDeviceDetailAccessCall.method,
      checkDeviceDetailAccessCall.path,
    );
    expect(answer.body).toMatchObject({ code: 0, data: false });
    const res = await t.call(checkDeviceDetailAccessCall.method, checkDeviceDetailAccessCall.path);
    expect(res.body).toMatchObject({
      code: ErrorCode.NO_CREDENTIALS,
      msg: errorMessage(ErrorCode.NO_CREDENTIALS, 'en'),
    });
  });
});
