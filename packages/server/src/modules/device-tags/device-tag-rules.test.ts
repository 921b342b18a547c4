import {
  createTagCall,
  deleteTagCall,
  ErrorCode,
  errorMessage,
  getDeviceCall,
  getTagsCall,
  MAX_DEVICES_PER_ASSIGN,
  renameTagCall,
  setDeviceTagsCall,
  tagDevicesCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';

/** The tag codes 200010-200016 (core §5, §8), each through the API in both languages; a refusal saves nothing. */

let t: TestApp;
let acme: Owner;
let other: Owner;
const LANGS = ['en', 'cn'] as const;

/** The company's tag names, to show a refusal left them as they were. */
async function tagNames(owner: Owner): Promise<string[]> {
  return ((await owner.run(getTagsCall, {})).data ?? []).map((tag) => tag.tagName).sort();
}

async function tagsOf(sn: string): Promise<string[] | undefined> {
  return (await acme.run(getDeviceCall, { sn })).data?.tags;
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await companyOwner(t, 'Acme Tags', 'owner@acme-tag-rules.test');
  other = await companyOwner(t, 'Other Tags', 'owner@other-tag-rules.test');
  await seedDevices(t, acme.companyId, [{ sn: 'TG0001' }, { sn: 'TG0002' }]);
  await acme.run(createTagCall, { tagName: 'Pumps' });
  await acme.run(setDeviceTagsCall, { sn: 'TG0001', tags: ['Pumps', 'a', 'b', 'c', 'd'] });
});
afterAll(async () => {
  await t.close();
});

describe('tag codes', () => {
  it('200010: an empty tag name', async () => {
    for (const lang of LANGS) {
      const res = await acme.run(createTagCall, { tagName: '   ' }, lang);
      expect(res).toMatchObject({ code: ErrorCode.TAG_NAME_EMPTY, msg: errorMessage(200010, lang) });
    }
    expect(errorMessage(200010, 'en')).toBe('The tag name cannot be empty');
    expect(await tagNames(acme)).not.toContain('');
  });

  it('200011: a tag name the company has already, in any case', async () => {
    const before = await tagNames(acme);
    for (const lang of LANGS) {
      const res = await acme.run(createTagCall, { tagName: 'PUMPS' }, lang);
      expect(res).toMatchObject({ code: ErrorCode.TAG_NAME_EXISTS, msg: errorMessage(200011, lang) });
    }
    expect(errorMessage(200011, 'en')).toBe('The tag name already exists');
    expect(await tagNames(acme)).toEqual(before);
    // Another company may use the same name.
    expect((await other.run(createTagCall, { tagName: 'Pumps' })).code).toBe(0);
  });

  it('200012: a tag name over 20 characters, when creating, renaming and tagging', async () => {
    const long = 'x'.repeat(21);
    const before = await tagNames(acme);
    for (const lang of LANGS) {
      const res = await acme.run(createTagCall, { tagName: long }, lang);
      expect(res).toMatchObject({ code: ErrorCode.TAG_NAME_TOO_LONG, msg: errorMessage(200012, lang) });
    }
    expect(errorMessage(200012, 'cn')).toBe('标签名称最多20个字符');
    const pumps = (await acme.run(getTagsCall, {})).data!.find((tag) => tag.tagName === 'Pumps')!;
    expect((await acme.run(renameTagCall, { tagId: pumps.tagId, tagName: long })).code).toBe(
      ErrorCode.TAG_NAME_TOO_LONG,
    );
    expect((await acme.run(setDeviceTagsCall, { sn: 'TG0002', tags: [long] })).code).toBe(
      ErrorCode.TAG_NAME_TOO_LONG,
    );
    expect(await tagNames(acme)).toEqual(before);
    expect(await tagsOf('TG0002')).toEqual([]);
  });

  it('200013: a sixth tag on a device, for one device and per device in a batch', async () => {
    for (const lang of LANGS) {
      const res = await acme.run(
        setDeviceTagsCall,
        { sn: 'TG0002', tags: ['1', '2', '3', '4', '5', '6'] },
        lang,
      );
      expect(res).toMatchObject({ code: ErrorCode.TAGS_PER_DEVICE, msg: errorMessage(200013, lang) });
    }
    expect(await tagsOf('TG0002')).toEqual([]);
    const batch = await acme.run(tagDevicesCall, { sns: ['TG0001', 'TG0002'], add: ['North'] }, 'cn');
    expect(batch.data).toMatchObject({ succeeded: 1, failed: 1 });
    expect(batch.data?.results[0]).toEqual({
      sn: 'TG0001',
      code: ErrorCode.TAGS_PER_DEVICE,
      msg: '每台设备最多5个标签',
    });
    expect(await tagsOf('TG0001')).not.toContain('North');
    expect(await tagsOf('TG0002')).toEqual(['North']);
  });

  it("200014: a tag that does not exist, or is another company's", async () => {
    const theirs = (await other.run(getTagsCall, {})).data![0]!;
    for (const lang of LANGS) {
      const rename = await acme.run(renameTagCall, { tagId: theirs.tagId, tagName: 'Mine' }, lang);
      expect(rename).toMatchObject({ code: ErrorCode.TAG_NOT_FOUND, msg: errorMessage(200014, lang) });
      const remove = await acme.run(deleteTagCall, { tagId: theirs.tagId }, lang);
      expect(remove).toMatchObject({ code: ErrorCode.TAG_NOT_FOUND, msg: errorMessage(200014, lang) });
    }
    expect(errorMessage(200014, 'en')).toBe('The tag does not exist');
    expect(await tagNames(other)).toEqual(['Pumps']);
  });

  it('200015: deleting a tag devices still carry', async () => {
    const pumps = (await acme.run(getTagsCall, {})).data!.find((tag) => tag.tagName === 'Pumps')!;
    for (const lang of LANGS) {
      const res = await acme.run(deleteTagCall, { tagId: pumps.tagId }, lang);
      expect(res).toMatchObject({ code: ErrorCode.TAG_IN_USE, msg: errorMessage(200015, lang) });
    }
    expect(errorMessage(200015, 'en')).toBe('The tag is in use by devices and cannot be deleted');
    expect(await tagNames(acme)).toContain('Pumps');
    expect(await tagsOf('TG0001')).toContain('Pumps');
  });

  it(`200016: tagging more than ${MAX_DEVICES_PER_ASSIGN} devices at a time`, async () => {
    const sns = ['TG0002', ...Array.from({ length: MAX_DEVICES_PER_ASSIGN }, (_, i) => `TX${i}`)];
    for (const lang of LANGS) {
      const res = await acme.run(tagDevicesCall, { sns, add: ['South'] }, lang);
      expect(res).toMatchObject({ code: ErrorCode.TAG_ASSIGN_LIMIT, msg: errorMessage(200016, lang) });
    }
    expect(errorMessage(200016, 'en')).toBe('Tags can be assigned to at most 100 devices at a time');
    expect(await tagsOf('TG0002')).toEqual(['North']);
    expect(await tagNames(acme)).not.toContain('South');
  });
});
