import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ALL_CALLS, ErrorCode } from '@fleetport/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { platformRoutes } from './modules/platform/platform.routes.ts';
import type { SessionResolver } from './platform/auth/session.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import type { ServerConfig } from './platform/config.ts';
import type { Db, DbDialectName } from './platform/db/open.ts';
import { AppError } from './platform/errors.ts';
import { type RouteBinding, registerCalls } from './platform/http/calls.ts';
import { installErrorHandler } from './platform/http/error-handler.ts';
import { buildOpenApiDocument } from './platform/http/openapi.ts';
import { serveWebConsole } from './platform/http/web-console.ts';

/** What the modules are built from. Tests pass their own clock, database and mail transport. */
export interface AppDeps {
  config: ServerConfig;
  db: Db;
  dialect: DbDialectName;
  clock: Clock;
  version: string;
  startedAt: Date;
  sessions: SessionResolver;
}

export interface BuildOptions {
  config: ServerConfig;
  db: Db;
  dialect: DbDialectName;
  clock?: Clock;
  sessions?: SessionResolver;
  logger?: FastifyServerOptions['logger'];
}

const VERSION = (
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** Until sign-in lands every non-public call is refused for want of credentials. */
const noSessions: SessionResolver = {
  resolve: async () => {
    throw new AppError(ErrorCode.NO_CREDENTIALS);
  },
};

/** Every route binding of every module, in one list the app registers and the tests walk. */
export function allRoutes(deps: AppDeps): RouteBinding[] {
  return [...platformRoutes(deps)];
}

export async function buildApp(options: BuildOptions): Promise<{ app: FastifyInstance; deps: AppDeps }> {
  const { config } = options;
  const deps: AppDeps = {
    config,
    db: options.db,
    dialect: options.dialect,
    clock: options.clock ?? systemClock,
    version: VERSION,
    startedAt: new Date(),
    sessions: options.sessions ?? noSessions,
  };
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimit,
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

  const routes = allRoutes(deps);
  registerCalls(app, routes, { prefix: config.apiPrefix, sessions: deps.sessions });

  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: buildOpenApiDocument(ALL_CALLS, config.apiPrefix, VERSION) as never },
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${config.apiPrefix}/docs` });

  await serveWebConsole(app, config.webDist, config.basePath);
  return { app, deps };
}
