/**
 * What a benchmark file (`bench/<name>.ts`) returns from `export async function run()`. Every figure
 * stands beside the limit it is measured against in the same run (a bare Fastify route, the raw
 * broker, the raw database ...), so a reader sees what the product costs, not just a number.
 */
export interface Measurement {
  /** What was measured, e.g. "GET /api/health, requests/s". */
  what: string;
  value: number;
  unit: string;
  limit: {
    /** What the figure is measured against, e.g. "bare Fastify route, same JSON". */
    what: string;
    value: number;
  };
  /** True for throughput (more is better), false for latency and sizes. */
  higherIsBetter: boolean;
}

export interface ResultSection {
  title: string;
  /** One paragraph: the set-up, bounds and load of the measurement. */
  method: string;
  measurements: Measurement[];
  notes?: string[];
}
