import { z } from 'zod';

/**
 * Evaluated before any schema of the contract is built (the first import of index.ts). zod compiles
 * fast object parsers with `new Function`, deciding when a schema is built, and first probes whether
 * it may (`Function('')`). The console's Content-Security-Policy allows no eval
 * (server platform/http/web-console.ts), so in a browser that probe was a policy violation on every
 * page. The console parses few, small objects, so the interpreted parser costs nothing a user
 * notices; the server has no such policy and keeps the compiled parsers.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });
