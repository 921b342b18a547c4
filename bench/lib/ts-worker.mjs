// Entry of benchmark worker threads: Node 20 does not apply the parent's `--import tsx` to a
// worker's TypeScript entry file, so register tsx here and import the real entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
