import { useMemo } from 'react';
import { EmptyState } from '../empty-state.tsx';
import { type PieChartData, pieChartOption } from './chart-options.ts';
import { EChart } from './echart.tsx';

export interface PieChartProps extends PieChartData {
  height?: number;
}

/** A ring chart of shares (device states, licence levels); the empty state when all are zero. */
export function PieChart({ slices, unit, height }: PieChartProps) {
  const option = useMemo(() => pieChartOption({ slices, unit }), [slices, unit]);
  if (!slices.some((slice) => slice.value > 0)) return <EmptyState />;
  return <EChart option={option} height={height} />;
}
