import type { OpenApiClient, OpenApiScope } from '@fleetport/contract';
import { type Insertable, type Selectable, sql } from 'kysely';
import { type CompanyScope, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import type { OpenApiTables } from './open-api.tables.ts';

/** SQL of the open API: clients (by the caller's scope), tokens, the rate bucket, idempotency, the log. */

export type ClientRow = Selectable<OpenApiTables['open_api_client']>;

export function toClient(row: ClientRow): OpenApiClient {
  return {
    id: Number(row.id),
    name: row.name,
    clientId: row.client_key,
    isAdmin: row.is_admin,
    allInterfaces: row.all_interfaces,
    interfaces: row.interfaces,
    scopes: row.scopes as OpenApiScope[],
    enabled: row.enabled,
    previousSecretUntil: row.previous_secret_until?.getTime() ?? null,
    createdAt: row.created_at.getTime(),
  };
}

export async function listClients(db: DbOrTx, scope: CompanyScope): Promise<ClientRow[]> {
  return (await db
    .selectFrom('open_api_client')
    .selectAll()
    .where('company_id', 'in', scopedCompanyIds(scope))
    .orderBy('id')
    .execute()) as ClientRow[];
}

export async function findClient(
  db: DbOrTx,
  scope: CompanyScope,
  id: number,
): Promise<ClientRow | undefined> {
  return (await db
    .selectFrom('open_api_client')
    .selectAll()
    .where('company_id', '=', owningCompany(scope))
    .where('id', '=', id)
    .executeTakeFirst()) as ClientRow | undefined;
}

export async function clientNamed(db: DbOrTx, scope: CompanyScope, name: string, exceptId?: number) {
  const row = await db
    .selectFrom('open_api_client')
    .select('id')
    .where('company_id', '=', owningCompany(scope))
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId as number))
    .executeTakeFirst();
  return !!row;
}

export interface ClientValues {
  name: string;
  isAdmin: boolean;
  allInterfaces: boolean;
  interfaces: string[];
  scopes: string[];
  enabled: boolean;
}

