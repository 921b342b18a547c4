import http from 'node:http';

export interface LoadOptions {
  /** Concurrent keep-alive connections. */
  connections: number;
  warmupMs: number;
  durationMs: number;
  /** Stops early after this many measured requests, whatever the time. */
  maxRequests: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  requestsPerSecond: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * A small autocannon-like loop: `connections` keep-alive connections each send GET `url`, wait for
 * the whole answer, and send again, first for a warm-up, then for the measured period. Loopback only.
 */
export async function loadGet(url: string, options: LoadOptions): Promise<LoadResult> {
  const target = new URL(url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname)) throw new Error('loopback only');
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let errors = 0;
  let measuring = false;
  let stop = false;

  const once = () =>
    new Promise<void>((resolve) => {
      const started = process.hrtime.bigint();
      const req = http.get(target, { agent }, (res) => {
        res.on('data', () => {});
        res.on('end', () => {
          if (measuring) {
            if (res.statusCode === 200) latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
            else errors++;
          }
          resolve();
        });
      });
      req.on('error', () => {
        if (measuring) errors++;
        resolve();
      });
    });

  const loop = async () => {
    while (!stop) {
      await once();
      if (measuring && latencies.length + errors >= options.maxRequests) stop = true;
    }
  };
  const loops = Array.from({ length: options.connections }, loop);
  await sleep(options.warmupMs);
  measuring = true;
  const started = performance.now();
  const deadline = started + options.durationMs;
  while (!stop && performance.now() < deadline) await sleep(20);
  const elapsedMs = performance.now() - started;
  measuring = false;
  stop = true;
  await Promise.all(loops);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    requestsPerSecond: (latencies.length / elapsedMs) * 1000,
    p50Ms: percentile(latencies, 50),
    p90Ms: percentile(latencies, 90),
    p99Ms: percentile(latencies, 99),
  };
}
