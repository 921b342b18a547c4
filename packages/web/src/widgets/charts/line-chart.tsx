import { useMemo } from 'react';
import { EmptyState } from '../empty-state.tsx';
import { type LineChartData, lineChartOption } from './chart-options.ts';
import { EChart } from './echart.tsx';

export interface LineChartProps extends LineChartData {
  height?: number;
}

/** A line chart over categories (times, names); cut x-axis labels; the empty state when no data. */
export function LineChart({ categories, series, unit, partialLast, height }: LineChartProps) {
  const option = useMemo(
    () => lineChartOption({ categories, series, unit, partialLast }),
    [categories, series, unit, partialLast],
  );
  if (categories.length === 0 || series.length === 0) return <EmptyState />;
  return <EChart option={option} height={height} />;
}