export async function insertClient(
  db: DbOrTx,
  scope: CompanyScope,
  values: ClientValues & { clientKey: string; secretHash: string; userId: number; at: Date },
): Promise<ClientRow> {
  return (await db
    .insertInto('open_api_client')
    .values({
      company_id: owningCompany(scope),
      name: values.name,
      client_key: values.clientKey,
      secret_hash: values.secretHash,
      is_admin: values.isAdmin,
      all_interfaces: values.allInterfaces,
      interfaces: values.interfaces,
      scopes: values.scopes,
      enabled: values.enabled,
      created_by_user_id: values.userId,
      created_at: values.at,
      updated_at: values.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow()) as ClientRow;
}

export async function updateClient(
  db: DbOrTx,
  scope: CompanyScope,
  id: number,
  values: Partial<ClientValues> & {
    at: Date;
    secretHash?: string;
    previousSecretHash?: string | null;
    previousSecretUntil?: Date | null;
  },
): Promise<ClientRow | undefined> {
  return (await db
    .updateTable('open_api_client')
    .set({
      ...(values.name !== undefined ? { name: values.name } : {}),
      ...(values.isAdmin !== undefined ? { is_admin: values.isAdmin } : {}),
      ...(values.allInterfaces !== undefined ? { all_interfaces: values.allInterfaces } : {}),
      ...(values.interfaces !== undefined ? { interfaces: values.interfaces } : {}),
      ...(values.scopes !== undefined ? { scopes: values.scopes } : {}),
      ...(values.enabled !== undefined ? { enabled: values.enabled } : {}),
      ...(values.secretHash !== undefined ? { secret_hash: values.secretHash } : {}),
      ...(values.previousSecretHash !== undefined ? { previous_secret_hash: values.previousSecretHash } : {}),
      ...(values.previousSecretUntil !== undefined
        ? { previous_secret_until: values.previousSecretUntil }
        : {}),
      updated_at: values.at,
    })
    .where('company_id', '=', owningCompany(scope))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()) as ClientRow | undefined;
}

export async function deleteClient(db: DbOrTx, scope: CompanyScope, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('open_api_client')
    .where('company_id', '=', owningCompany(scope))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ends every token of a client of the scope (rotation, disabling, narrowing). */
export async function revokeTokens(db: DbOrTx, scope: CompanyScope, clientId: number): Promise<void> {
  await db
    .deleteFrom('open_api_token')
    .where('client_id', 'in', (q) =>
      q
        .selectFrom('open_api_client')
        .select('id')
        .where('company_id', '=', owningCompany(scope))
        .where('id', '=', clientId),
    )
    .execute();
}

// The gateway's side: a client is found by its public key or its token, not by a caller's scope.

export async function clientByKey(db: DbOrTx, clientKey: string): Promise<ClientRow | undefined> {
  return (await db
    .selectFrom('open_api_client')
    .selectAll()
    .where('client_key', '=', clientKey)
    .executeTakeFirst()) as ClientRow | undefined;
}

export async function insertToken(
  db: DbOrTx,
  token: { hash: string; clientId: number; scopes: string[]; expiresAt: Date; at: Date },
) {
  await db
    .insertInto('open_api_token')
    .values({
      token_hash: token.hash,
      client_id: token.clientId,
      scopes: token.scopes,
      expires_at: token.expiresAt,
      created_at: token.at,
    })
    .execute();
}

/** The token with its client and the client's rate (its company's quota, when set). */
export async function tokenByHash(db: DbOrTx, hash: string) {
  const row = await db
    .selectFrom('open_api_token as t')
    .innerJoin('open_api_client as c', 'c.id', 't.client_id')
    .leftJoin('company_quota as q', 'q.company_id', 'c.company_id')
    .selectAll('c')
    .select(['t.scopes as token_scopes', 't.expires_at', 'q.api_calls_per_second'])
    .where('t.token_hash', '=', hash)
    .executeTakeFirst();
  return row as
    | (ClientRow & { token_scopes: string[]; expires_at: Date; api_calls_per_second: number | null })
    | undefined;
}

export async function deleteExpiredTokens(db: DbOrTx, before: Date): Promise<void> {
  await db.deleteFrom('open_api_token').where('expires_at', '<', before).execute();
}

/** The companies below a partner at any depth (`company_relation`), with the company itself. */
export async function companyTree(db: DbOrTx, companyId: number): Promise<number[]> {
  const rows = await sql<{ id: string | number }>`
    with recursive tree(id) as (
      select ${companyId}::bigint
      union
      select r.downstream_company_id from company_relation r join tree on r.upstream_company_id = tree.id
    )
    select id from tree`.execute(db);
  return rows.rows.map((r) => Number(r.id));
}

/**
 * Takes one call from the client's bucket in one statement: the row lock of the upsert orders
 * concurrent calls from every node, so the count is exact on one database. Answers what is left.
 */
export async function takeFromBucket(
  db: DbOrTx,
  clientId: number,
  nowMs: number,
  rate: { perSecond: number; burst: number },
): Promise<{ admitted: boolean; tokens: number }> {
  const refilled = sql<number>`least(${rate.burst}::double precision,
    open_api_rate_bucket.tokens + greatest(0, ${nowMs}::double precision - open_api_rate_bucket.updated_ms) * ${rate.perSecond}::double precision / 1000)`;
  const result = await sql<{ tokens: number; admitted: boolean }>`
    insert into open_api_rate_bucket (client_id, tokens, updated_ms, admitted)
    values (${clientId}, ${rate.burst - 1}, ${nowMs}, true)
    on conflict (client_id) do update set
      admitted = ${refilled} >= 1,
      tokens = case when ${refilled} >= 1 then ${refilled} - 1 else ${refilled} end,
      updated_ms = greatest(open_api_rate_bucket.updated_ms, ${nowMs}::double precision)
    returning tokens, admitted`.execute(db);
  const row = result.rows[0];
  return { admitted: !!row?.admitted, tokens: Number(row?.tokens ?? 0) };
}

// Idempotency: the first request claims the key; its answer is kept for the ones after it.

export async function claimIdempotencyKey(
  db: DbOrTx,
  entry: { clientId: number; key: string; requestHash: string; at: Date; expiredBefore: Date },
) {
  // A key older than its 24 h is free again.
  await db
    .deleteFrom('open_api_idempotency')
    .where('client_id', '=', entry.clientId)
    .where('idempotency_key', '=', entry.key)
    .where('created_at', '<', entry.expiredBefore)
    .execute();
  const inserted = await db
    .insertInto('open_api_idempotency')
    .values({
      client_id: entry.clientId,
      idempotency_key: entry.key,
      request_hash: entry.requestHash,
      status: null,
      response: null,
      created_at: entry.at,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('client_id')
    .executeTakeFirst();
  if (inserted) return { claimed: true as const };
  const existing = await db
    .selectFrom('open_api_idempotency')
    .select(['request_hash', 'status', 'response'])
    .where('client_id', '=', entry.clientId)
    .where('idempotency_key', '=', entry.key)
    .executeTakeFirst();
  return { claimed: false as const, existing };
}

export async function saveIdempotentAnswer(
  db: DbOrTx,
  clientId: number,
  key: string,
  answer: { status: number; response: unknown },
) {
  await db
    .updateTable('open_api_idempotency')
    .set({ status: answer.status, response: JSON.stringify(answer.response) })
    .where('client_id', '=', clientId)
    .where('idempotency_key', '=', key)
    .execute();
}

/** An answer that failed before anything ran (a 5xx) frees its key for a retry. */
export async function releaseIdempotencyKey(db: DbOrTx, clientId: number, key: string) {
  await db
    .deleteFrom('open_api_idempotency')
    .where('client_id', '=', clientId)
    .where('idempotency_key', '=', key)
    .where('status', 'is', null)
    .execute();
}

export async function deleteOldIdempotency(db: DbOrTx, before: Date) {
  await db.deleteFrom('open_api_idempotency').where('created_at', '<', before).execute();
}

export type CallLogEntry = Insertable<OpenApiTables['open_api_call_log']>;

export async function insertCallLog(db: DbOrTx, entry: CallLogEntry) {
  await db.insertInto('open_api_call_log').values(entry).execute();
}

export async function deleteOldCallLog(db: DbOrTx, before: Date) {
  await db.deleteFrom('open_api_call_log').where('at', '<', before).execute();
}
