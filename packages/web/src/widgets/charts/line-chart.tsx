import { truncateAxisLabel } from '@fleetport/contract';
import { type KeyboardEvent, type PointerEvent, useId, useRef, useState } from 'react';
import { EmptyState } from '../empty-state.tsx';
import { colorAt, displayUnit, type LineChartData, labelStride, niceTicks, withUnit } from './chart-model.ts';
import { ChartLegend, ChartTooltip, chartFont, useChartWidth, useHidden } from './chart-parts.tsx';

export type { LineChartData, LineSeries } from './chart-model.ts';

export interface LineChartProps extends LineChartData {
  height?: number;
}

/** Rough width of a 12 px label: Latin characters about 7 px, Chinese 12 px. */
const textWidth = (text: string) =>
  Array.from(text).reduce((sum, c) => sum + (c.charCodeAt(0) > 255 ? 12 : 7), 0);

/**
 * A line chart over categories (times, names), drawn as SVG: x-axis labels over 15 characters are
 * cut (the whole label is in the tooltip), values carry the unit (sizes step up to GB when large),
 * a tooltip follows the pointer or the arrow keys, and a legend hides and shows lines. The empty
 * state when there is no data.
 */
export function LineChart({ categories, series, unit, partialLast, height = 300 }: LineChartProps) {
  if (categories.length === 0 || series.length === 0) return <EmptyState />;
  return (
    <LinePlot categories={categories} series={series} unit={unit} partialLast={partialLast} height={height} />
  );
}

