import { randomBytes } from 'node:crypto';
import { DEVICE_TIMING, type Page, type PortalPush, type RpcParamsInput } from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { type CompanyScope, owningCompany } from '../../platform/auth/actor.ts';
import * as store from './portal-manager.store.ts';
import { PORTAL_TEXT } from './portal-manager.text.ts';
import * as pushes from './portal-push.store.ts';
import { radiusSecretSeal } from './radius-secret.ts';

/**
 * Template versions to the routers (issue 21; docs/device-protocol.md §7.9): every save, block and
 * unblock sends the template's new version to each of its routers as `portalApply` on the RPC queue,
 * with a new RADIUS secret. A router online gets it at once, one offline after its next hello (the
 * queue keeps it for the longest deadline, 7 days). The old secret stays good until the router
 * confirms (or proves it has the new one by using it); the state of each push is its command's.
 */

export type PortalPushDeps = ModuleDeps<'db' | 'clock' | 'config' | 'gateway'>;
type Lang = 'en' | 'cn';

/** Where routers reach the platform's RADIUS: the public address's host. */
function radiusHost(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

/**
 * Sends the template's current version to its routers (or to `only` of them). Without a device
 * gateway (an app that runs none) nothing is sent: the routers get the version at the next push.
 */
export async function pushTemplate(
  deps: PortalPushDeps,
  scope: CompanyScope,
  portalId: number,
  only?: readonly string[],
): Promise<void> {
  const gateway = deps.gateway;
  if (!gateway) return;
  const template = await store.findTemplate(deps.db, scope, portalId);
  if (!template) return;
  let { list: devices } = await store.templateDevices(deps.db, scope, portalId);
  if (only) devices = devices.filter((d) => only.includes(d.sn));
  if (devices.length === 0) return;
  const blocked = (await pushes.blockedMacs(deps.db, scope, portalId)).map((b) => b.mac);
  const settings = template.session_settings;
  const seal = radiusSecretSeal(deps);
  const companyId = owningCompany(scope);
  const base = {
    portalId,
    version: template.version,
    splashUrl: `${deps.config.publicUrl}${deps.config.apiPrefix}/gm/portal/splash`,
    allowedSites: template.allowed_sites,
    blockedDomains: template.blocked_domains,
    blockedMacs: blocked,
    limits: {
      downloadLimitMb: settings.downloadLimitMb,
      uploadLimitMb: settings.uploadLimitMb,
      totalLimitMb: settings.totalLimitMb,
      sessionTimeoutMinutes: settings.sessionTimeoutMinutes,
      downloadKbps: settings.downloadKbps,
      uploadKbps: settings.uploadKbps,
    },
  };
  for (const device of devices) {
    // One new secret per router until it confirms one: every version queued for an offline router
    // carries the same one, so whichever it applies (or the last that failed), RADIUS still knows it.
    const pending = await pushes.pendingSecret(deps.db, device.sn, portalId);
    const reused = pending === null ? null : await seal.open(pending).catch(() => null);
    const secret = reused ?? randomBytes(16).toString('hex');
    const sealed = reused === null ? await seal.seal(secret) : pending!;
    // Good from now on beside the current one: a router that applies the version at once may sign
    // its next packet with it before its reply is stored.
    if (reused === null) await pushes.setNextSecret(deps.db, device.sn, portalId, sealed);
    const params: RpcParamsInput<'portalApply'> = {
      ...base,
      radius: {
        secret,
        host: radiusHost(deps.config.publicUrl),
        authPort: deps.config.radius.authPort,
        acctPort: deps.config.radius.acctPort,
      },
    };
    const [command] = await gateway.rpc.send({
      companyId,
      sns: [device.sn],
      method: 'portalApply',
      params,
      deadlineSeconds: DEVICE_TIMING.maxRpcDeadlineSeconds,
    });
    if (!command) continue;
    await pushes.insertPushes(
      deps.db,
      [
        {
          rpcId: command.id,
          companyId,
          portalId,
          sn: device.sn,
          version: template.version,
          sealedSecret: sealed,
        },
      ],
      deps.clock.now(),
    );
    // A router online may have answered before the push was stored: confirm it now.
    const [now] = await gateway.rpc.waitForResults([command.id], 0);
    if (now?.state === 'success') await pushes.confirmPush(deps.db, command.id);
  }
}

function reasonOf(
  row: Awaited<ReturnType<typeof pushes.listPushes>>['rows'][number],
  lang: Lang,
): { state: PortalPush['state']; reason: string } {
  if (row.state === 'success') return { state: 'updated', reason: '' };
  if (row.state === 'timeout') return { state: 'failed', reason: PORTAL_TEXT.pushTimedOut[lang] };
  if (row.state === 'failure') {
    const error = row.error as { message?: unknown } | null;
    return { state: 'failed', reason: typeof error?.message === 'string' ? error.message : '' };
  }
  return {
    state: 'pending',
    reason: row.delivered_at === null && !row.online ? PORTAL_TEXT.waitingForDevice[lang] : '',
  };
}

export async function listPushes(
  deps: ModuleDeps<'db'>,
  scope: CompanyScope,
  filter: { portalId: number; sn?: string; pageNum: number; pageSize: number },
  lang: Lang,
): Promise<Page<PortalPush>> {
  const { rows, total } = await pushes.listPushes(deps.db, scope, filter);
  return {
    total,
    list: rows.map((row) => {
      const { state, reason } = reasonOf(row, lang);
      return {
        sn: row.sn,
        deviceName: row.name,
        version: row.version,
        state,
        reason,
        createdAt: row.created_at.getTime(),
        finishedAt: state === 'pending' ? null : row.updated_at.getTime(),
      };
    }),
  };
}
