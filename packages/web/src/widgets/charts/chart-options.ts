import { escapeHtml, truncateAxisLabel } from '@fleetport/contract';
import type { EChartsOption } from 'echarts';

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

const withUnit = (unit?: string) => (value: number | string) => (unit ? `${value} ${unit}` : String(value));

/** The ECharts option of a line chart; x-axis labels over 15 characters are cut (core §2). */
export function lineChartOption({ categories, series, unit, partialLast }: LineChartData): EChartsOption {
  const n = categories.length;
  const partial =
    partialLast && n >= 2
      ? {
          silent: true,
          itemStyle: { color: 'rgba(140, 140, 140, 0.12)' },
          label: { show: true, position: 'insideTop' as const, formatter: partialLast, color: '#8c8c8c' },
          data: [[{ xAxis: categories[n - 2] }, { xAxis: categories[n - 1] }]] as never,
        }
      : undefined;
  return {
    tooltip: { trigger: 'axis', valueFormatter: (value) => withUnit(unit)(value as number) },
    legend: { show: series.length > 1, type: 'scroll', bottom: 0 },
    grid: { left: 16, right: 24, top: 24, bottom: series.length > 1 ? 40 : 16, containLabel: true },
    xAxis: {
      type: 'category',
      data: categories,
      boundaryGap: false,
      axisLabel: { formatter: (label: string) => truncateAxisLabel(label) },
    },
    yAxis: { type: 'value', axisLabel: { formatter: withUnit(unit) } },
    series: series.map((line, i) => ({
      name: line.name,
      type: 'line',
      data: line.data,
      smooth: true,
      showSymbol: categories.length <= 31,
      connectNulls: false,
      ...(partial && i === 0 ? { markArea: partial } : {}),
    })),
  };
}

/** The ECharts option of a pie (ring) chart with the legend beside it. */
export function pieChartOption({ slices, unit }: PieChartData): EChartsOption {
  const format = withUnit(unit);
  return {
    tooltip: {
      trigger: 'item',
      formatter: (params) => {
        const item = Array.isArray(params) ? params[0] : params;
        // ECharts renders a formatter's string as HTML: slice names (models, device names) are data.
        return `${escapeHtml(item?.name)}: ${escapeHtml(format(item?.value as number))} (${escapeHtml(item?.percent)}%)`;
      },
    },
    legend: { type: 'scroll', orient: 'vertical', right: 0, top: 'middle' },
    series: [
      {
        type: 'pie',
        radius: ['45%', '70%'],
        center: ['40%', '50%'],
        avoidLabelOverlap: true,
        label: { show: false },
        data: slices.map(({ name, value }) => ({ name, value })),
      },
    ],
  };
}
