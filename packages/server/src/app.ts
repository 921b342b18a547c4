import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  ALL_CALLS,
  type CallDef,
  ErrorCode,
  type Lang,
  UPLOAD_KINDS,
  UPLOAD_MAX_BYTES,
} from '@fleetport/contract';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { registerBrokerHook } from './gateway/broker-hook.routes.ts';
import { type GatewayOptions, startGateway } from './gateway/gateway.ts';
import { retentionJobs } from './gateway/retention.ts';
import { accessWindowGate } from './modules/access-restriction/access-restriction.service.ts';
import { activityObjectNames, activityRecorder } from './modules/activity-log/activity-log.recorder.ts';
import { alertJobs } from './modules/alerts/alerts.job.ts';
import { dataPoolJobs } from './modules/data-pool/data-pool.job.ts';
import { updatesTimedOutJob } from './modules/device-notifications/update-timeout.job.ts';
import { createInstalls } from './modules/device-software/device-install.service.ts';
import { provisioningJobs } from './modules/device-templates/provisioning.service.ts';
import { exportJobs } from './modules/exports/exports.job.ts';
import { installerConsoleGate } from './modules/installer-console/installer-console-gate.ts';
import { iotConnectorJobs } from './modules/iot-connector/iot-connector.job.ts';
import { licenceJobs } from './modules/licences/licence-expiry.job.ts';
import { SERVER_MODULES } from './modules/modules.ts';
import { notificationJobs } from './modules/notifications/notifications.job.ts';
import { registerOpenApi } from './modules/open-api/open-api.gateway.ts';
import { openApiJobs } from './modules/open-api/open-api.job.ts';
import { licenceAlertJobs } from './modules/partner-notifications/licence-alert.job.ts';
import { reportJobs } from './modules/reports/reports.job.ts';
import { rolloutJobs } from './modules/rollouts/rollouts.job.ts';
import { maintenanceLockGate } from './modules/shell/maintenance-lock.ts';
import { HEARTBEAT_MS, heartbeat } from './modules/super-admin/super-admin.service.ts';
import { superAdminGate } from './modules/super-admin/super-admin-gates.ts';
import { recordHubStatus, restoreHubInstances } from './modules/vpn/hub-status.ts';
import { recordRouterTunnel } from './modules/vpn/router-status.ts';
import type { AppDeps } from './platform/app-deps.ts';
import type { Session, SessionResolver } from './platform/auth/session.ts';
import { ticketSessions } from './platform/auth/ticket-sessions.ts';
import { type Clock, OffsetClock, systemClock } from './platform/clock.ts';
import type { ServerConfig } from './platform/config.ts';
import type { Db, DbDialectName } from './platform/db/open.ts';
import type { FileStore } from './platform/files/file-store.ts';
import { createFileStore, createFiles } from './platform/files/files.ts';
import { installAbuseLimits } from './platform/http/abuse-limits.ts';
import { languageOf, type RouteBinding, registerCalls } from './platform/http/calls.ts';
import { errorEnvelope } from './platform/http/envelope.ts';
import { installErrorHandler } from './platform/http/error-handler.ts';
import { buildOpenApiDocument } from './platform/http/openapi.ts';
import { createResponseTally } from './platform/http/response-tally.ts';
import { serveWebConsole } from './platform/http/web-console.ts';
import {
  type AnyJobDefinition,
  type JobWorkerOptions,
  jobHousekeeping,
  type ScheduleDefinition,
  startJobWorker,
} from './platform/jobs/index.ts';
import { createLiveHub } from './platform/live/hub.ts';
import { bridgeLiveHub } from './platform/live/pg-bridge.ts';
import { registerLiveSocket } from './platform/live/ws.routes.ts';
import { createMailer, type Mailer } from './platform/mail/mailer.ts';
import { logSmsProvider, type SmsProvider } from './platform/sms/sms.ts';
import { testModeRoutes } from './platform/test-mode.routes.ts';
import { startLocalHub } from './vpn-hub/local-hub.ts';

