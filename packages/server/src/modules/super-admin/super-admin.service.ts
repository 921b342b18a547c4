import {
  ALL_CALLS,
  type CallParsedInput,
  COMPANY_TYPE,
  type createDistributorCall,
  ErrorCode,
  type FeatureRetirement,
  type Lang,
  type listPlatformCompaniesCall,
  type Page,
  type PlatformCompany,
  type PlatformHealth,
  RETIRABLE_FEATURES,
  type RetirableFeature,
  retirableFeatureOf,
} from '@fleetport/contract';
import type { FastifyRequest } from 'fastify';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import type { Session } from '../../platform/auth/session.ts';
import { inTransaction, pingDatabase } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { TALLY_MINUTES } from '../../platform/http/response-tally.ts';
import { foundCompanyInvitingOwner } from '../customers/customers.service.ts';
import * as store from './super-admin.store.ts';
import { forgetSuperAdminGates } from './super-admin-gates.ts';

export type SuperAdminDeps = ModuleDeps<
  'clock' | 'config' | 'db' | 'mailer' | 'gateway' | 'responses' | 'startedAt'
>;

/** A node that has not written its heartbeat for this long is not listed. */
export const NODE_SEEN_MS = 2 * 60_000;
/** How often a node writes its heartbeat (app.ts). */
export const HEARTBEAT_MS = 30_000;

export async function listCompanies(
  deps: SuperAdminDeps,
  input: CallParsedInput<typeof listPlatformCompaniesCall>,
): Promise<Page<PlatformCompany>> {
  const { pageNum, pageSize, ...filter } = input;
  const [total, list] = await Promise.all([
    store.countCompanies(deps.db, filter),
    store.listCompanies(deps.db, filter, (pageNum - 1) * pageSize, pageSize),
  ]);
  return { total, list };
}

/** A distributor has no partner above it: it is made and its owner invited, nothing linked. */
export async function createDistributor(
  deps: SuperAdminDeps,
  superAdminId: number,
  input: CallParsedInput<typeof createDistributorCall>,
  lang: Lang,
  request: FastifyRequest,
) {
  const { companyId, invitationId, mail } = await inTransaction(deps.db, (tx) =>
    foundCompanyInvitingOwner(
      deps,
      tx,
      { ...input, type: COMPANY_TYPE.distributor, inviterId: superAdminId },
      lang,
      request,
    ),
  );
  await deps.mailer.send(mail);
  return { companyId, invitationId };
}

export async function setCompanyDisabled(deps: SuperAdminDeps, companyId: number, disabled: boolean) {
  const found = await store.setCompanyDisabled(deps.db, companyId, disabled ? deps.clock.now() : null);
  if (!found) throw new AppError(ErrorCode.PLATFORM_COMPANY_NOT_FOUND);
  forgetSuperAdminGates(deps.db);
  return null;
}

export async function listRetirements(deps: SuperAdminDeps): Promise<FeatureRetirement[]> {
  return (await store.listRetirements(deps.db)).filter((r): r is FeatureRetirement =>
    Object.hasOwn(RETIRABLE_FEATURES, r.feature),
  );
}

export async function saveRetirement(deps: SuperAdminDeps, feature: RetirableFeature, retireAt: number) {
  await store.saveRetirement(deps.db, feature, new Date(retireAt), deps.clock.now());
  forgetSuperAdminGates(deps.db);
  return { feature, retireAt };
}

export async function removeRetirement(deps: SuperAdminDeps, feature: RetirableFeature) {
  await store.removeRetirement(deps.db, feature);
  forgetSuperAdminGates(deps.db);
  return null;
}

/** The features each caller may use: those holding a call whose permission the caller has. */
function featuresOf(session: Session): Set<string> {
  const usable = new Set<string>();
  for (const call of ALL_CALLS) {
    const feature = retirableFeatureOf(call.id);
    if (feature && (session.superAdmin || session.funCodes.has(call.permission))) usable.add(feature);
  }
  return usable;
}

/** Retirements still ahead of the features the caller may use: the console's warning banner. */
export async function upcomingRetirements(deps: SuperAdminDeps, session: Session) {
  const now = deps.clock.now().getTime();
  const usable = featuresOf(session);
  return (await listRetirements(deps)).filter((r) => r.retireAt > now && usable.has(r.feature));
}

/** This node is alive: the health page lists it with the others seen lately. */
export async function heartbeat(deps: ModuleDeps<'clock' | 'config' | 'db' | 'startedAt'>) {
  await store.beat(deps.db, deps.config.nodeId, deps.startedAt, deps.clock.now());
}

export async function platformHealth(deps: SuperAdminDeps): Promise<PlatformHealth> {
  const now = deps.clock.now();
  const started = performance.now();
  const reachable = await pingDatabase(deps.db);
  const latencyMs = reachable ? Math.round((performance.now() - started) * 10) / 10 : null;
  if (!reachable) {
    return {
      checkedAt: now.getTime(),
      nodes: [],
      database: { reachable, latencyMs },
      broker: deps.gateway ? { reachable: deps.gateway.health().ok } : null,
      devicesOnline: 0,
      jobs: { queued: 0, running: 0, failed: 0 },
      responses: { ...deps.responses.recent(now.getTime()), windowMinutes: TALLY_MINUTES },
    };
  }
  await heartbeat(deps);
  const [nodes, devicesOnline, jobs] = await Promise.all([
    store.nodesSeenSince(deps.db, new Date(now.getTime() - NODE_SEEN_MS)),
    store.devicesOnline(deps.db),
    store.jobBacklog(deps.db),
  ]);
  return {
    checkedAt: now.getTime(),
    nodes: nodes.map((n) => ({ ...n, self: n.nodeId === deps.config.nodeId })),
    database: { reachable, latencyMs },
    broker: deps.gateway ? { reachable: deps.gateway.health().ok } : null,
    devicesOnline,
    jobs,
    responses: { ...deps.responses.recent(now.getTime()), windowMinutes: TALLY_MINUTES },
  };
}
