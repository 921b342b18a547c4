import http from 'node:http';

/**
 * A POST load loop for calls whose body and headers matter (signed tickets are timed, so headers are
 * made per request): keep-alive connections each post, wait for the whole answer, and post again; a
 * request counts as failed unless the envelope says code 0. Loopback only.
 */

export interface LoadResult {
  requests: number;
  errors: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

export interface PostLoadOptions {
  connections: number;
  warmupMs: number;
  durationMs: number;
}

/** Keeps `connections` keep-alive connections posting `body`, first for a warm-up, then measured. */
export async function loadPost(
  url: string,
  body: string,
  headers: () => Record<string, string>,
  options: PostLoadOptions,
): Promise<LoadResult> {
  const { connections: CONNECTIONS, warmupMs: WARMUP_MS, durationMs: DURATION_MS } = options;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let errors = 0;
  let measuring = false;
  let stop = false;
  const once = () =>
    new Promise<void>((resolve) => {
      const started = process.hrtime.bigint();
      const req = http.request(
        url,
        { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers() } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            if (measuring) {
              const ok =
                res.statusCode === 200 &&
                (JSON.parse(Buffer.concat(chunks).toString()) as { code: number }).code === 0;
              if (ok) latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
              else errors++;
            }
            resolve();
          });
        },
      );
      req.on('error', () => {
        if (measuring) errors++;
        resolve();
      });
      req.end(body);
    });
  const loop = async () => {
    while (!stop) await once();
  };
  const loops = Array.from({ length: CONNECTIONS }, loop);
  await sleep(WARMUP_MS);
  measuring = true;
  const started = performance.now();
  await sleep(DURATION_MS);
  const elapsed = performance.now() - started;
  measuring = false;
  stop = true;
  await Promise.all(loops);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    requestsPerSecond: (latencies.length / elapsed) * 1000,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
  };
}