export interface BuildOptions {
  /**
   * Runs the platform's local VPN hub (one `openvpn` per running group) with the app and stops it with
   * the app; off unless asked (main.ts asks unless VPN_HUB=off).
   */
  vpnHub?: boolean;
  config: ServerConfig;
  db: Db;
  dialect: DbDialectName;
  /** The services' time; by default the system's, or under AUTOMATED_TEST_MODE one journeys can move on. */
  clock?: Clock;
  sessions?: SessionResolver;
  mailer?: Mailer;
  sms?: SmsProvider;
  logger?: FastifyServerOptions['logger'];
  /** Tests: an answer that breaks its output schema names the fields in its 500 (calls.ts checkResponse). */
  revealBadResponses?: boolean;
  /** The file store; by default the one the configuration names (`createFileStore`). */
  fileStore?: FileStore;
  /** Starts the device gateway (MQTT) with the app and closes it with the app; off unless asked. */
  gateway?:
    | boolean
    | Partial<
        Pick<GatewayOptions, 'nodeId' | 'presenceDebounceMs' | 'telemetryFlushMs' | 'rpcSweepIntervalMs'>
      >;
  /**
   * Starts this node's job worker with the app (every node runs one) and stops it on close; off
   * unless asked. `manual` leaves it to the caller's `deps.jobs.runOnce()`.
   */
  jobs?:
    | boolean
    | Partial<Pick<JobWorkerOptions, 'nodeId' | 'pollMs' | 'concurrency' | 'leaseMs' | 'manual'>>;
}

/** Every job kind and schedule of every module, in one list each node's worker runs. */
export function allJobs(deps: AppDeps): { handlers: AnyJobDefinition[]; schedules: ScheduleDefinition[] } {
  const parts = [
    jobHousekeeping(deps),
    retentionJobs({ ...deps, config: deps.config.mqtt }),
    { handlers: [updatesTimedOutJob(deps), createInstalls(deps).job()], schedules: [] },
    exportJobs(deps),
    licenceJobs(deps),
    licenceAlertJobs(deps),
    dataPoolJobs(deps),
    alertJobs(deps),
    rolloutJobs(deps),
    provisioningJobs(deps),
    notificationJobs(deps),
    reportJobs(deps),
    openApiJobs(deps),
    iotConnectorJobs(deps),
  ];
  return {
    handlers: parts.flatMap((p) => p.handlers),
    schedules: parts.flatMap((p) => p.schedules),
  };
}

export type { AppDeps };

