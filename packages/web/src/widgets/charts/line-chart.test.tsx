import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { LineChart } from './line-chart.tsx';
import { PieChart } from './pie-chart.tsx';

// ECharts draws on a canvas jsdom does not have; record what the widget hands it instead.
const setOption = vi.fn();
const dispose = vi.fn();
const init = vi.fn(() => ({ setOption, dispose, resize: vi.fn() }));
vi.mock('./echarts-lib.ts', () => ({ echarts: { init } }));

beforeEach(() => {
  init.mockClear();
  setOption.mockClear();
});

describe('LineChart and PieChart', () => {
  it('load ECharts when shown and hand it the option with cut labels', async () => {
    const { unmount } = render(
      <AppProviders>
        <LineChart
          categories={['Gateway at the north gate of plant 3']}
          series={[{ name: 'Rx', data: [5] }]}
        />
      </AppProviders>,
    );
    await waitFor(() => expect(setOption).toHaveBeenCalled());
    expect(init).toHaveBeenCalledTimes(1);
    const option = setOption.mock.calls.at(-1)![0] as {
      xAxis: { axisLabel: { formatter: (label: string) => string } };
    };
    expect(option.xAxis.axisLabel.formatter('Gateway at the north gate of plant 3')).toBe(
      'Gateway at the ...',
    );
    unmount();
    expect(dispose).toHaveBeenCalled();
  });

  it('show the empty state instead of an empty chart', async () => {
    render(
      <AppProviders>
        <LineChart categories={[]} series={[]} />
        <PieChart slices={[{ name: 'Online', value: 0 }]} />
      </AppProviders>,
    );
    expect(screen.getAllByText('No data', { ignore: 'title' })).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(init).not.toHaveBeenCalled();
  });

  it('draw a pie of the shares', async () => {
    render(
      <AppProviders>
        <PieChart slices={[{ name: 'Online', value: 3 }]} />
      </AppProviders>,
    );
    await waitFor(() => expect(setOption).toHaveBeenCalled());
    const option = setOption.mock.calls.at(-1)![0] as { series: Array<{ type: string; data: unknown[] }> };
    expect(option.series[0]).toMatchObject({ type: 'pie', data: [{ name: 'Online', value: 3 }] });
  });
});
