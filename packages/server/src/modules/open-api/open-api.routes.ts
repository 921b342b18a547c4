import {
  createOpenApiClientCall,
  deleteOpenApiClientCall,
  listOpenApiClientsCall,
  openApiCallLogCall,
  openApiUsageRankingCall,
  openApiUsageTrendCall,
  rotateOpenApiSecretCall,
  updateOpenApiClientCall,
} from '@fleetport/contract';
import { companyActor } from '../../platform/auth/actor.ts';
import type { Session } from '../../platform/auth/session.ts';
import { bind, requireSession } from '../../platform/http/calls.ts';
import { utcOffsetOf } from '../../platform/http/time-zone.ts';
import * as service from './open-api.service.ts';

/** The caller and the two-factor code they sent, for the calls that answer a secret. */
function confirmerOf(ctx: { session: Session | null }, code: string | undefined): service.Confirmer {
  const session = requireSession(ctx);
  return { userId: session.userId, loginAccount: session.loginAccount, code };
}

/** The console's open API page: clients and usage (issue 18). */
export function openApiRoutes(deps: service.OpenApiDeps) {
  return [
    bind(listOpenApiClientsCall, (ctx) => service.getClients(deps, companyActor(ctx))),
    bind(createOpenApiClientCall, (ctx) =>
      service.createClient(deps, companyActor(ctx), ctx.input, confirmerOf(ctx, ctx.input.twoFactorCode)),
    ),
    bind(updateOpenApiClientCall, (ctx) => service.editClient(deps, companyActor(ctx), ctx.input)),
    bind(rotateOpenApiSecretCall, (ctx) =>
      service.rotateSecret(deps, companyActor(ctx), ctx.input.id, confirmerOf(ctx, ctx.input.twoFactorCode)),
    ),
    bind(deleteOpenApiClientCall, (ctx) => service.removeClient(deps, companyActor(ctx), ctx.input.id)),
    bind(openApiUsageTrendCall, (ctx) =>
      service.usageTrend(deps, companyActor(ctx), ctx.input, utcOffsetOf(ctx.request)),
    ),
    bind(openApiUsageRankingCall, (ctx) => service.usageRanking(deps, companyActor(ctx), ctx.input)),
    bind(openApiCallLogCall, (ctx) => service.callLog(deps, companyActor(ctx), ctx.input)),
  ];
}
