import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ALL_CALLS } from '@fleetport/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { registerBrokerHook } from './gateway/broker-hook.routes.ts';
import { type Gateway, type GatewayOptions, startGateway } from './gateway/gateway.ts';
import { accessRestrictionRoutes } from './modules/access-restriction/access-restriction.routes.ts';
import { accessWindowGate } from './modules/access-restriction/access-restriction.service.ts';
import { accountRoutes } from './modules/accounts/accounts.routes.ts';
import { activityRecorder } from './modules/activity-log/activity-log.recorder.ts';
import { activityLogRoutes } from './modules/activity-log/activity-log.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { companyRoutes } from './modules/companies/companies.routes.ts';
import { companyAccountRoutes } from './modules/company-account/company-account.routes.ts';
import { deviceDashboardRoutes } from './modules/device-dashboard/device-dashboard.routes.ts';
import { deviceDetailRoutes } from './modules/device-details/device-details.routes.ts';
import { deviceGroupRoutes } from './modules/device-groups/device-groups.routes.ts';
import { groupAdminRoutes } from './modules/device-groups/group-admins.routes.ts';
import { deviceNotificationRoutes } from './modules/device-notifications/device-notifications.routes.ts';
import { deviceSoftwareRoutes } from './modules/device-software/device-software.routes.ts';
import { deviceTagRoutes } from './modules/device-tags/device-tags.routes.ts';
import { deviceRoutes } from './modules/devices/devices.routes.ts';
import { menuRoutes } from './modules/menus/menus.routes.ts';
import { pageColumnRoutes } from './modules/page-columns/page-columns.routes.ts';
import { platformRoutes } from './modules/platform/platform.routes.ts';
import { remoteActionRoutes } from './modules/remote-actions/remote-actions.routes.ts';
import { roleRoutes } from './modules/roles/roles.routes.ts';
import { shellRoutes } from './modules/shell/shell.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import type { SessionResolver } from './platform/auth/session.ts';
import { ticketSessions } from './platform/auth/ticket-sessions.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import type { ServerConfig } from './platform/config.ts';
import type { Db, DbDialectName } from './platform/db/open.ts';
import { installAbuseLimits } from './platform/http/abuse-limits.ts';
import { type RouteBinding, registerCalls } from './platform/http/calls.ts';
import { installErrorHandler } from './platform/http/error-handler.ts';
import { buildOpenApiDocument } from './platform/http/openapi.ts';
import { serveWebConsole } from './platform/http/web-console.ts';
import { createLiveHub, type LiveHub } from './platform/live/hub.ts';
import { bridgeLiveHub } from './platform/live/pg-bridge.ts';
import { registerLiveSocket } from './platform/live/ws.routes.ts';
import { createMailer, type Mailer } from './platform/mail/mailer.ts';
import { logSmsProvider, type SmsProvider } from './platform/sms/sms.ts';

/** What the modules are built from. Tests pass their own clock, database and mail transport. */
export interface AppDeps {
  config: ServerConfig;
  db: Db;
  dialect: DbDialectName;
  clock: Clock;
  version: string;
  startedAt: Date;
  sessions: SessionResolver;
  mailer: Mailer;
  sms: SmsProvider;
  /** Live events for the console's WebSocket. */
  hub: LiveHub;
  /** The device gateway, when this app runs one (`BuildOptions.gateway`). */
  gateway?: Gateway;
}

export interface BuildOptions {
  config: ServerConfig;
  db: Db;
  dialect: DbDialectName;
  clock?: Clock;
  sessions?: SessionResolver;
  mailer?: Mailer;
  sms?: SmsProvider;
  logger?: FastifyServerOptions['logger'];
  /** Starts the device gateway (MQTT) with the app and closes it with the app; off unless asked. */
  gateway?:
    | boolean
    | Partial<
        Pick<GatewayOptions, 'nodeId' | 'presenceDebounceMs' | 'telemetryFlushMs' | 'rpcSweepIntervalMs'>
      >;
}

const VERSION = (
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** Every route binding of every module, in one list the app registers and the tests walk. */
export function allRoutes(deps: AppDeps): RouteBinding[] {
  return [
    ...platformRoutes(deps),
    ...authRoutes(deps),
    ...accountRoutes(deps),
    ...companyRoutes(deps),
    ...menuRoutes(deps),
    ...shellRoutes(deps),
    ...companyAccountRoutes(deps),
    ...userRoutes(deps),
    ...roleRoutes(deps),
    ...accessRestrictionRoutes(deps),
    ...pageColumnRoutes(deps),
    ...activityLogRoutes(deps),
    ...deviceRoutes(deps),
    ...deviceGroupRoutes(deps),
    ...deviceTagRoutes(deps),
    ...deviceDashboardRoutes(deps),
    ...deviceNotificationRoutes(deps),
    ...deviceDetailRoutes(deps),
    ...remoteActionRoutes(deps),
    ...deviceSoftwareRoutes(deps),
    ...groupAdminRoutes(deps),
  ];
}

export async function buildApp(options: BuildOptions): Promise<{ app: FastifyInstance; deps: AppDeps }> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const deps: AppDeps = {
    config,
    db: options.db,
    dialect: options.dialect,
    clock,
    version: VERSION,
    startedAt: new Date(),
    sessions: options.sessions ?? ticketSessions(options.db, clock),
    // The logger is read when a message goes out, after `app` below exists.
    mailer: options.mailer ?? createMailer(config.mail, options.db, () => app.log),
    sms: options.sms ?? logSmsProvider(() => app.log),
    hub: createLiveHub((error) => app.log.error({ err: error }, 'live listener failed')),
  };
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    // The client's address (per-address limits, activity log) when the server runs behind a proxy.
    trustProxy: config.trustProxy,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installErrorHandler(app, config.apiPrefix);
  // Several nodes on one PostgreSQL hear each other's live events; PGlite is one process, so it stays local.
  if (deps.dialect === 'postgres' && config.databaseUrl) {
    const bridge = bridgeLiveHub({ hub: deps.hub, databaseUrl: config.databaseUrl, log: app.log });
    deps.hub = bridge.hub;
    app.addHook('onClose', () => bridge.close());
  }

  await installAbuseLimits(app, config.abuse, config.apiPrefix);
  const routes = allRoutes(deps);
  registerCalls(app, routes, {
    prefix: config.apiPrefix,
    sessions: deps.sessions,
    admit: accessWindowGate(deps),
    onCallFinished: activityRecorder(deps, () => app.log),
  });

  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: buildOpenApiDocument(ALL_CALLS, config.apiPrefix, VERSION) as never },
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${config.apiPrefix}/docs` });
  await registerLiveSocket(app, deps, config.apiPrefix);

  if (options.gateway) {
    const tuning = options.gateway === true ? {} : options.gateway;
    const gateway = await startGateway({
      ...tuning,
      db: deps.db,
      clock,
      hub: deps.hub,
      config: config.mqtt,
      log: app.log,
    });
    deps.gateway = gateway;
    app.addHook('onClose', () => gateway.close());
    registerBrokerHook(app, config.apiPrefix, config.mqtt, () => gateway);
  }

  await serveWebConsole(app, config.webDist, config.basePath);
  return { app, deps };
}
