import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/open.ts';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
});
const { app } = await buildApp({ config, db: database.db, dialect: database.dialect });
if (config.automatedTestMode) {
  app.log.warn('AUTOMATED_TEST_MODE=true: the login captcha is OFF. Never run production like this.');
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  try {
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
