import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type CallParsedInput,
  type createOpenApiClientCall,
  ErrorCode,
  OPEN_API_INTERFACES,
  OPEN_API_LOG_DAYS,
  OPEN_API_LOG_MAX_DAYS,
  OPEN_API_OLD_SECRET_HOURS,
  OPEN_API_TREND_MAX_DAYS,
  type OpenApiClient,
  type openApiCallLogCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { confirmWithSecondFactor } from '../two-factor/two-factor-sign-in.ts';
import {
  type ClientRow,
  clientNamed,
  deleteClient,
  findClient,
  insertClient,
  listClients,
  revokeTokens,
  toClient,
  updateClient,
} from './open-api.store.ts';
import { callLogPage, callsPerDay, callsPerInterface, type UsageRange } from './open-api-usage.store.ts';

/** The clients and usage pages of the console (issue 18); the gateway is open-api.gateway.ts. */

export type OpenApiDeps = ModuleDeps<'clock' | 'config' | 'db'>;

/** Who creates a client or rotates its secret, with the current two-factor code they sent. */
export type Confirmer = { userId: number; loginAccount: string; code: string | undefined };

const DAY_MS = 86_400_000;

/** A secret is 32 random bytes; its SHA-256 is enough to keep, as nothing can guess 256 bits. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

function newClientKey(): string {
  return `fp_${randomBytes(12).toString('hex')}`;
}

type ClientInput = CallParsedInput<typeof createOpenApiClientCall>;

function checkInterfaces(input: ClientInput): string[] {
  const known = new Set(OPEN_API_INTERFACES.map((i) => i.id));
  const unknown = input.interfaces.find((id) => !known.has(id));
  if (unknown) throw new AppError(ErrorCode.OPEN_API_INTERFACE_UNKNOWN, { interfaceId: unknown });
  if (!input.allInterfaces && input.interfaces.length === 0)
    throw fieldError('interfaces', 'choose at least one interface, or all');
  return input.allInterfaces ? [] : [...new Set(input.interfaces)];
}

export async function getClients({ db }: OpenApiDeps, actor: Actor): Promise<OpenApiClient[]> {
  return (await listClients(db, actor.scope)).map(toClient);
}

export async function createClient(
  deps: OpenApiDeps,
  actor: Actor,
  { twoFactorCode: _code, ...input }: ClientInput,
  confirmer: Confirmer,
) {
  const { db, clock } = deps;
  const interfaces = checkInterfaces(input);
  await confirmWithSecondFactor(deps, confirmer, confirmer.code);
  const secret = newSecret();
  return inTransaction(db, async (tx) => {
    if (await clientNamed(tx, actor.scope, input.name))
      throw new AppError(ErrorCode.OPEN_API_CLIENT_NAME_EXISTS);
    const row = await insertClient(tx, actor.scope, {
      ...input,
      interfaces,
      scopes: [...new Set(input.scopes)],
      clientKey: newClientKey(),
      secretHash: hashSecret(secret),
      userId: actor.userId,
      at: clock.now(),
    });
    return { client: toClient(row), clientSecret: secret };
  });
}

async function existing(db: OpenApiDeps['db'], actor: Actor, id: number): Promise<ClientRow> {
  const row = await findClient(db, actor.scope, id);
  if (!row) throw new AppError(ErrorCode.OPEN_API_CLIENT_NOT_FOUND);
  return row;
}

export async function editClient(
  { db, clock }: OpenApiDeps,
  actor: Actor,
  input: ClientInput & { id: number },
): Promise<OpenApiClient> {
  const interfaces = checkInterfaces(input);
  return inTransaction(db, async (tx) => {
    const before = await existing(tx, actor, input.id);
    if (await clientNamed(tx, actor.scope, input.name, input.id))
      throw new AppError(ErrorCode.OPEN_API_CLIENT_NAME_EXISTS);
    const scopes = [...new Set(input.scopes)];
    const row = await updateClient(tx, actor.scope, input.id, {
      ...input,
      interfaces,
      scopes,
      at: clock.now(),
    });
    // A token carries the scopes it was given: one that lost any of them, or whose client was switched
    // off, must not keep working for the rest of its hour.
    const narrowed = before.scopes.some((s) => !(scopes as string[]).includes(s));
    if (!input.enabled || narrowed) await revokeTokens(tx, actor.scope, input.id);
    return toClient(row as ClientRow);
  });
}

export async function rotateSecret(deps: OpenApiDeps, actor: Actor, id: number, confirmer: Confirmer) {
  const { db, clock } = deps;
  await existing(db, actor, id);
  await confirmWithSecondFactor(deps, confirmer, confirmer.code);
  const secret = newSecret();
  const now = clock.now();
  return inTransaction(db, async (tx) => {
    const before = await existing(tx, actor, id);
    const row = await updateClient(tx, actor.scope, id, {
      at: now,
      secretHash: hashSecret(secret),
      previousSecretHash: before.secret_hash,
      previousSecretUntil: new Date(now.getTime() + OPEN_API_OLD_SECRET_HOURS * 3_600_000),
    });
    await revokeTokens(tx, actor.scope, id);
    return { client: toClient(row as ClientRow), clientSecret: secret };
  });
}

export async function removeClient({ db }: OpenApiDeps, actor: Actor, id: number): Promise<null> {
  if (!(await deleteClient(db, actor.scope, id))) throw new AppError(ErrorCode.OPEN_API_CLIENT_NOT_FOUND);
  return null;
}

/** A range within `maxDays` (120098 past it) and within the 90 days the log keeps. */
function usageRange(input: { from: number; to: number; clientId?: number }, maxDays: number): UsageRange {
  if (input.to < input.from) throw fieldError('to', 'must not be before from');
  if (input.to - input.from > maxDays * DAY_MS) throw new AppError(ErrorCode.RANGE_THREE_MONTHS);
  return {
    from: new Date(input.from),
    to: new Date(input.to),
    ...(input.clientId !== undefined ? { clientId: input.clientId } : {}),
  };
}

export function usageTrend(
  { db }: OpenApiDeps,
  actor: Actor,
  input: { from: number; to: number; clientId?: number },
  offsetMinutes: number,
) {
  return callsPerDay(db, actor.scope, usageRange(input, OPEN_API_TREND_MAX_DAYS), offsetMinutes);
}

export function usageRanking(
  { db }: OpenApiDeps,
  actor: Actor,
  input: { from: number; to: number; clientId?: number },
) {
  return callsPerInterface(db, actor.scope, usageRange(input, OPEN_API_TREND_MAX_DAYS));
}

export function callLog(
  { db }: OpenApiDeps,
  actor: Actor,
  input: CallParsedInput<typeof openApiCallLogCall>,
) {
  const range = usageRange(input, OPEN_API_LOG_MAX_DAYS);
  return callLogPage(db, actor.scope, {
    ...range,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
    ...(input.interfaceId ? { interfaceId: input.interfaceId } : {}),
    ...(input.outcome ? { outcome: input.outcome } : {}),
  });
}

/** How long the calling log is kept. */
export const CALL_LOG_KEEP_MS = OPEN_API_LOG_DAYS * DAY_MS;
