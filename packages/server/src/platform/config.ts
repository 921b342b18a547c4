import path from 'node:path';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Everything the server reads from the environment; documented in the README. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; absent means embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  apiPrefix: string;
  basePath: string;
  logLevel: LogLevel;
  /** Directory of the built console; served under `basePath`. */
  webDist: string;
  /** Turns the login captcha off for automated browser tests. Unsafe in production. */
  automatedTestMode: boolean;
  /** Largest accepted request body in bytes. */
  bodyLimit: number;
}

function normalizePrefix(value: string): string {
  const trimmed = `/${value.replace(/^\/+|\/+$/g, '')}`;
  return trimmed === '/' ? '' : trimmed;
}

function normalizeBasePath(value: string): string {
  return `${normalizePrefix(value)}/`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = path.resolve(import.meta.dirname, '../../../..');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    apiPrefix: normalizePrefix(env.API_PREFIX ?? '/api'),
    basePath: normalizeBasePath(env.BASE_PATH ?? '/rcms/'),
    logLevel: (env.LOG_LEVEL as LogLevel | undefined) ?? 'info',
    webDist: path.resolve(env.WEB_DIST ?? path.join(root, 'packages/web/dist')),
    automatedTestMode: env.AUTOMATED_TEST_MODE === 'true',
    bodyLimit: Number(env.BODY_LIMIT ?? 1024 * 1024),
  };
}
