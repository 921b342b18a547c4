import {
  type CallParsedInput,
  ErrorCode,
  type Lang,
  MAX_DEVICES_PER_ASSIGN,
  MAX_TAGS_PER_DEVICE,
  type setDeviceTagsCall,
  type tagDevicesCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { bulkResult, eachDevice, ownedSns } from '../devices/bulk-results.ts';
import { getCompanyDevice, tagsOfDevices } from '../devices/device-list.store.ts';
import {
  checkedTagNames,
  deleteTag,
  ensureTags,
  findTag,
  findTagByName,
  linkTags,
  listTags,
  renameTag,
  unlinkTags,
} from './device-tags.store.ts';

/** What the tags area reads from AppDeps (its manifest's `uses`). */
export type DeviceTagDeps = ModuleDeps<'db'>;

/** The tags page and tagging devices (core §3 device tag; codes 200010-200016). */
export function getTags({ db }: DeviceTagDeps, actor: Actor, nameLike?: string) {
  return listTags(db, actor.scope, nameLike);
}

export async function createTag({ db }: DeviceTagDeps, actor: Actor, tagName: string) {
  const [name] = checkedTagNames([tagName]) as [string];
  return inTransaction(db, async (tx) => {
    if (await findTagByName(tx, actor.scope, name)) throw new AppError(ErrorCode.TAG_NAME_EXISTS);
    const [id] = await ensureTags(tx, actor.scope, [name]);
    return findTag(tx, actor.scope, id!);
  });
}

export async function renameTagOf({ db }: DeviceTagDeps, actor: Actor, tagId: number, tagName: string) {
  const [name] = checkedTagNames([tagName]) as [string];
  return inTransaction(db, async (tx) => {
    await findTag(tx, actor.scope, tagId);
    const same = await findTagByName(tx, actor.scope, name);
    if (same && Number(same.id) !== tagId) throw new AppError(ErrorCode.TAG_NAME_EXISTS);
    await renameTag(tx, actor.scope, tagId, name);
    return findTag(tx, actor.scope, tagId);
  });
}

/** A tag still on a device is refused (200012): the user removes it from the devices first. */
export async function deleteTagOf({ db }: DeviceTagDeps, actor: Actor, tagId: number): Promise<null> {
  const tag = await findTag(db, actor.scope, tagId);
  if (tag.deviceCount > 0) throw new AppError(ErrorCode.TAG_IN_USE);
  await deleteTag(db, actor.scope, tag.tagId);
  return null;
}

/** Adds and removes tags on many devices; each device answers on its own (bulk result). */
export async function tagDevices(
  { db }: DeviceTagDeps,
  actor: Actor,
  input: CallParsedInput<typeof tagDevicesCall>,
  lang: Lang,
) {
  if (new Set(input.sns).size > MAX_DEVICES_PER_ASSIGN) throw new AppError(ErrorCode.TAG_ASSIGN_LIMIT);
  const add = checkedTagNames(input.add);
  const remove = checkedTagNames(input.remove).map((n) => n.toLowerCase());
  const owned = await ownedSns(db, actor.scope, input.sns);
  const current = await tagsOfDevices(db, [...owned]);
  const addIds = await ensureTags(db, actor.scope, add);
  const removeIds = (await listTags(db, actor.scope))
    .filter((t) => remove.includes(t.tagName.toLowerCase()))
    .map((t) => t.tagId);
  const results = await eachDevice(input.sns, lang, async (sn) => {
    if (!owned.has(sn)) throw new AppError(ErrorCode.DEVICE_NOT_FOUND, sn);
    const kept = (current.get(sn) ?? []).filter((t) => !remove.includes(t.toLowerCase()));
    const after = new Set([...kept, ...add].map((t) => t.toLowerCase()));
    if (after.size > MAX_TAGS_PER_DEVICE) throw new AppError(ErrorCode.TAGS_PER_DEVICE, MAX_TAGS_PER_DEVICE);
    await inTransaction(db, async (tx) => {
      await unlinkTags(tx, [sn], removeIds);
      await linkTags(tx, [sn], addIds);
    });
  });
  return bulkResult(results);
}

/** Replaces one device's tags. */
export async function setDeviceTags(
  { db }: DeviceTagDeps,
  actor: Actor,
  input: CallParsedInput<typeof setDeviceTagsCall>,
) {
  const names = checkedTagNames(input.tags);
  if (names.length > MAX_TAGS_PER_DEVICE) throw new AppError(ErrorCode.TAGS_PER_DEVICE, MAX_TAGS_PER_DEVICE);
  const device = await getCompanyDevice(db, actor.scope, input.sn);
  await inTransaction(db, async (tx) => {
    await unlinkTags(tx, [device.sn]);
    await linkTags(tx, [device.sn], await ensureTags(tx, actor.scope, names));
  });
  return (await tagsOfDevices(db, [device.sn])).get(device.sn) ?? [];
}
