import { describe, expect, it } from 'vitest';
import { lineChartOption, pieChartOption } from './chart-options.ts';

describe('lineChartOption', () => {
  const option = lineChartOption({
    categories: ['2026-11-01', 'Gateway at the north gate of plant 3'],
    series: [
      { name: 'Upload', data: [1.5, null] },
      { name: 'Download', data: [3, 4] },
    ],
    unit: 'MB',
  });
  const xAxis = option.xAxis as { data: string[]; axisLabel: { formatter: (label: string) => string } };

  it('plots every series over the categories, leaving gaps where no sample exists', () => {
    expect(xAxis.data).toEqual(['2026-11-01', 'Gateway at the north gate of plant 3']);
    const series = option.series as Array<{
      name: string;
      type: string;
      data: unknown[];
      connectNulls: boolean;
    }>;
    expect(series.map((s) => [s.name, s.type, s.data])).toEqual([
      ['Upload', 'line', [1.5, null]],
      ['Download', 'line', [3, 4]],
    ]);
    expect(series[0]!.connectNulls).toBe(false);
    expect((option.legend as { show: boolean }).show).toBe(true);
  });

  it('cuts x-axis labels over 15 characters and shows the unit on the y-axis', () => {
    expect(xAxis.axisLabel.formatter('Gateway at the north gate of plant 3')).toBe('Gateway at the ...');
    expect(xAxis.axisLabel.formatter('Router-Shanghai')).toBe('Router-Shanghai');
    expect(xAxis.axisLabel.formatter('2026-11-01')).toBe('2026-11-01');
    const yAxis = option.yAxis as { axisLabel: { formatter: (value: number) => string } };
    expect(yAxis.axisLabel.formatter(20)).toBe('20 MB');
  });

  it('shades and labels the last span when the last category is still filling', () => {
    const hourly = lineChartOption({
      categories: ['10:00', '11:00', '12:00'],
      series: [{ name: 'Received', data: [40, 42, 3] }],
      partialLast: 'This hour so far',
    });
    const [line] = hourly.series as Array<{
      markArea: { label: { formatter: string }; data: [{ xAxis: string }, { xAxis: string }][] };
    }>;
    expect(line!.markArea.label.formatter).toBe('This hour so far');
    expect(line!.markArea.data).toEqual([[{ xAxis: '11:00' }, { xAxis: '12:00' }]]);
    expect((option.series as Array<{ markArea?: unknown }>)[0]!.markArea).toBeUndefined();
  });

  it('hides the legend for a single line', () => {
    const single = lineChartOption({ categories: ['a'], series: [{ name: 'Signal', data: [-70] }] });
    expect((single.legend as { show: boolean }).show).toBe(false);
  });
});

describe('pieChartOption', () => {
  it('draws one slice per share and explains a slice with value and percent', () => {
    const option = pieChartOption({
      slices: [
        { name: 'Online', value: 30 },
        { name: 'Offline', value: 10 },
      ],
      unit: 'devices',
    });
    const [pie] = option.series as Array<{ type: string; data: unknown[] }>;
    expect(pie!.type).toBe('pie');
    expect(pie!.data).toEqual([
      { name: 'Online', value: 30 },
      { name: 'Offline', value: 10 },
    ]);
    const tooltip = option.tooltip as { formatter: (p: unknown) => string };
    expect(tooltip.formatter({ name: 'Online', value: 30, percent: 75 })).toBe('Online: 30 devices (75%)');
  });
});

describe('chart tooltips', () => {
  it('show a hostile slice name as text', () => {
    const option = pieChartOption({
      slices: [{ name: '<img src=x onerror=alert(1)>', value: 3 }],
      unit: 'pcs',
    });
    const tooltip = option.tooltip as { formatter: (params: unknown) => string };
    const html = tooltip.formatter({ name: '<img src=x onerror=alert(1)>', value: 3, percent: 100 });
    const box = document.createElement('div');
    box.innerHTML = html;
    expect(box.querySelector('img')).toBeNull();
    expect(box.textContent).toBe('<img src=x onerror=alert(1)>: 3 pcs (100%)');
  });
});
