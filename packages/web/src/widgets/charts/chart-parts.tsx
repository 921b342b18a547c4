import { type CSSProperties, type ReactNode, type RefObject, useLayoutEffect, useState } from 'react';
import { colorAt } from './chart-model.ts';

/** Width drawn when the container cannot be measured (tests, a hidden tab). */
const FALLBACK_WIDTH = 600;

/** The container's width in pixels, followed as the card resizes. */
export function useChartWidth(container: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    const measure = () => {
      const measured = element.getBoundingClientRect().width;
      if (measured > 0) setWidth(Math.floor(measured));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [container]);
  return width;
}

export const chartFont: CSSProperties = {
  fontSize: 12,
  fill: 'rgba(0, 0, 0, 0.55)',
};

/** The box shown on hover or focus: a title and one line per series or slice, plain text. */
export function ChartTooltip({
  x,
  y,
  width,
  title,
  rows,
}: {
  x: number;
  y: number;
  /** The chart's width: the box flips to the left of the pointer near the right edge. */
  width: number;
  title?: string;
  rows: { color: string; name: string; value: string }[];
}) {
  const flip = x > width - 200;
  return (
    <div
      role="status"
      data-testid="chart-tooltip"
      style={{
        position: 'absolute',
        top: Math.max(0, y),
        ...(flip ? { right: width - x + 12 } : { left: x + 12 }),
        pointerEvents: 'none',
        background: '#fff',
        border: '1px solid rgba(5, 5, 5, 0.06)',
        borderRadius: 6,
        boxShadow: '0 6px 16px 0 rgba(0, 0, 0, 0.08), 0 3px 6px -4px rgba(0, 0, 0, 0.12)',
        padding: '6px 10px',
        fontSize: 12,
        lineHeight: '20px',
        color: 'rgba(0, 0, 0, 0.88)',
        whiteSpace: 'nowrap',
        zIndex: 1,
      }}
    >
      {title && <div style={{ fontWeight: 500 }}>{title}</div>}
      {rows.map((row) => (
        <div key={row.name} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          <span style={{ width: 8, height: 8, borderRadius: '50%', background: row.color, flex: 'none' }} />
          <span style={{ flex: 1 }}>{row.name}</span>
          <span style={{ fontWeight: 500, marginLeft: 12 }}>{row.value}</span>
        </div>
      ))}
    </div>
  );
}

/**
 * The legend: one button per series or slice; clicking one hides or shows it, as chart legends do.
 * `onFocusItem` lets the keyboard reach the same tooltip a pointer shows.
 */
export function ChartLegend({
  names,
  hidden,
  onToggle,
  onFocusItem,
  vertical,
  style,
}: {
  names: string[];
  hidden: ReadonlySet<number>;
  onToggle: (index: number) => void;
  onFocusItem?: (index: number | null) => void;
  vertical?: boolean;
  style?: CSSProperties;
}): ReactNode {
  return (
    <ul
      data-testid="chart-legend"
      style={{
        listStyle: 'none',
        margin: 0,
        padding: 0,
        display: 'flex',
        flexDirection: vertical ? 'column' : 'row',
        flexWrap: vertical ? 'nowrap' : 'wrap',
        justifyContent: 'center',
        gap: vertical ? 4 : 12,
        overflowY: vertical ? 'auto' : undefined,
        ...style,
      }}
    >
      {names.map((name, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an entry is its place (its colour), names may repeat
        <li key={i} style={{ minWidth: 0 }}>
          <button
            type="button"
            aria-pressed={!hidden.has(i)}
            onClick={() => onToggle(i)}
            onMouseEnter={() => onFocusItem?.(i)}
            onMouseLeave={() => onFocusItem?.(null)}
            onFocus={() => onFocusItem?.(i)}
            onBlur={() => onFocusItem?.(null)}
            title={name}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 6,
              maxWidth: '100%',
              border: 0,
              background: 'none',
              padding: '0 2px',
              cursor: 'pointer',
              font: 'inherit',
              fontSize: 12,
              color: hidden.has(i) ? 'rgba(0, 0, 0, 0.25)' : 'rgba(0, 0, 0, 0.88)',
            }}
          >
            <span
              style={{
                width: 14,
                height: 8,
                borderRadius: 3,
                flex: 'none',
                background: hidden.has(i) ? '#ccc' : colorAt(i),
              }}
            />
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Which entries of a legend are hidden, toggled by its buttons. */
export function useHidden() {
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const toggle = (index: number) =>
    setHidden((current) => {
      const next = new Set(current);
      if (!next.delete(index)) next.add(index);
      return next;
    });
  return [hidden, toggle] as const;
}