const VERSION = (
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** Every route binding of every module, in one list the app registers and the tests walk. */
export function allRoutes(deps: AppDeps): RouteBinding[] {
  return SERVER_MODULES.flatMap((module) => module.routes(deps));
}

export async function buildApp(options: BuildOptions): Promise<{ app: FastifyInstance; deps: AppDeps }> {
  const { config } = options;
  // Under AUTOMATED_TEST_MODE a server of its own clock runs on one that `testMode.advanceClock` moves.
  const testClock = config.automatedTestMode && !options.clock ? new OffsetClock() : null;
  const clock = options.clock ?? testClock ?? systemClock;
  const deps: AppDeps = {
    config,
    db: options.db,
    dialect: options.dialect,
    clock,
    version: VERSION,
    startedAt: new Date(),
    responses: createResponseTally(),
    sessions: options.sessions ?? ticketSessions(options.db, clock),
    // The logger is read when a message goes out, after `app` below exists.
    mailer: options.mailer ?? createMailer(config.mail, options.db, () => app.log),
    sms: options.sms ?? logSmsProvider(() => app.log),
    hub: createLiveHub((error) => app.log.error({ err: error }, 'live listener failed')),
    files: createFiles({
      db: options.db,
      clock,
      config,
      store: options.fileStore ?? createFileStore(config),
    }),
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
    // A path parameter too long (the open API's /devices/:sn) or a URL that cannot be decoded: code 1.
    frameworkErrors: (error, request, reply) => {
      const status = typeof error.statusCode === 'number' ? error.statusCode : 400;
      void (reply as unknown as FastifyReply)
        .status(status)
        .send(errorEnvelope(ErrorCode.PARAMETER_ERROR, languageOf(request)));
    },
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // The health page's 5xx rate: two counters per minute, nothing else per answer.
  app.addHook('onResponse', (_request, reply, done) => {
    deps.responses.record(reply.statusCode, deps.clock.now().getTime());
    done();
  });
  installErrorHandler(app, config.apiPrefix);
  app.addHook('onClose', () => deps.files.store.close());
  // Upload calls stream their file parts (platform/files/upload.ts); these bounds are only the
  // outer fence, each kind's own limit is enforced while the bytes stream.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: UPLOAD_MAX_BYTES,
      // One more than any kind takes, so the kind's own count answers with its message.
      files: Math.max(...Object.values(UPLOAD_KINDS).map((kind) => kind.maxFiles)) + 1,
      fields: 10,
      fieldSize: 1024,
      parts: 20,
    },
  });
  // Several nodes on one PostgreSQL hear each other's live events; PGlite is one process, so it stays local.
  if (deps.dialect === 'postgres' && config.databaseUrl) {
    const bridge = bridgeLiveHub({ hub: deps.hub, databaseUrl: config.databaseUrl, log: app.log });
    deps.hub = bridge.hub;
    app.addHook('onClose', () => bridge.close());
  }

  await installAbuseLimits(app, config.abuse, config.apiPrefix);
  const routes = allRoutes(deps);
  if (testClock) routes.push(...testModeRoutes(testClock));
  registerCalls(app, routes, {
    prefix: config.apiPrefix,
    sessions: deps.sessions,
    admit: admitting(deps),
    onCallFinished: activityRecorder(deps, () => app.log),
    revealBadResponses: options.revealBadResponses === true,
    describe: activityObjectNames(deps, () => app.log),
  });

  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: buildOpenApiDocument(ALL_CALLS, config.apiPrefix, VERSION) as never },
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${config.apiPrefix}/docs` });
  await registerLiveSocket(app, deps, config.apiPrefix);
  // The open API (/openapi/v1): its own credentials, limit and envelope statuses, beside the console API.
  await registerOpenApi(app, deps);

  if (options.gateway) {
    const tuning = options.gateway === true ? {} : options.gateway;
    const gateway = await startGateway({
      ...tuning,
      nodeId: tuning.nodeId ?? config.nodeId,
      db: deps.db,
      clock,
      hub: deps.hub,
      config: config.mqtt,
      log: app.log,
      vpnTunnel: (sn, companyId, status) => recordRouterTunnel(deps, sn, companyId, status),
    });
    deps.gateway = gateway;
    app.addHook('onClose', () => gateway.close());
    registerBrokerHook(app, config.apiPrefix, config.mqtt, () => gateway);
  }

  if (options.vpnHub) await startVpnHub(app, deps);

  if (options.jobs) {
    const tuning = options.jobs === true ? {} : options.jobs;
    const { handlers, schedules } = allJobs(deps);
    const worker = startJobWorker({
      ...tuning,
      db: deps.db,
      clock,
      hub: deps.hub,
      log: app.log,
      handlers,
      schedules,
    });
    deps.jobs = worker;
    // Its running jobs end, or go back to the queue after a grace, before the database closes (main.ts).
    app.addHook('onClose', () => worker.stop());
  }

  if (options.jobs) startHeartbeat(app, deps);
  await serveWebConsole(app, config.webDist, config.basePath);
  return { app, deps };
}

/** The local VPN hub: running groups get their instances back, and the hub's status is read regularly. */
async function startVpnHub(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const hub = await startLocalHub({ dir: path.join(deps.config.dataDir, 'vpn-hub'), log: app.log });
  deps.vpnHub = hub;
  await restoreHubInstances(deps, app.log);
  const timer = setInterval(() => {
    recordHubStatus(deps).catch((error: Error) => app.log.warn(`VPN hub status: ${error.message}`));
  }, deps.config.vpn.statusSeconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await hub.close();
  });
}

/**
 * Every signed-in call passes the Super Admin's gates (a disabled company 610041, a retired feature
 * 610042), the company's access window (14091), a maintenance lock (14053), then the installer
 * console's licence (190328 once it has ended).
 */
function admitting(deps: AppDeps) {
  const superAdmin = superAdminGate(deps);
  const window = accessWindowGate(deps);
  const lock = maintenanceLockGate(deps);
  const installer = installerConsoleGate(deps);
  return async (call: CallDef, session: Session, lang: Lang) => {
    await superAdmin(call, session);
    await window(call, session);
    await lock(call, session, lang);
    await installer(call, session);
  };
}

/** This node's heartbeat row, which the Super Admin's health page lists (nodes seen lately). */
function startHeartbeat(app: FastifyInstance, deps: AppDeps): void {
  const beat = () => {
    heartbeat(deps).catch((error: Error) => app.log.warn(`heartbeat: ${error.message}`));
  };
  const timer = setInterval(beat, HEARTBEAT_MS);
  timer.unref();
  app.addHook('onReady', async () => beat());
  app.addHook('onClose', async () => clearInterval(timer));
}