function LinePlot({ categories, series, unit, partialLast, height }: LineChartData & { height: number }) {
  const container = useRef<HTMLDivElement>(null);
  const width = useChartWidth(container);
  const [hidden, toggle] = useHidden();
  const [active, setActive] = useState<number | null>(null);
  const titleId = useId();
  const n = categories.length;

  const shown = series.filter((_, i) => !hidden.has(i));
  const values = shown.flatMap((line) => line.data.filter((v): v is number => v !== null));
  const largest = values.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  const display = displayUnit(unit, largest);
  const ticks = niceTicks(
    values.length ? Math.min(...values) / display.divisor : 0,
    values.length ? Math.max(...values) / display.divisor : 1,
  );
  const tickLabels = ticks.map((tick) => withUnit(tick, display.unit));

  const legend = series.length > 1;
  const left = Math.max(...tickLabels.map(textWidth)) + 12;
  const right = 24;
  const top = 24;
  const bottom = 28;
  const plotWidth = Math.max(10, width - left - right);
  const plotHeight = Math.max(10, height - top - bottom - (legend ? 28 : 0));
  const low = ticks[0]!;
  const high = ticks[ticks.length - 1]!;
  const x = (i: number) => left + (n === 1 ? plotWidth / 2 : (i * plotWidth) / (n - 1));
  const y = (v: number) => top + plotHeight - ((v / display.divisor - low) / (high - low)) * plotHeight;

  const labels = categories.map((c) => truncateAxisLabel(c));
  const stride = labelStride(n, plotWidth, Math.max(...labels.map(textWidth)) + 12);

  const pathOf = (data: Array<number | null>) => {
    let d = '';
    let pen = false;
    data.forEach((v, i) => {
      if (v === null || v === undefined) {
        pen = false;
        return;
      }
      d += `${pen ? 'L' : 'M'}${x(i).toFixed(1)} ${y(v).toFixed(1)} `;
      pen = true;
    });
    return d;
  };

  const indexAt = (clientX: number, box: DOMRect) => {
    const offset = clientX - box.left - left;
    const i = n === 1 ? 0 : Math.round((offset / plotWidth) * (n - 1));
    return Math.min(n - 1, Math.max(0, i));
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) =>
    setActive(indexAt(event.clientX, event.currentTarget.getBoundingClientRect()));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      const step = event.key === 'ArrowRight' ? 1 : -1;
      setActive((i) => Math.min(n - 1, Math.max(0, i === null ? (step > 0 ? 0 : n - 1) : i + step)));
    } else if (event.key === 'Escape') setActive(null);
  };

  const showSymbols = n <= 31;
  return (
    <div ref={container} style={{ position: 'relative', width: '100%', height }} data-testid="line-chart">
      <svg
        width={width}
        height={height - (legend ? 28 : 0)}
        role="img"
        aria-labelledby={titleId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the arrow keys move the tooltip across the times
        tabIndex={0}
        onPointerMove={onPointerMove}
        onPointerLeave={() => setActive(null)}
        onKeyDown={onKeyDown}
        onBlur={() => setActive(null)}
        style={{ display: 'block', outline: 'none', overflow: 'visible' }}
      >
        <title id={titleId}>{series.map((line) => line.name).join(', ')}</title>
        {ticks.map((tick, i) => (
          <g key={tick}>
            <line
              x1={left}
              x2={left + plotWidth}
              y1={y(tick * display.divisor)}
              y2={y(tick * display.divisor)}
              stroke="#e0e6f1"
            />
            <text
              x={left - 8}
              y={y(tick * display.divisor)}
              textAnchor="end"
              dominantBaseline="middle"
              style={chartFont}
              data-testid="y-label"
            >
              {tickLabels[i]}
            </text>
          </g>
        ))}
        {partialLast && n >= 2 && (
          <g data-testid="partial-last">
            <rect
              x={x(n - 2)}
              y={top}
              width={x(n - 1) - x(n - 2)}
              height={plotHeight}
              fill="rgba(140, 140, 140, 0.12)"
            />
            <text
              x={(x(n - 2) + x(n - 1)) / 2}
              y={top - 6}
              textAnchor="middle"
              style={{ ...chartFont, fill: '#8c8c8c' }}
            >
              {partialLast}
            </text>
          </g>
        )}
        <line x1={left} x2={left + plotWidth} y1={top + plotHeight} y2={top + plotHeight} stroke="#6e7079" />
        {labels.map((label, i) =>
          i % stride === 0 ? (
            <text
              // biome-ignore lint/suspicious/noArrayIndexKey: one label per category, in order
              key={i}
              x={x(i)}
              y={top + plotHeight + 18}
              textAnchor="middle"
              style={chartFont}
              data-testid="x-label"
            >
              {label}
            </text>
          ) : null,
        )}
        {active !== null && (
          <line
            x1={x(active)}
            x2={x(active)}
            y1={top}
            y2={top + plotHeight}
            stroke="#b6bac2"
            strokeDasharray="4 3"
          />
        )}
        {series.map((line, s) =>
          hidden.has(s) ? null : (
            // biome-ignore lint/suspicious/noArrayIndexKey: a series is its place (its colour and legend entry)
            <g key={s}>
              <path
                d={pathOf(line.data)}
                fill="none"
                stroke={colorAt(s)}
                strokeWidth={2}
                strokeLinejoin="round"
              />
              {line.data.map((v, i) =>
                v === null || v === undefined || !(showSymbols || i === active) ? null : (
                  <circle
                    // biome-ignore lint/suspicious/noArrayIndexKey: one point per category, in order
                    key={i}
                    cx={x(i)}
                    cy={y(v)}
                    r={i === active ? 4 : 2.5}
                    fill="#fff"
                    stroke={colorAt(s)}
                    strokeWidth={2}
                  />
                ),
              )}
            </g>
          ),
        )}
      </svg>
      {active !== null && (
        <ChartTooltip
          x={x(active)}
          y={top}
          width={width}
          title={categories[active]}
          rows={series.flatMap((line, s) =>
            hidden.has(s)
              ? []
              : [
                  {
                    color: colorAt(s),
                    name: line.name,
                    value:
                      line.data[active] === null || line.data[active] === undefined
                        ? '-'
                        : withUnit(line.data[active]! / display.divisor, display.unit),
                  },
                ],
          )}
        />
      )}
      {legend && (
        <ChartLegend
          names={series.map((line) => line.name)}
          hidden={hidden}
          onToggle={toggle}
          style={{ height: 28, alignItems: 'center' }}
        />
      )}
    </div>
  );
}
