import {
  createTagCall,
  deleteTagCall,
  ErrorCode,
  getTagsCall,
  MAX_DEVICES_PER_ASSIGN,
  MAX_TAGS_PER_DEVICE,
  renameTagCall,
  setDeviceTagsCall,
  tagDevicesCall,
} from '@fleetport/contract';
import type { AppDeps } from '../../platform/app-deps.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { bind } from '../../platform/http/calls.ts';
import { bulkResult, eachDevice, ownedSns } from '../devices/bulk-results.ts';
import { companyOf } from '../devices/company-scope.ts';
import { getCompanyDevice, tagsOfDevices } from '../devices/device-list.store.ts';
import {
  checkedTagNames,
  ensureTags,
  findTag,
  findTagByName,
  linkTags,
  listTags,
  unlinkTags,
} from './device-tags.store.ts';

/** The tags page and tagging devices (core §3 device tag; codes 200010-200016). */
export function deviceTagRoutes(deps: AppDeps) {
  const { db } = deps;
  return [
    bind(getTagsCall, async (ctx) => listTags(db, companyOf(ctx), ctx.input.tagName)),
    bind(createTagCall, async (ctx) => {
      const companyId = companyOf(ctx);
      const [name] = checkedTagNames([ctx.input.tagName]) as [string];
      return inTransaction(db, async (tx) => {
        if (await findTagByName(tx, companyId, name)) throw new AppError(ErrorCode.TAG_NAME_EXISTS);
        const [id] = await ensureTags(tx, companyId, [name]);
        return findTag(tx, companyId, id!);
      });
    }),
    bind(renameTagCall, async (ctx) => {
      const companyId = companyOf(ctx);
      const [name] = checkedTagNames([ctx.input.tagName]) as [string];
      return inTransaction(db, async (tx) => {
        await findTag(tx, companyId, ctx.input.tagId);
        const same = await findTagByName(tx, companyId, name);
        if (same && Number(same.id) !== ctx.input.tagId) throw new AppError(ErrorCode.TAG_NAME_EXISTS);
        await tx.updateTable('device_tag').set({ name }).where('id', '=', ctx.input.tagId).execute();
        return findTag(tx, companyId, ctx.input.tagId);
      });
    }),
    bind(deleteTagCall, async (ctx) => {
      const companyId = companyOf(ctx);
      const tag = await findTag(db, companyId, ctx.input.tagId);
      if (tag.deviceCount > 0) throw new AppError(ErrorCode.TAG_IN_USE);
      await db.deleteFrom('device_tag').where('id', '=', tag.tagId).execute();
      return null;
    }),
    bind(tagDevicesCall, async (ctx) => {
      const companyId = companyOf(ctx);
      if (new Set(ctx.input.sns).size > MAX_DEVICES_PER_ASSIGN)
        throw new AppError(ErrorCode.TAG_ASSIGN_LIMIT);
      const add = checkedTagNames(ctx.input.add);
      const remove = checkedTagNames(ctx.input.remove).map((n) => n.toLowerCase());
      const owned = await ownedSns(db, companyId, ctx.input.sns);
      const current = await tagsOfDevices(db, [...owned]);
      const addIds = await ensureTags(db, companyId, add);
      const removeIds = (await listTags(db, companyId))
        .filter((t) => remove.includes(t.tagName.toLowerCase()))
        .map((t) => t.tagId);
      const results = await eachDevice(ctx.input.sns, ctx.lang, async (sn) => {
        if (!owned.has(sn)) throw new AppError(ErrorCode.DEVICE_NOT_FOUND, sn);
        const kept = (current.get(sn) ?? []).filter((t) => !remove.includes(t.toLowerCase()));
        const after = new Set([...kept, ...add].map((t) => t.toLowerCase()));
        if (after.size > MAX_TAGS_PER_DEVICE)
          throw new AppError(ErrorCode.TAGS_PER_DEVICE, MAX_TAGS_PER_DEVICE);
        await inTransaction(db, async (tx) => {
          await unlinkTags(tx, [sn], removeIds);
          await linkTags(tx, [sn], addIds);
        });
      });
      return bulkResult(results);
    }),
    bind(setDeviceTagsCall, async (ctx) => {
      const companyId = companyOf(ctx);
      const names = checkedTagNames(ctx.input.tags);
      if (names.length > MAX_TAGS_PER_DEVICE)
        throw new AppError(ErrorCode.TAGS_PER_DEVICE, MAX_TAGS_PER_DEVICE);
      const device = await getCompanyDevice(db, companyId, ctx.input.sn);
      await inTransaction(db, async (tx) => {
        await unlinkTags(tx, [device.sn]);
        await linkTags(tx, [device.sn], await ensureTags(tx, companyId, names));
      });
      return (await tagsOfDevices(db, [device.sn])).get(device.sn) ?? [];
    }),
  ];
}
