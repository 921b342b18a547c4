import { useId, useRef, useState } from 'react';
import { EmptyState } from '../empty-state.tsx';
import { colorAt, type PieChartData, percentOf, ringSegment, withUnit } from './chart-model.ts';
import { ChartLegend, ChartTooltip, useChartWidth, useHidden } from './chart-parts.tsx';

export type { PieChartData, PieSlice } from './chart-model.ts';

export interface PieChartProps extends PieChartData {
  height?: number;
}

/**
 * A ring chart of shares (device models, states), drawn as SVG with the legend beside it: hovering
 * a slice or its legend entry (or focusing the entry) shows "name: value unit (percent%)", and a
 * legend entry hides or shows its slice. The empty state when all are zero.
 */
export function PieChart({ slices, unit, height = 300 }: PieChartProps) {
  if (!slices.some((slice) => slice.value > 0)) return <EmptyState />;
  return <Ring slices={slices} unit={unit} height={height} />;
}

function Ring({ slices, unit, height }: PieChartData & { height: number }) {
  const container = useRef<HTMLDivElement>(null);
  const width = useChartWidth(container);
  const [hidden, toggle] = useHidden();
  const [active, setActive] = useState<number | null>(null);
  const titleId = useId();

  // The ring takes the left 60 %, the legend the rest (as a legend on the right of the card).
  const ringWidth = Math.max(120, Math.floor(width * 0.6));
  const outer = Math.max(20, Math.min(ringWidth, height) * 0.35);
  const inner = outer * (45 / 70);
  const cx = ringWidth / 2;
  const cy = height / 2;
  const total = slices.reduce((sum, slice, i) => sum + (hidden.has(i) ? 0 : Math.max(0, slice.value)), 0);

  let angle = 0;
  const arcs = slices.map((slice, i) => {
    const share = hidden.has(i) || total === 0 ? 0 : Math.max(0, slice.value) / total;
    const start = angle;
    angle += share * Math.PI * 2;
    return { i, start, end: angle, share };
  });
  const activeSlice = active === null ? null : slices[active];
  const activeArc = active === null ? null : arcs[active];
  const middle = activeArc ? (activeArc.start + activeArc.end) / 2 : 0;

  return (
    <div
      ref={container}
      data-testid="pie-chart"
      style={{ position: 'relative', width: '100%', height, display: 'flex', alignItems: 'center' }}
    >
      <svg
        width={ringWidth}
        height={height}
        role="img"
        aria-labelledby={titleId}
        style={{ display: 'block', flex: 'none' }}
        onPointerLeave={() => setActive(null)}
      >
        <title id={titleId}>
          {slices.map((slice) => `${slice.name}: ${withUnit(slice.value, unit)}`).join(', ')}
        </title>
        {arcs.map(({ i, start, end, share }) =>
          share <= 0 ? null : (
            <path
              key={`${i}-${slices[i]!.name}`}
              d={ringSegment(cx, cy, inner, i === active ? outer + 6 : outer, start, end)}
              fill={colorAt(i)}
              stroke="#fff"
              strokeWidth={1}
              onPointerEnter={() => setActive(i)}
              data-testid="pie-slice"
            />
          ),
        )}
      </svg>
      <ChartLegend
        vertical
        names={slices.map((slice) => slice.name)}
        hidden={hidden}
        onToggle={toggle}
        onFocusItem={setActive}
        style={{ flex: 1, minWidth: 0, maxHeight: height - 16, justifyContent: 'flex-start' }}
      />
      {activeSlice && activeArc && (
        <ChartTooltip
          x={cx + outer * Math.sin(middle) * 0.8}
          y={cy - outer * Math.cos(middle) * 0.8}
          width={width}
          rows={[
            {
              color: colorAt(active!),
              name: activeSlice.name,
              value: `${withUnit(activeSlice.value, unit)} (${percentOf(hidden.has(active!) ? 0 : activeSlice.value, total)}%)`,
            },
          ]}
        />
      )}
    </div>
  );
}
