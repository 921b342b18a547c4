// The thread that owns an on-disk PGlite (docs/decisions.md "PGlite in a thread of its own").
// Plain JavaScript, so it starts without a TypeScript loader wherever the server runs (tsx, vitest,
// a bench): it needs nothing but PGlite. The server thread sends one request at a time per caller;
// PGlite runs each to the end before it takes the next, as it did on the server thread.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** What the server thread needs of a PostgreSQL error: its message and fields (code, constraint, ...). */
function describe(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    fields[key] = typeof value === 'object' && value !== null ? String(value) : value;
  }
  return { ...fields, name: error.name, message: error.message };
}

/** @type {PGlite | undefined} */
let lite;
try {
  lite = await PGlite.create({
    ...(workerData.dataDir ? { dataDir: workerData.dataDir } : {}),
    ...(workerData.loadDataDir ? { loadDataDir: new Blob([workerData.loadDataDir]) } : {}),
    extensions: { pg_trgm },
  });
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, error: describe(error) });
}

parentPort.on('message', async (request) => {
  try {
    if (!lite) throw new Error('PGlite did not open');
    if (request.op === 'query') {
      const result = await lite.query(request.sql, request.params);
      parentPort.postMessage({ id: request.id, rows: result.rows, affectedRows: result.affectedRows });
    } else if (request.op === 'dump') {
      const dump = await lite.dumpDataDir('none');
      const bytes = await dump.arrayBuffer();
      parentPort.postMessage({ id: request.id, dump: bytes }, [bytes]);
    } else if (request.op === 'close') {
      await lite.close();
      lite = undefined;
      parentPort.postMessage({ id: request.id });
    }
  } catch (error) {
    parentPort.postMessage({ id: request.id, error: describe(error) });
  }
});
