import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS } from '../src/platform/db/migrations/index.ts';
import { openDatabase } from '../src/platform/db/open.ts';

/**
 * A new PGlite data directory takes ~4 s to initialise. Build one migrated database per run of the
 * suite, dump it, and let every test file start from the dump (~0.4 s). Skipped against PostgreSQL.
 */
export default async function setup() {
  if (process.env.DATABASE_URL) return;
  const migrationsDir = path.resolve(import.meta.dirname, '../src/platform/db/migrations');
  const hash = crypto.createHash('sha256');
  for (const name of Object.keys(MIGRATIONS).sort()) {
    const file = fs.readdirSync(migrationsDir).find((f) => f.startsWith(name));
    hash.update(name);
    if (file) hash.update(fs.readFileSync(path.join(migrationsDir, file)));
  }
  const file = path.join(os.tmpdir(), `fleetport-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!fs.existsSync(file)) {
    const database = await openDatabase({ dataDir: 'memory://' });
    const dump = await dumpPglite(database);
    fs.writeFileSync(`${file}.tmp`, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(`${file}.tmp`, file);
    await database.close();
  }
  process.env.FLEETPORT_PGLITE_SNAPSHOT = file;
}

async function dumpPglite(database: Awaited<ReturnType<typeof openDatabase>>): Promise<Blob> {
  if (!database.dumpDataDir) throw new Error('not a PGlite database');
  return database.dumpDataDir();
}
