import path from 'node:path';
import { buildApp } from './app.ts';
import { ensureSuperAdmin } from './modules/accounts/accounts.service.ts';
import { radiusSecretSeal } from './modules/portal-manager/portal-manager.service.ts';
import { startRadiusServer } from './modules/portal-manager/radius-server.ts';
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/open.ts';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
});
// The device gateway closes with the app (an onClose hook), before the database below.
// Every node runs a job worker; it stops with the app, before the database closes.
const { app, deps } = await buildApp({
  config,
  db: database.db,
  dialect: database.dialect,
  gateway: true,
  jobs: true,
  // The local VPN hub: one openvpn per running group when Debian's openvpn is installed (VPN_HUB=off: none).
  vpnHub: config.vpn.hub === 'local',
});
if (config.automatedTestMode) {
  app.log.warn('AUTOMATED_TEST_MODE=true: the login captcha is OFF. Never run production like this.');
}
// First start: the Super Admin's one-time password is printed here once and never stored in clear.
const superAdmin = await ensureSuperAdmin(deps);
if (superAdmin) {
  app.log.warn(
    `Super Admin created. Sign in as ${superAdmin.account} with the one-time password ${superAdmin.password} ` +
      '(shown only now; you will be asked to change it).',
  );
}
app.log.info(
  config.mail.smtpUrl
    ? 'Mail goes out over SMTP_URL'
    : 'No SMTP_URL: mail is kept in the outbox table and logged',
);

// Captive portals' RADIUS (UDP); state is in the database, so every node may listen. A port taken by
// another process leaves RADIUS off with an error in the log rather than the console down.
const { authPort, acctPort } = config.radius;
const radiusServer =
  authPort > 0 || acctPort > 0
    ? await startRadiusServer(
        { db: deps.db, clock: deps.clock, seal: radiusSecretSeal(deps), log: app.log },
        {
          auth: authPort > 0 ? authPort : null,
          acct: acctPort > 0 ? acctPort : null,
          host: config.host.includes(':') ? '0.0.0.0' : config.host,
        },
      ).catch((error: unknown) => {
        app.log.error({ err: error }, 'RADIUS is off: its UDP ports could not be opened');
        return null;
      })
    : null;
if (radiusServer)
  app.log.info(
    `RADIUS: authentication on UDP ${radiusServer.authPort}, accounting on ${radiusServer.acctPort}`,
  );

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  try {
    await radiusServer?.close();
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Fleetport console: http://localhost:${config.port}${config.basePath}  (database: ${database.dialect})`,
);
app.log.info(`Devices connect to ${deps.gateway?.endpoint() ?? 'nothing'}`);
