import { healthCall, staticConfigCall } from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { pingDatabase } from '../../platform/db/open.ts';
import { bind } from '../../platform/http/calls.ts';

export function platformRoutes(
  deps: ModuleDeps<'config' | 'db' | 'dialect' | 'startedAt' | 'version' | 'gateway'>,
) {
  return [
    bind(healthCall, async () => {
      const ok = await pingDatabase(deps.db);
      const gateway = deps.gateway?.health();
      const reasons = [
        ...(ok ? [] : ['the database does not answer']),
        ...(gateway?.reason ? [gateway.reason] : []),
      ];
      return {
        status: reasons.length === 0 ? 'ok' : 'degraded',
        version: deps.version,
        database: { ok, dialect: deps.dialect },
        ...(gateway ? { gateway } : {}),
        ...(reasons.length > 0 ? { reasons } : {}),
        uptimeSeconds: Math.round(process.uptime()),
      } as const;
    }),
    bind(staticConfigCall, async () => ({
      version: deps.version,
      buildTime: deps.startedAt.toISOString(),
      apiVersion: '1',
      mapTileUrl: deps.config.mapTileUrl,
    })),
  ];
}
