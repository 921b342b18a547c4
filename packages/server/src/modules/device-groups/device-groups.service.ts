import {
  type CallParsedInput,
  ErrorCode,
  GROUP_ADMIN_CANDIDATES_MAX,
  type Lang,
  type moveDevicesCall,
  type queryGroupInformationCall,
  type setGroupAdminCall,
  UNGROUPED,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { bulkResult, eachDevice, ownedSns } from '../devices/bulk-results.ts';
import { findMember, listMembers } from '../users/users.store.ts';
import {
  countGroupedDevices,
  deleteGroupTree,
  ensureGroup,
  groupNameTaken,
  insertGroup,
  listGroups,
  renameGroup,
  rootGroupId,
  setDeviceGroup,
} from './device-groups.store.ts';
import { groupAdminIds, listGroupAdmins, setGroupAdmin } from './group-admins.store.ts';

/** What the device groups area reads from AppDeps (its manifest's `uses`). */
export type DeviceGroupDeps = ModuleDeps<'clock' | 'db'>;

/** Device groups (core §2 devices/deviceGroup, §3 device group info, §5 at most 100 devices a move). */

export async function groupInformation(
  { db }: DeviceGroupDeps,
  actor: Actor,
  { pageNum, pageSize }: CallParsedInput<typeof queryGroupInformationCall>,
) {
  const [root, groups, counts] = await Promise.all([
    rootGroupId(db, actor.scope),
    listGroups(db, actor.scope),
    countGroupedDevices(db, actor.scope),
  ]);
  return {
    deviceRootGroup: { rootGroupId: root, deviceCount: counts.all },
    deviceOtherGroup: groups.slice((pageNum - 1) * pageSize, pageNum * pageSize),
    ungroupedCount: counts.all - counts.grouped,
  };
}

export function getGroup({ db }: DeviceGroupDeps, actor: Actor, groupId: number) {
  return ensureGroup(db, actor.scope, groupId);
}

export async function createGroup(
  { db }: DeviceGroupDeps,
  actor: Actor,
  input: { parentId?: number | null | undefined; groupName: string },
) {
  const parent = input.parentId
    ? (await ensureGroup(db, actor.scope, input.parentId)).groupId
    : await rootGroupId(db, actor.scope);
  if (await groupNameTaken(db, actor.scope, input.groupName)) throw new AppError(ErrorCode.NAME_EXISTS);
  return ensureGroup(db, actor.scope, await insertGroup(db, actor.scope, parent, input.groupName));
}

export async function renameGroupOf(
  { db }: DeviceGroupDeps,
  actor: Actor,
  { groupId, groupName }: { groupId: number; groupName: string },
) {
  await ensureGroup(db, actor.scope, groupId);
  if (await groupNameTaken(db, actor.scope, groupName, groupId)) throw new AppError(ErrorCode.NAME_EXISTS);
  await renameGroup(db, actor.scope, groupId, groupName);
  return ensureGroup(db, actor.scope, groupId);
}

export async function deleteGroup({ db }: DeviceGroupDeps, actor: Actor, groupId: number) {
  await ensureGroup(db, actor.scope, groupId);
  await inTransaction(db, (tx) => deleteGroupTree(tx, actor.scope, groupId));
  return null;
}

/** Each device is moved or refused on its own (its result says why); another company's is "not found". */
export async function moveDevices(
  { db, clock }: DeviceGroupDeps,
  actor: Actor,
  input: CallParsedInput<typeof moveDevicesCall>,
  lang: Lang,
) {
  const target =
    input.groupId === UNGROUPED ? null : (await ensureGroup(db, actor.scope, input.groupId)).groupId;
  const owned = await ownedSns(db, actor.scope, input.sns);
  const results = await eachDevice(input.sns, lang, async (sn) => {
    if (!owned.has(sn)) throw new AppError(ErrorCode.DEVICE_NOT_FOUND, sn);
    await setDeviceGroup(db, actor.scope, sn, target, clock.now());
  });
  return bulkResult(results);
}

export async function setGroupAdministrator(
  { db }: DeviceGroupDeps,
  actor: Actor,
  { groupId, userId, admin }: CallParsedInput<typeof setGroupAdminCall>,
) {
  await ensureGroup(db, actor.scope, groupId);
  if (!(await findMember(db, actor.scope, userId))) throw new AppError(ErrorCode.USER_NOT_FOUND);
  await setGroupAdmin(db, actor.scope, groupId, userId, admin);
  return { userIds: await groupAdminIds(db, actor.scope, groupId) };
}

export async function groupAdministrators({ db }: DeviceGroupDeps, actor: Actor, groupId: number) {
  await ensureGroup(db, actor.scope, groupId);
  return listGroupAdmins(db, actor.scope, groupId);
}

/** Members the "Administrators" control offers, searched by name or account. */
export async function adminCandidates({ db }: DeviceGroupDeps, actor: Actor, keyword: string | undefined) {
  const { list } = await listMembers(
    db,
    actor.scope,
    { keyword: keyword || undefined },
    0,
    GROUP_ADMIN_CANDIDATES_MAX,
  );
  return list.map((m) => ({
    userId: Number(m.user_id),
    userName: m.user_name,
    loginAccount: m.login_account,
  }));
}
