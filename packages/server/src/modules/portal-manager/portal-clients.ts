import {
  ErrorCode,
  type Page,
  PORTAL_CLIENT_CURRENT_MINUTES,
  type PortalClient,
  type PortalClientSession,
  type PortalUsagePoint,
} from '@fleetport/contract';
import { type Actor, type CompanyScope, owningScope } from '../../platform/auth/actor.ts';
import { AppError } from '../../platform/errors.ts';
import * as clients from './portal-clients.store.ts';
import type { PortalManagerDeps } from './portal-manager.service.ts';
import * as store from './portal-manager.store.ts';
import { blockedMacs, raiseVersion } from './portal-push.store.ts';
import { pushTemplate } from './portal-push.ts';
import { normalMac } from './portal-sessions.store.ts';

/**
 * A template's clients (issue 21; features §8): current clients and their history come from RADIUS
 * accounting; the company names them and blocks them. A block is refused by RADIUS at once and goes
 * to every router of the template as a new version, which ends the client's session there.
 */

const DAY_MS = 86_400_000;

/** A locally administered MAC (bit 1 of the first octet): phones make one up per network. */
export function isRandomizedMac(mac: string): boolean {
  const first = Number.parseInt(mac.slice(0, 2), 16);
  return Number.isFinite(first) && (first & 0b10) !== 0;
}

async function templateOf(deps: PortalManagerDeps, scope: CompanyScope, portalId: number) {
  const row = await store.findTemplate(deps.db, scope, portalId);
  if (!row) throw new AppError(ErrorCode.PORTAL_TEMPLATE_NOT_FOUND);
  return row;
}

/** A MAC the contract's rule took, in the stored form. */
const macOf = (value: string) => normalMac(value) ?? value.toUpperCase();

function clientOf(row: clients.SessionRow, now: Date): Omit<PortalClient, 'status'> {
  const started = row.started_at.getTime();
  const open = row.ended_at === null;
  return {
    mac: row.client_mac,
    name: row.client_name ?? '',
    randomized: isRandomizedMac(row.client_mac),
    ip: row.client_ip,
    sn: row.sn,
    deviceName: row.device_name,
    ssid: row.ssid,
    startedAt: started,
    durationSeconds: open
      ? Math.max(row.session_seconds, Math.floor((now.getTime() - started) / 1000))
      : row.session_seconds,
    bytesUp: Number(row.input_octets),
    bytesDown: Number(row.output_octets),
  };
}

export async function currentClients(
  deps: PortalManagerDeps,
  actor: Actor,
  input: { portalId: number; mac?: string; pageNum: number; pageSize: number },
): Promise<Page<PortalClient>> {
  await templateOf(deps, actor.scope, input.portalId);
  const now = deps.clock.now();
  const { rows, total } = await clients.listSessions(deps.db, actor.scope, {
    ...input,
    ...(input.mac ? { mac: macOf(input.mac) } : {}),
    openHeardSince: new Date(now.getTime() - PORTAL_CLIENT_CURRENT_MINUTES * 60_000),
  });
  return {
    total,
    list: rows.map((row) => ({ ...clientOf(row, now), status: row.blocked_mac ? 'blocked' : 'normal' })),
  };
}

export async function clientHistory(
  deps: PortalManagerDeps,
  actor: Actor,
  input: { portalId: number; mac?: string; pageNum: number; pageSize: number },
): Promise<Page<PortalClientSession>> {
  await templateOf(deps, actor.scope, input.portalId);
  const now = deps.clock.now();
  const { rows, total } = await clients.listSessions(deps.db, actor.scope, {
    ...input,
    ...(input.mac ? { mac: macOf(input.mac) } : {}),
  });
  return {
    total,
    list: rows.map((row) => ({
      ...clientOf(row, now),
      endedAt: row.ended_at?.getTime() ?? null,
      terminateCause: row.terminate_cause,
    })),
  };
}

export async function renameClient(
  deps: PortalManagerDeps,
  actor: Actor,
  input: { portalId: number; mac: string; name: string },
): Promise<null> {
  const scope = owningScope(actor.scope);
  await templateOf(deps, scope, input.portalId);
  await clients.setClientName(deps.db, scope, input.portalId, macOf(input.mac), input.name);
  return null;
}

/** 900109 when blocked already; else RADIUS refuses it now and the routers get the new version. */
export async function blockClient(
  deps: PortalManagerDeps,
  actor: Actor,
  input: { portalId: number; mac: string },
): Promise<null> {
  const scope = owningScope(actor.scope);
  await templateOf(deps, scope, input.portalId);
  if (!(await clients.insertBlock(deps.db, scope, input.portalId, macOf(input.mac), deps.clock.now())))
    throw new AppError(ErrorCode.CLIENT_ALREADY_BLOCKED);
  await raiseVersion(deps.db, scope, input.portalId, deps.clock.now());
  await pushTemplate(deps, scope, input.portalId);
  return null;
}

export async function unblockClient(
  deps: PortalManagerDeps,
  actor: Actor,
  input: { portalId: number; mac: string },
): Promise<null> {
  const scope = owningScope(actor.scope);
  await templateOf(deps, scope, input.portalId);
  if (!(await clients.deleteBlock(deps.db, scope, input.portalId, macOf(input.mac)))) return null;
  await raiseVersion(deps.db, scope, input.portalId, deps.clock.now());
  await pushTemplate(deps, scope, input.portalId);
  return null;
}

export async function blockedClients(deps: PortalManagerDeps, actor: Actor, portalId: number) {
  await templateOf(deps, actor.scope, portalId);
  const rows = await blockedMacs(deps.db, actor.scope, portalId);
  return rows.map((r) => ({
    mac: r.mac,
    name: r.name ?? '',
    randomized: isRandomizedMac(r.mac),
    blockedAt: r.blocked_at.getTime(),
  }));
}

/** One point per UTC day of the last `days` (today included), zero where nothing started. */
export async function usage(
  deps: PortalManagerDeps,
  actor: Actor,
  input: { portalId: number; days: number },
): Promise<PortalUsagePoint[]> {
  await templateOf(deps, actor.scope, input.portalId);
  const today = Math.floor(deps.clock.now().getTime() / DAY_MS);
  const first = today - input.days + 1;
  const rows = await clients.usagePerDay(deps.db, actor.scope, input.portalId, new Date(first * DAY_MS));
  const byDay = new Map(rows.map((r) => [Number(r.day), r]));
  return Array.from({ length: input.days }, (_, i) => {
    const row = byDay.get(first + i);
    return {
      at: (first + i) * DAY_MS,
      sessions: Number(row?.sessions ?? 0),
      clients: Number(row?.clients ?? 0),
      bytesUp: Number(row?.up ?? 0),
      bytesDown: Number(row?.down ?? 0),
    };
  });
}
