import { ErrorCode } from '@fleetport/contract';
import { findRpcCommands } from '../../gateway/rpc.store.ts';
import type { AppDeps } from '../../platform/app-deps.ts';
import { type Actor, type CompanyScope, companyScope, scopedCompanyIds } from '../../platform/auth/actor.ts';
import { AppError } from '../../platform/errors.ts';
import { activityPage } from '../activity-log/activity-log.query.ts';
import { getAlerts } from '../alerts/alerts.service.ts';
import { listGroups } from '../device-groups/device-groups.store.ts';
import { listTags } from '../device-tags/device-tags.store.ts';
import { getCompanyDevice, listDevices } from '../devices/device-list.store.ts';
import { findDeviceCompanies } from '../devices/devices.store.ts';
import { createRemoteActions, toRemoteAction } from '../remote-actions/remote-actions.service.ts';

/**
 * What each open API interface does, by its id in the contract (open-api-interfaces.ts): the console's
 * own stores and services, reached with the client's company scope (a partner's: its company tree).
 */

export interface InterfaceCall {
  scope: CompanyScope;
  /** The client's row id: the actor's session id, so a log line can tell it from a person. */
  clientId: number;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown> | null;
}

type Handler = (deps: AppDeps, call: InterfaceCall) => Promise<unknown>;

/** The client as an actor for the services that take one: no person, no role, no read marks of its own. */
function clientActor(call: InterfaceCall): Actor {
  return {
    scope: call.scope,
    sessionId: `openapi:${call.clientId}`,
    userId: 0,
    roleId: 0,
    roleType: 0,
    funCodes: new Set(),
  };
}

/** The device's own company, if the client reaches it; a write acts there alone. */
async function companyOfDevice(deps: AppDeps, scope: CompanyScope, sn: string): Promise<CompanyScope> {
  const company = (await findDeviceCompanies(deps.db, [sn])).get(sn);
  if (company === undefined || !scopedCompanyIds(scope).includes(Number(company)))
    throw new AppError(ErrorCode.DEVICE_NOT_FOUND, sn);
  return companyScope(Number(company));
}

export const INTERFACE_HANDLERS: Readonly<Record<string, Handler>> = {
  'devices.list': async ({ db }, { scope, query }) => {
    const page = await listDevices(db, scope, {
      pageNum: query.pageNum as number,
      pageSize: query.pageSize as number,
      sortField: 'lastSeenAt',
      sortOrder: 'desc',
      groupId: undefined,
      tagId: undefined,
      ...(query.search ? { search: query.search as string } : {}),
      ...(query.online ? { online: query.online as 'online' | 'offline' } : {}),
    });
    return { list: page.list, total: page.total };
  },
  'devices.get': ({ db }, { scope, params }) => getCompanyDevice(db, scope, params.sn as string),
  'groups.list': ({ db }, { scope }) => listGroups(db, scope),
  'tags.list': ({ db }, { scope }) => listTags(db, scope),
  'alerts.list': (deps, call) =>
    getAlerts(deps, clientActor(call), {
      pageNum: call.query.pageNum as number,
      pageSize: call.query.pageSize as number,
      ruleId: undefined,
      startTime: undefined,
      endTime: undefined,
      ...(call.query.sn ? { sn: call.query.sn as string } : {}),
    }),
  'actions.reboot': async (deps, { scope, params, body }) => {
    const sn = params.sn as string;
    const owner = await companyOfDevice(deps, scope, sn);
    return createRemoteActions(deps).act(owner, sn, 'reboot', { delaySeconds: body?.delaySeconds ?? 0 });
  },
  'activity.list': ({ db }, { scope, query }) => {
    const pageNum = query.pageNum as number;
    const pageSize = query.pageSize as number;
    return activityPage(
      db,
      scope,
      {
        ...(query.sn ? { sn: query.sn as string } : {}),
        userId: undefined,
        startTime: undefined,
        endTime: undefined,
      },
      (pageNum - 1) * pageSize,
      pageSize,
    );
  },
  'actions.get': async ({ db }, { scope, params }) => {
    const [row] = await findRpcCommands(db, [params.rpcId as string]);
    if (!row || !scopedCompanyIds(scope).includes(Number(row.company_id)))
      throw new AppError(ErrorCode.OPEN_API_NOT_FOUND);
    return toRemoteAction(row);
  },
};
