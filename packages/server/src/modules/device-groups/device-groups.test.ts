import {
  createGroupCall,
  createTagCall,
  deleteGroupCall,
  deleteTagCall,
  ErrorCode,
  getDeviceCall,
  getTagsCall,
  listDevicesCall,
  moveDevicesCall,
  queryGroupInformationCall,
  renameGroupCall,
  renameTagCall,
  setDeviceTagsCall,
  tagDevicesCall,
  UNGROUPED,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';

let t: TestApp;
let acme: Owner;
let other: Owner;

beforeAll(async () => {
  t = await createTestApp();
  acme = await companyOwner(t, 'Acme Water', 'owner@acme-groups.test');
  other = await companyOwner(t, 'Other Grid', 'owner@other-groups.test');
  await seedDevices(t, acme.companyId, [{ sn: 'G0001', online: true }, { sn: 'G0002' }, { sn: 'G0003' }]);
  await seedDevices(t, other.companyId, [{ sn: 'OG0001' }]);
});
afterAll(async () => {
  await t.close();
});

describe('device groups', () => {
  it('builds a tree under the root group; devices without a group are Ungrouped', async () => {
    const north = await acme.run(createGroupCall, { groupName: 'North' });
    expect(north.code).toBe(0);
    const info = await acme.run(queryGroupInformationCall, { pageNum: 1, pageSize: 9999 });
    const root = info.data!.deviceRootGroup.rootGroupId;
    expect(north.data?.parentId).toBe(root);
    const wells = await acme.run(createGroupCall, { groupName: 'Wells', parentId: north.data!.groupId });
    expect(wells.data?.parentId).toBe(north.data?.groupId);
    const moved = await acme.run(moveDevicesCall, {
      sns: ['G0001', 'G0002', 'OG0001'],
      groupId: wells.data!.groupId,
    });
    expect(moved.data).toMatchObject({ succeeded: 2, failed: 1 });
    expect(moved.data?.results[2]).toMatchObject({ sn: 'OG0001', code: ErrorCode.DEVICE_NOT_FOUND });
    const after = await acme.run(queryGroupInformationCall, { pageNum: 1, pageSize: 9999 });
    expect(after.data).toMatchObject({
      deviceRootGroup: { rootGroupId: root, deviceCount: 3 },
      ungroupedCount: 1,
    });
    expect(after.data?.deviceOtherGroup.find((g) => g.groupName === 'Wells')).toMatchObject({
      deviceCount: 2,
      onlineCount: 1,
    });
    const ungrouped = await acme.run(listDevicesCall, { groupId: UNGROUPED });
    expect(ungrouped.data?.list.map((d) => d.sn)).toEqual(['G0003']);
    expect((await acme.run(getDeviceCall, { sn: 'G0001' })).data?.groupName).toBe('Wells');
  });

  it('refuses a repeated group name, another company group and a move of more than 100 devices', async () => {
    expect((await acme.run(createGroupCall, { groupName: 'north' })).code).toBe(ErrorCode.NAME_EXISTS);
    const foreign = await other.run(createGroupCall, { groupName: 'Theirs' });
    expect((await acme.run(moveDevicesCall, { sns: ['G0003'], groupId: foreign.data!.groupId })).code).toBe(
      ErrorCode.PARAMETER_ERROR,
    );
    const sns = Array.from({ length: 101 }, (_, i) => `X${i}`);
    const res = await acme.run(moveDevicesCall, { sns, groupId: UNGROUPED }, 'cn');
    expect(res).toMatchObject({ code: ErrorCode.PARAMETER_ERROR, msg: 'sns: 每次最多操作100台设备' });
  });

  it('renames a group, and deleting it leaves its devices Ungrouped', async () => {
    const info = await acme.run(queryGroupInformationCall, {});
    const north = info.data!.deviceOtherGroup.find((g) => g.groupName === 'North')!;
    expect(
      (await acme.run(renameGroupCall, { groupId: north.groupId, groupName: 'North region' })).data
        ?.groupName,
    ).toBe('North region');
    expect((await acme.run(deleteGroupCall, { groupId: north.groupId })).code).toBe(0);
    const after = await acme.run(queryGroupInformationCall, {});
    expect(after.data).toMatchObject({ deviceOtherGroup: [], ungroupedCount: 3 });
  });
});

describe('device tags', () => {
  it('refuses empty, repeated and long names with 200010, 200011 and 200012', async () => {
    expect((await acme.run(createTagCall, { tagName: '  ' })).code).toBe(ErrorCode.TAG_NAME_EMPTY);
    expect((await acme.run(createTagCall, { tagName: 'Pumps' })).code).toBe(0);
    const again = await acme.run(createTagCall, { tagName: 'pumps' }, 'cn');
    expect(again).toMatchObject({ code: ErrorCode.TAG_NAME_EXISTS, msg: '标签名称已存在' });
    const long = await acme.run(createTagCall, { tagName: 'x'.repeat(21) });
    expect(long).toMatchObject({
      code: ErrorCode.TAG_NAME_TOO_LONG,
      msg: 'The tag name can be at most 20 characters',
    });
    expect((await acme.run(createTagCall, { tagName: 'x'.repeat(20) })).code).toBe(0);
  });

  it('tags devices with per-device results, at most 5 tags a device (200013) and 100 devices (200016)', async () => {
    const res = await acme.run(tagDevicesCall, {
      sns: ['G0001', 'G0002', 'OG0001'],
      add: ['Pumps', 'North'],
    });
    expect(res.data).toMatchObject({ succeeded: 2, failed: 1 });
    const full = await acme.run(setDeviceTagsCall, { sn: 'G0003', tags: ['a', 'b', 'c', 'd', 'e'] });
    expect(full.data).toEqual(['a', 'b', 'c', 'd', 'e']);
    const sixth = await acme.run(tagDevicesCall, { sns: ['G0003', 'G0001'], add: ['f'] });
    expect(sixth.data?.results).toEqual([
      { sn: 'G0003', code: ErrorCode.TAGS_PER_DEVICE, msg: 'A device can have at most 5 tags' },
      { sn: 'G0001', code: 0, msg: 'Success' },
    ]);
    expect(
      (await acme.run(setDeviceTagsCall, { sn: 'G0003', tags: ['1', '2', '3', '4', '5', '6'] })).code,
    ).toBe(ErrorCode.TAGS_PER_DEVICE);
    const many = Array.from({ length: 101 }, (_, i) => `T${i}`);
    expect((await acme.run(tagDevicesCall, { sns: many, add: ['x'] })).code).toBe(ErrorCode.TAG_ASSIGN_LIMIT);
  });

  it('lists tags with device counts, filters the device list by tag, and guards rename and delete', async () => {
    const tags = await acme.run(getTagsCall, {});
    const pumps = tags.data!.find((tag) => tag.tagName === 'Pumps')!;
    expect(pumps.deviceCount).toBe(2);
    expect((await other.run(getTagsCall, {})).data).toEqual([]);
    const tagged = await acme.run(listDevicesCall, { tagId: pumps.tagId, sortField: 'sn', sortOrder: 'asc' });
    expect(tagged.data?.list.map((d) => [d.sn, d.tags])).toEqual([
      ['G0001', ['f', 'North', 'Pumps']],
      ['G0002', ['North', 'Pumps']],
    ]);
    expect((await acme.run(deleteTagCall, { tagId: pumps.tagId })).code).toBe(ErrorCode.TAG_IN_USE);
    expect((await other.run(renameTagCall, { tagId: pumps.tagId, tagName: 'Mine' })).code).toBe(
      ErrorCode.TAG_NOT_FOUND,
    );
    expect((await acme.run(renameTagCall, { tagId: pumps.tagId, tagName: 'North' })).code).toBe(
      ErrorCode.TAG_NAME_EXISTS,
    );
    await acme.run(tagDevicesCall, { sns: ['G0001', 'G0002'], remove: ['pumps'] });
    expect((await acme.run(deleteTagCall, { tagId: pumps.tagId })).code).toBe(0);
    expect((await acme.run(getTagsCall, { tagName: 'pum' })).data).toEqual([]);
  });
});
