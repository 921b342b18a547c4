import type { ServiceClient } from '@fleetport/contract';
import { sql } from 'kysely';
import { type CompanyScope, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import { containsPattern } from '../../platform/db/like.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/** SQL of service clients; their group links are `vpn_member` rows of kind `client`. */

export interface ClientRecord {
  id: number;
  name: string;
  client_code: string;
  type: 'user' | 'server';
  created_at: Date;
}

const COLUMNS = ['id', 'name', 'client_code', 'type', 'created_at'] as const;

function toClient(row: {
  id: number | string;
  name: string;
  client_code: string;
  type: 'user' | 'server';
  created_at: Date;
}) {
  return { ...row, id: Number(row.id) };
}

export async function clientNameTaken(db: DbOrTx, scope: CompanyScope, name: string, exceptId?: number) {
  let q = db
    .selectFrom('vpn_service_client')
    .select('id')
    .where('company_id', '=', owningCompany(scope))
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertClient(
  db: DbOrTx,
  scope: CompanyScope,
  client: { name: string; clientCode: string; type: 'user' | 'server'; keyHash: string },
  at: Date,
): Promise<ClientRecord> {
  const row = await db
    .insertInto('vpn_service_client')
    .values({
      company_id: owningCompany(scope),
      name: client.name,
      client_code: client.clientCode,
      type: client.type,
      key_hash: client.keyHash,
      created_at: at,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toClient(row);
}

export async function findClient(db: DbOrTx, scope: CompanyScope, id: number, lock = false) {
  let q = db
    .selectFrom('vpn_service_client')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('company_id', 'in', scopedCompanyIds(scope));
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row ? toClient(row) : undefined;
}

export async function renameClient(db: DbOrTx, scope: CompanyScope, id: number, name: string) {
  await db
    .updateTable('vpn_service_client')
    .set({ name })
    .where('id', '=', id)
    .where('company_id', '=', owningCompany(scope))
    .execute();
}

export async function deleteClient(db: DbOrTx, scope: CompanyScope, id: number) {
  await db
    .deleteFrom('vpn_service_client')
    .where('id', '=', id)
    .where('company_id', '=', owningCompany(scope))
    .execute();
}

export async function pageClients(
  db: DbOrTx,
  scope: CompanyScope,
  name: string | undefined,
  offset: number,
  limit: number,
) {
  let q = db.selectFrom('vpn_service_client').where('company_id', 'in', scopedCompanyIds(scope));
  if (name) q = q.where('name', 'ilike', containsPattern(name));
  const total = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .select(COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return { rows: rows.map(toClient), total: Number(total.n) };
}

/** The groups each client is in now, with its address there. */
export async function clientGroups(db: DbOrTx, scope: CompanyScope, clientIds: readonly number[]) {
  const groups = new Map<number, ServiceClient['groups']>();
  if (clientIds.length === 0) return groups;
  const rows = await db
    .selectFrom('vpn_member')
    .innerJoin('vpn_group', 'vpn_group.id', 'vpn_member.group_id')
    .select([
      'vpn_member.client_id',
      'vpn_group.id',
      'vpn_group.name',
      'vpn_member.virtual_ip',
      'vpn_member.vpn_state',
      'vpn_member.real_address',
      'vpn_member.bytes_in',
      'vpn_member.bytes_out',
    ])
    .where('vpn_member.company_id', 'in', scopedCompanyIds(scope))
    .where('vpn_member.client_id', 'in', clientIds)
    .where('vpn_member.active', '=', true)
    .orderBy('vpn_group.id')
    .execute();
  for (const r of rows) {
    const id = Number(r.client_id);
    groups.set(id, [
      ...(groups.get(id) ?? []),
      {
        vpnGroupId: Number(r.id),
        name: r.name,
        virtualIp: r.virtual_ip,
        vpnState: r.vpn_state,
        realAddress: r.real_address,
        bytesIn: Number(r.bytes_in),
        bytesOut: Number(r.bytes_out),
      },
    ]);
  }
  return groups;
}
