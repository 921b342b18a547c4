import {
  type CellLocationStatus,
  CellLocationStatusSchema,
  type GpsStatus,
  GpsStatusSchema,
  type ModemStatus,
  ModemStatusSchema,
  StatusMessageSchema,
  type TelemetrySample,
} from '@fleetport/contract';
import type { TFunction } from 'i18next';

type NetworkStatus = NonNullable<ReturnType<typeof StatusMessageSchema.parse>['modules']['network']>;
const NetworkSchema = StatusMessageSchema.shape.modules.shape.network.unwrap();

/** The status modules the panel reads, each parsed by its contract schema; unknown or broken ones are absent. */
export interface PanelStatus {
  modem?: ModemStatus;
  network?: NetworkStatus;
  gps?: GpsStatus;
  cellLocation?: CellLocationStatus;
  uci?: Record<string, Record<string, string>>;
  updatedAt: Record<string, number>;
}

export const STATUS_MODULES = ['modem', 'network', 'gps', 'cellLocation', 'uci'] as const;

export function panelStatus(answer: Record<string, { data: unknown; updatedAt: number } | null> | undefined) {
  const out: PanelStatus = { updatedAt: {} };
  if (!answer) return out;
  const parse = <T>(
    module: string,
    schema: { safeParse: (v: unknown) => { success: boolean; data?: T } },
  ) => {
    const entry = answer[module];
    if (!entry) return undefined;
    const parsed = schema.safeParse(entry.data);
    if (!parsed.success) return undefined;
    out.updatedAt[module] = entry.updatedAt;
    return parsed.data;
  };
  out.modem = parse('modem', ModemStatusSchema);
  out.network = parse('network', NetworkSchema);
  out.gps = parse('gps', GpsStatusSchema);
  out.cellLocation = parse('cellLocation', CellLocationStatusSchema);
  const uci = answer.uci?.data;
  if (uci && typeof uci === 'object') out.uci = uci as Record<string, Record<string, string>>;
  return out;
}

/** "3 d 4 h 12 min", "4 h 12 min", "12 min 5 s"; null for unknown. */
export function uptimeText(seconds: number | null | undefined, t: TFunction): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return null;
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  if (d > 0) return t('days', { d, h, m });
  if (h > 0) return t('hours', { h, m });
  return t('minutes', { m, s });
}

/** The latest sample, and each SIM's values of one metric over the samples (oldest first). */
export function latestSample(samples: readonly TelemetrySample[]): TelemetrySample | undefined {
  return samples.at(-1);
}

export function signalHistory(
  samples: readonly TelemetrySample[],
  sim: 1 | 2,
  metric: 'rssi' | 'rsrp' | 'rsrq' | 'sinr',
): (number | null)[] {
  return samples.map((s) => s.signal.find((g) => g.sim === sim)?.[metric] ?? null);
}
