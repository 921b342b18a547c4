import {
  createGroupCall,
  deleteGroupCall,
  ErrorCode,
  getGroupCall,
  moveDevicesCall,
  queryGroupInformationCall,
  renameGroupCall,
  setGroupAdminCall,
  UNGROUPED,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { bind } from '../../platform/http/calls.ts';
import { bulkResult, eachDevice, ownedSns } from '../devices/bulk-results.ts';
import { companyOf } from '../devices/company-scope.ts';
import { findMember } from '../users/users.store.ts';
import { ensureGroup, groupNameTaken, listGroups, rootGroupId, subtreeIds } from './device-groups.store.ts';
import { groupAdminIds, setGroupAdmin } from './group-admins.store.ts';

/** Device groups (core §2 devices/deviceGroup, §3 device group info, §5 at most 100 devices a move). */
export function deviceGroupRoutes(deps: ModuleDeps<'clock' | 'db' | 'gateway' | 'hub'>) {
  const { db, clock } = deps;
  return [
    bind(queryGroupInformationCall, async (ctx) => {
      const companyId = companyOf(ctx);
      const [root, groups, counts] = await Promise.all([
        rootGroupId(db, companyId),
        listGroups(db, companyId),
        db
          .selectFrom('device')
          .select([
            (eb) => eb.fn.countAll<string>().as('all'),
            (eb) => eb.fn.count<string>('group_id').as('grouped'),
          ])
          .where('company_id', '=', companyId)
          .executeTakeFirstOrThrow(),
      ]);
      const { pageNum, pageSize } = ctx.input;
      return {
        deviceRootGroup: { rootGroupId: root, deviceCount: Number(counts.all) },
        deviceOtherGroup: groups.slice((pageNum - 1) * pageSize, pageNum * pageSize),
        ungroupedCount: Number(counts.all) - Number(counts.grouped),
      };
    }),
    bind(getGroupCall, async (ctx) => ensureGroup(db, companyOf(ctx), ctx.input.groupId)),
    bind(createGroupCall, async (ctx) => {
      const companyId = companyOf(ctx);
      const parent = ctx.input.parentId
        ? (await ensureGroup(db, companyId, ctx.input.parentId)).groupId
        : await rootGroupId(db, companyId);
      if (await groupNameTaken(db, companyId, ctx.input.groupName)) throw new AppError(ErrorCode.NAME_EXISTS);
      const row = await db
        .insertInto('company_group')
        .values({ company_id: companyId, parent_id: parent, name: ctx.input.groupName })
        .returning('id')
        .executeTakeFirstOrThrow();
      return ensureGroup(db, companyId, Number(row.id));
    }),
    bind(renameGroupCall, async (ctx) => {
      const companyId = companyOf(ctx);
      await ensureGroup(db, companyId, ctx.input.groupId);
      if (await groupNameTaken(db, companyId, ctx.input.groupName, ctx.input.groupId))
        throw new AppError(ErrorCode.NAME_EXISTS);
      await db
        .updateTable('company_group')
        .set({ name: ctx.input.groupName })
        .where('id', '=', ctx.input.groupId)
        .execute();
      return ensureGroup(db, companyId, ctx.input.groupId);
    }),
    bind(deleteGroupCall, async (ctx) => {
      const companyId = companyOf(ctx);
      await ensureGroup(db, companyId, ctx.input.groupId);
      await inTransaction(db, async (tx) => {
        const ids = await subtreeIds(tx, ctx.input.groupId);
        await tx
          .updateTable('device')
          .set({ group_id: null })
          .where('company_id', '=', companyId)
          .where('group_id', 'in', ids)
          .execute();
        // Subgroups go with it (the foreign key cascades).
        await tx.deleteFrom('company_group').where('id', '=', ctx.input.groupId).execute();
      });
      return null;
    }),
    bind(moveDevicesCall, async (ctx) => {
      const companyId = companyOf(ctx);
      const target =
        ctx.input.groupId === UNGROUPED
          ? null
          : (await ensureGroup(db, companyId, ctx.input.groupId)).groupId;
      const owned = await ownedSns(db, companyId, ctx.input.sns);
      const results = await eachDevice(ctx.input.sns, ctx.lang, async (sn) => {
        if (!owned.has(sn)) throw new AppError(ErrorCode.DEVICE_NOT_FOUND, sn);
        await db
          .updateTable('device')
          .set({ group_id: target, updated_at: clock.now() })
          .where('sn', '=', sn)
          .execute();
      });
      return bulkResult(results);
    }),
    bind(setGroupAdminCall, async (ctx) => {
      const companyId = companyOf(ctx);
      const { groupId, userId, admin } = ctx.input;
      await ensureGroup(db, companyId, groupId);
      if (!(await findMember(db, companyId, userId))) throw new AppError(ErrorCode.USER_NOT_FOUND);
      await setGroupAdmin(db, companyId, groupId, userId, admin);
      return { userIds: await groupAdminIds(db, companyId, groupId) };
    }),
  ];
}
