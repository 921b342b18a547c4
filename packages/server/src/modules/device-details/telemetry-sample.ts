import { type TelemetrySample, TelemetrySampleSchema } from '@fleetport/contract';

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * A stored telemetry row as the status panel reads it. Rows are what devices sent (validated then), but
 * an older firmware may have left fields out: those are null, never a guess, and the panel shows "- -".
 */
export function telemetrySample(at: Date, data: unknown): TelemetrySample {
  const d = (data ?? {}) as Record<string, unknown>;
  const parsed = TelemetrySampleSchema.pick({ signal: true, usage: true, activeLink: true }).safeParse({
    signal: d.signal ?? [],
    usage: d.usage ?? [],
    activeLink: d.activeLink ?? null,
  });
  return {
    at: at.getTime(),
    uptimeSeconds: num(d.uptimeSeconds),
    activeLink: parsed.success ? parsed.data.activeLink : null,
    signal: parsed.success ? parsed.data.signal : [],
    usage: parsed.success ? parsed.data.usage : [],
    cpuPercent: num(d.cpuPercent),
    memoryPercent: num(d.memoryPercent),
    temperatureC: num(d.temperatureC),
  };
}
