import {
  SIGNAL_QUALITY_LABELS,
  SIGNAL_UNITS,
  type SignalMetric,
  type SignalQuality,
  signalBars,
  signalQuality,
} from '@fleetport/contract';
import { Flex } from 'antd';
import { useLang } from '../../app/use-lang.ts';
import { EMPTY_CELL } from '../../widgets/index-table.tsx';
import { Sparkline } from './sparkline.tsx';

export const QUALITY_COLOR: Record<SignalQuality, string> = {
  excellent: '#389e0d',
  good: '#7cb305',
  fair: '#d48806',
  poor: '#cf1322',
};
const UNLIT = '#d9d9d9';

/** Four bars of rising height; as many lit as the quality earns, in its colour. */
export function SignalBars({ quality, testId }: { quality: SignalQuality | null; testId?: string }) {
  const lang = useLang();
  const lit = signalBars(quality);
  const color = quality ? QUALITY_COLOR[quality] : UNLIT;
  return (
    <span
      role="img"
      aria-label={quality ? SIGNAL_QUALITY_LABELS[quality][lang] : EMPTY_CELL}
      title={quality ? SIGNAL_QUALITY_LABELS[quality][lang] : undefined}
      data-testid={testId}
      data-quality={quality ?? 'none'}
      data-bars={lit}
      style={{ display: 'inline-flex', alignItems: 'flex-end', gap: 2, height: 16 }}
    >
      {[1, 2, 3, 4].map((bar) => (
        <span
          key={bar}
          style={{ width: 4, height: 4 * bar, borderRadius: 1, background: bar <= lit ? color : UNLIT }}
        />
      ))}
    </span>
  );
}

/** One reading: value with its unit, its bars and quality word, and the recent history beside it. */
export function SignalReading({
  metric,
  value,
  history,
  testId,
}: {
  metric: SignalMetric;
  value: number | null | undefined;
  history: readonly (number | null)[];
  testId: string;
}) {
  const lang = useLang();
  const quality = signalQuality(metric, value);
  return (
    <Flex align="center" gap={8} data-testid={testId}>
      <span style={{ minWidth: 72 }}>{quality ? `${value} ${SIGNAL_UNITS[metric]}` : EMPTY_CELL}</span>
      <SignalBars quality={quality} testId={`${testId}-bars`} />
      {quality && (
        <span style={{ color: QUALITY_COLOR[quality] }}>{SIGNAL_QUALITY_LABELS[quality][lang]}</span>
      )}
      <Sparkline
        values={history}
        color={quality ? QUALITY_COLOR[quality] : undefined}
        testId={`${testId}-spark`}
        label={metric.toUpperCase()}
      />
    </Flex>
  );
}
