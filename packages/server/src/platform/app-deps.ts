import type { Gateway } from '../gateway/gateway.ts';
import type { VpnHub } from '../vpn-hub/hub.ts';
import type { SessionResolver } from './auth/session.ts';
import type { Clock } from './clock.ts';
import type { ServerConfig } from './config.ts';
import type { Db, DbDialectName } from './db/open.ts';
import type { Files } from './files/files.ts';
import type { ResponseTally } from './http/response-tally.ts';
import type { JobWorker } from './jobs/index.ts';
import type { LiveHub } from './live/hub.ts';
import type { Mailer } from './mail/mailer.ts';
import type { SmsProvider } from './sms/sms.ts';

/**
 * What the modules are built from. The composition root (app.ts) fills it; a module names the
 * parts it uses in its manifest and receives only those (`ModuleDeps`). Tests pass their own clock,
 * database and mail transport.
 */
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
  /** This node's job worker, when this app runs one (`BuildOptions.jobs`). */
  jobs?: JobWorker;
  /** Uploaded and generated files: the store, their rows and signed links. */
  files: Files;
  /** The platform's local VPN hub, when this app runs one (`BuildOptions.vpnHub`). */
  vpnHub?: VpnHub;
  /** This node's answers of the last 15 minutes (the Super Admin's health page). */
  responses: ResponseTally;
}

/** The part of AppDeps a module declared it uses. */
export type ModuleDeps<K extends keyof AppDeps> = Pick<AppDeps, K>;

/**
 * A live view of `deps` holding only `keys`: reads go to the app's deps, so parts filled in after the
 * routes are built (the gateway, the PostgreSQL live bridge) are seen, and nothing else is reachable.
 */
export function pickDeps<K extends keyof AppDeps>(deps: AppDeps, keys: readonly K[]): ModuleDeps<K> {
  const view = {} as ModuleDeps<K>;
  for (const key of keys) {
    Object.defineProperty(view, key, { enumerable: true, get: () => deps[key] });
  }
  return view;
}
