import type { Localized } from '../i18n.ts';

/**
 * How good a cellular reading is, for the status panel's bars and colours. The thresholds are the
 * ones operators and router vendors commonly print for LTE/5G (RSRP dBm, RSRQ dB, SINR dB, RSSI dBm):
 * at or above the first is excellent, the second good, the third fair, below it poor.
 */
export const SIGNAL_METRICS = ['rssi', 'rsrp', 'rsrq', 'sinr'] as const;
export type SignalMetric = (typeof SIGNAL_METRICS)[number];

export const SIGNAL_THRESHOLDS: Record<SignalMetric, readonly [number, number, number]> = {
  rssi: [-65, -75, -85],
  rsrp: [-80, -90, -100],
  rsrq: [-10, -15, -20],
  sinr: [20, 13, 0],
};

export const SIGNAL_UNITS: Record<SignalMetric, string> = {
  rssi: 'dBm',
  rsrp: 'dBm',
  rsrq: 'dB',
  sinr: 'dB',
};

export const SIGNAL_QUALITIES = ['excellent', 'good', 'fair', 'poor'] as const;
export type SignalQuality = (typeof SIGNAL_QUALITIES)[number];

export const SIGNAL_QUALITY_LABELS: Record<SignalQuality, Localized> = {
  excellent: { en: 'Excellent', cn: '极好' },
  good: { en: 'Good', cn: '良好' },
  fair: { en: 'Fair', cn: '一般' },
  poor: { en: 'Poor', cn: '差' },
};

/** The quality of one reading; null when the device did not report it. */
export function signalQuality(metric: SignalMetric, value: number | null | undefined): SignalQuality | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const [excellent, good, fair] = SIGNAL_THRESHOLDS[metric];
  if (value >= excellent) return 'excellent';
  if (value >= good) return 'good';
  if (value >= fair) return 'fair';
  return 'poor';
}

/** Bars out of four a quality lights (0 for no reading). */
export function signalBars(quality: SignalQuality | null): number {
  return quality === null ? 0 : 4 - SIGNAL_QUALITIES.indexOf(quality);
}
