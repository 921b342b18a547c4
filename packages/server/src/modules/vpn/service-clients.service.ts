import { createHash, randomBytes } from 'node:crypto';
import {
  type CallParsedInput,
  type createServiceClientCall,
  ErrorCode,
  type listServiceClientsCall,
  MAX_VPN_GROUPS_PER_SERVICE_CLIENT,
  type ServiceClient,
  type updateServiceClientCall,
} from '@fleetport/contract';
import { type Actor, owningCompany, owningScope } from '../../platform/auth/actor.ts';
import { type DbOrTx, inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { preparePki, revokeMembers } from './certificates.ts';
import { dropTunnels, syncGroup } from './hub-sync.ts';
import type { ClientRecord } from './service-clients.store.ts';
import * as clients from './service-clients.store.ts';
import { assignAddresses, clientKey, findGroupOrFail, type VpnDeps } from './vpn.service.ts';
import * as store from './vpn.store.ts';

/**
 * Service clients (core §3, §5): engineers' laptops and servers that reach the groups' sites. A client
 * joins at most 5 groups (180033), a user-type client one (180007); each link is a member of the group
 * with its own address and certificate, revoked when the link or the client goes.
 */

function checkGroupCount(type: 'user' | 'server', groupIds: readonly number[]): void {
  if (type === 'user' && groupIds.length > 1) throw new AppError(ErrorCode.USER_CLIENT_ONE_GROUP);
  if (groupIds.length > MAX_VPN_GROUPS_PER_SERVICE_CLIENT) throw new AppError(ErrorCode.CLIENT_GROUP_LIMIT);
}

async function describe(deps: VpnDeps, actor: Actor, rows: ClientRecord[]): Promise<ServiceClient[]> {
  const groups = await clients.clientGroups(
    deps.db,
    actor.scope,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    clientId: r.id,
    name: r.name,
    clientCode: r.client_code,
    type: r.type,
    groups: groups.get(r.id) ?? [],
    createdAt: r.created_at.getTime(),
  }));
}

export async function findClientOrFail(
  deps: VpnDeps,
  actor: Actor,
  id: number,
  tx: DbOrTx = deps.db,
  lock = false,
) {
  const row = await clients.findClient(tx, actor.scope, id, lock);
  if (!row) throw new AppError(ErrorCode.SERVICE_CLIENT_NOT_FOUND);
  return row;
}

export async function listClients(
  deps: VpnDeps,
  actor: Actor,
  input: CallParsedInput<typeof listServiceClientsCall>,
) {
  const { rows, total } = await clients.pageClients(
    deps.db,
    actor.scope,
    input.name,
    (input.pageNum - 1) * input.pageSize,
    input.pageSize,
  );
  return { list: await describe(deps, actor, rows), total };
}

/** Links the client to `groupIds` exactly: joins the new ones (addresses kept from before), leaves the rest. */
async function linkGroups(
  deps: VpnDeps,
  tx: DbOrTx,
  actor: Actor,
  clientId: number,
  groupIds: readonly number[],
): Promise<{ left: number[]; touched: number[] }> {
  const scope = owningScope(actor.scope);
  const companyId = owningCompany(scope);
  const key = clientKey(clientId);
  const now = deps.clock.now();
  const current = (await clients.clientGroups(tx, scope, [clientId])).get(clientId) ?? [];
  const currentIds = new Set(current.map((g) => g.vpnGroupId));
  const wanted = new Set(groupIds);
  for (const groupId of wanted) {
    if (currentIds.has(groupId)) continue;
    const group = await findGroupOrFail(deps, actor, groupId, tx, true);
    const address = (await assignAddresses(tx, scope, group, [key])).get(key) as string;
    await store.saveMember(
      tx,
      scope,
      { groupId, memberKey: key, kind: 'client', sn: null, clientId, virtualIp: address },
      now,
    );
  }
  const left = [...currentIds].filter((id) => !wanted.has(id));
  for (const groupId of left) {
    await store.leaveGroup(tx, scope, groupId, [key], now);
    await revokeMembers(deps, tx, companyId, groupId, [key], now);
  }
  const touched = [...new Set([...left, ...[...wanted].filter((id) => !currentIds.has(id))])];
  for (const groupId of touched) await syncGroup(deps, tx, companyId, groupId);
  return { left, touched };
}

export async function createClient(
  deps: VpnDeps,
  actor: Actor,
  input: CallParsedInput<typeof createServiceClientCall>,
): Promise<ServiceClient & { clientKey: string }> {
  await preparePki(deps);
  const groupIds = [...new Set(input.vpnGroupIds)];
  checkGroupCount(input.type, groupIds);
  const scope = owningScope(actor.scope);
  const secret = randomBytes(18).toString('base64url');
  const row = await inTransaction(deps.db, async (tx) => {
    if (await clients.clientNameTaken(tx, scope, input.name))
      throw new AppError(ErrorCode.SERVICE_CLIENT_NAME_EXISTS);
    const created = await clients.insertClient(
      tx,
      scope,
      {
        name: input.name,
        clientCode: `SC${randomBytes(6).toString('hex').toUpperCase()}`,
        type: input.type,
        keyHash: createHash('sha256').update(secret).digest('hex'),
      },
      deps.clock.now(),
    );
    await linkGroups(deps, tx, actor, created.id, groupIds);
    return created;
  });
  const [client] = await describe(deps, actor, [row]);
  return { ...(client as ServiceClient), clientKey: secret };
}

export async function updateClient(
  deps: VpnDeps,
  actor: Actor,
  input: CallParsedInput<typeof updateServiceClientCall>,
): Promise<ServiceClient> {
  await preparePki(deps);
  const groupIds = [...new Set(input.vpnGroupIds)];
  const scope = owningScope(actor.scope);
  let left: number[] = [];
  await inTransaction(deps.db, async (tx) => {
    const row = await findClientOrFail(deps, actor, input.clientId, tx, true);
    checkGroupCount(row.type, groupIds);
    if (await clients.clientNameTaken(tx, scope, input.name, row.id))
      throw new AppError(ErrorCode.SERVICE_CLIENT_NAME_EXISTS);
    await clients.renameClient(tx, scope, row.id, input.name);
    ({ left } = await linkGroups(deps, tx, actor, row.id, groupIds));
  });
  for (const groupId of left) await dropTunnels(deps, groupId, [clientKey(input.clientId)]);
  const [client] = await describe(deps, actor, [await findClientOrFail(deps, actor, input.clientId)]);
  return client as ServiceClient;
}

export async function deleteClient(deps: VpnDeps, actor: Actor, clientId: number): Promise<null> {
  await preparePki(deps);
  let left: number[] = [];
  await inTransaction(deps.db, async (tx) => {
    const row = await findClientOrFail(deps, actor, clientId, tx, true);
    ({ left } = await linkGroups(deps, tx, actor, row.id, []));
    await clients.deleteClient(tx, owningScope(actor.scope), row.id);
  });
  for (const groupId of left) await dropTunnels(deps, groupId, [clientKey(clientId)]);
  return null;
}
