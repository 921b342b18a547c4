/**
 * The arithmetic of the console's own SVG charts (line and ring): value axes with round ticks,
 * sizes shown in the largest unit that keeps them readable (MB to GB ...), and the ring's arcs.
 * No drawing here, so the tests can check the numbers the charts show.
 */

export interface LineSeries {
  name: string;
  /** One value per category; null leaves a gap (no sample for that time). */
  data: Array<number | null>;
}

export interface LineChartData {
  /** x-axis categories, usually times or device names. */
  categories: string[];
  series: LineSeries[];
  /** Shown after values in the tooltip and on the y-axis, e.g. "MB" or "dBm". */
  unit?: string;
  /**
   * The last category is still filling (the current hour): its span is shaded and labelled with this
   * text, so a low last value reads as "so far", not as a drop.
   */
  partialLast?: string;
}

export interface PieSlice {
  name: string;
  value: number;
}

export interface PieChartData {
  slices: PieSlice[];
  unit?: string;
}

/** The colours of the series and slices, in order (the palette the console's charts always used). */
export const CHART_COLORS = [
  '#5470c6',
  '#91cc75',
  '#fac858',
  '#ee6666',
  '#73c0de',
  '#3ba272',
  '#fc8452',
  '#9a60b4',
  '#ea7ccc',
] as const;

export const colorAt = (i: number) => CHART_COLORS[i % CHART_COLORS.length]!;

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/**
 * The unit a chart shows its values in: a size unit (B, KB, MB ...) steps up by 1024 while the
 * largest value is 1024 or more, so 20 000 MB of traffic reads "19.53 GB"; other units stay.
 */
export function displayUnit(unit: string | undefined, largest: number): { unit?: string; divisor: number } {
  let index = unit ? SIZE_UNITS.indexOf(unit) : -1;
  if (index < 0) return { unit, divisor: 1 };
  let divisor = 1;
  while (Math.abs(largest) / divisor >= 1024 && index < SIZE_UNITS.length - 1) {
    divisor *= 1024;
    index++;
  }
  return { unit: SIZE_UNITS[index], divisor };
}

/** A number as the charts print it: at most two decimals, no trailing zeros. */
export function formatValue(value: number): string {
  return String(Math.round(value * 100) / 100);
}

export const withUnit = (value: number, unit?: string) =>
  unit ? `${formatValue(value)} ${unit}` : formatValue(value);

/** Round ticks covering [min, max] and zero, about `count` of them (the value axis). */
export function niceTicks(min: number, max: number, count = 5): number[] {
  let low = Math.min(0, min);
  let high = Math.max(0, max);
  if (low === high) high = low + 1;
  const rough = (high - low) / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const norm = rough / magnitude;
  const step = (norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10) * magnitude;
  low = Math.floor(low / step) * step;
  high = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  // Rounded to the step's precision, so 0.1 + 0.2 prints as 0.3.
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  for (let v = low; v <= high + step / 2; v += step) ticks.push(Number(v.toFixed(decimals)));
  return ticks;
}

/** Every n-th x-axis label is drawn so that labels about `labelWidth` wide do not overlap. */
export function labelStride(count: number, plotWidth: number, labelWidth: number): number {
  if (count <= 1 || plotWidth <= 0) return 1;
  const gap = plotWidth / (count - 1);
  return Math.max(1, Math.ceil(labelWidth / gap));
}

/** A slice's share in percent, two decimals at most (what the tooltip says). */
export function percentOf(value: number, total: number): number {
  return total > 0 ? Math.round((value / total) * 10_000) / 100 : 0;
}

/** The SVG path of a ring segment from angle `start` to `end` (radians, clockwise from 12 o'clock). */
export function ringSegment(
  cx: number,
  cy: number,
  inner: number,
  outer: number,
  start: number,
  end: number,
) {
  const point = (r: number, a: number) => `${cx + r * Math.sin(a)} ${cy - r * Math.cos(a)}`;
  // A whole ring (one slice): two half rings, as one arc cannot end where it starts.
  if (end - start >= Math.PI * 2 - 1e-6)
    return [
      `M ${point(outer, 0)} A ${outer} ${outer} 0 1 1 ${point(outer, Math.PI)} A ${outer} ${outer} 0 1 1 ${point(outer, 0)}`,
      'Z',
      `M ${point(inner, 0)} A ${inner} ${inner} 0 1 0 ${point(inner, Math.PI)} A ${inner} ${inner} 0 1 0 ${point(inner, 0)}`,
      'Z',
    ].join(' ');
  const sweep = end - start;
  const stop = start + sweep;
  const large = sweep > Math.PI ? 1 : 0;
  return [
    `M ${point(outer, start)}`,
    `A ${outer} ${outer} 0 ${large} 1 ${point(outer, stop)}`,
    `L ${point(inner, stop)}`,
    `A ${inner} ${inner} 0 ${large} 0 ${point(inner, start)}`,
    'Z',
  ].join(' ');
}
