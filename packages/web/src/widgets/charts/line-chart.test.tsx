import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { LineChart } from './line-chart.tsx';
import { PieChart } from './pie-chart.tsx';

const texts = (testId: string) => screen.queryAllByTestId(testId).map((node) => node.textContent);

describe('LineChart', () => {
  it('cuts x-axis labels over 15 characters and writes the unit on the y-axis', () => {
    render(
      <AppProviders>
        <LineChart
          categories={['2026-11-01', 'Gateway at the north gate of plant 3']}
          series={[{ name: 'Rx', data: [5, 12] }]}
          unit="MB"
        />
      </AppProviders>,
    );
    expect(texts('x-label')).toEqual(['2026-11-01', 'Gateway at the ...']);
    expect(texts('y-label')).toContain('10 MB');
    // One line needs no legend.
    expect(screen.queryByTestId('chart-legend')).toBeNull();
  });

  it('shows the values of the hovered time, with the whole label, and a legend that hides a line', () => {
    render(
      <AppProviders>
        <LineChart
          categories={['10:00', 'Gateway at the north gate of plant 3']}
          series={[
            { name: 'Upload', data: [1.5, null] },
            { name: 'Download', data: [3, 4] },
          ]}
          unit="MB"
        />
      </AppProviders>,
    );
    const plot = screen.getByRole('img', { name: 'Upload, Download' });
    // jsdom lays nothing out: the chart is 600 px wide from x = 0; the right end is the last time.
    fireEvent.pointerMove(plot, { clientX: 590 });
    const tooltip = screen.getByTestId('chart-tooltip');
    expect(tooltip.textContent).toContain('Gateway at the north gate of plant 3');
    expect(tooltip.textContent).toContain('Upload-');
    expect(tooltip.textContent).toContain('Download4 MB');

    fireEvent.click(within(screen.getByTestId('chart-legend')).getByRole('button', { name: 'Upload' }));
    expect(screen.getByTestId('chart-tooltip').textContent).not.toContain('Upload');
    expect(within(screen.getByTestId('chart-legend')).getByRole('button', { name: 'Upload' })).toHaveProperty(
      'ariaPressed',
      'false',
    );
  });

  it('reaches the same tooltip with the arrow keys', () => {
    render(
      <AppProviders>
        <LineChart categories={['10:00', '11:00']} series={[{ name: 'RSSI', data: [-70, -72] }]} unit="dBm" />
      </AppProviders>,
    );
    const plot = screen.getByRole('img', { name: 'RSSI' });
    fireEvent.keyDown(plot, { key: 'ArrowRight' });
    expect(screen.getByTestId('chart-tooltip').textContent).toBe('10:00RSSI-70 dBm');
    fireEvent.keyDown(plot, { key: 'ArrowRight' });
    expect(screen.getByTestId('chart-tooltip').textContent).toBe('11:00RSSI-72 dBm');
  });

  it('shows large traffic in GB', () => {
    render(
      <AppProviders>
        <LineChart
          categories={['10:00', '11:00']}
          series={[{ name: 'Rx', data: [20_000, 3_000] }]}
          unit="MB"
        />
      </AppProviders>,
    );
    expect(texts('y-label')).toContain('20 GB');
    fireEvent.keyDown(screen.getByRole('img', { name: 'Rx' }), { key: 'ArrowRight' });
    expect(screen.getByTestId('chart-tooltip').textContent).toBe('10:00Rx19.53 GB');
  });

  it('shades and labels the last span when the last time is still filling', () => {
    render(
      <AppProviders>
        <LineChart
          categories={['10:00', '11:00', '12:00']}
          series={[{ name: 'Received', data: [40, 42, 3] }]}
          partialLast="This hour so far"
        />
      </AppProviders>,
    );
    expect(screen.getByTestId('partial-last').textContent).toBe('This hour so far');
  });
});

describe('PieChart', () => {
  it('draws one slice per share and explains a slice with value and percent', () => {
    render(
      <AppProviders>
        <PieChart
          slices={[
            { name: 'Online', value: 30 },
            { name: 'Offline', value: 10 },
          ]}
          unit="devices"
        />
      </AppProviders>,
    );
    expect(screen.getAllByTestId('pie-slice')).toHaveLength(2);
    fireEvent.pointerEnter(screen.getAllByTestId('pie-slice')[0]!);
    expect(screen.getByTestId('chart-tooltip').textContent).toBe('Online30 devices (75%)');
    // The keyboard reaches the same text through the legend.
    fireEvent.focus(within(screen.getByTestId('chart-legend')).getByRole('button', { name: 'Offline' }));
    expect(screen.getByTestId('chart-tooltip').textContent).toBe('Offline10 devices (25%)');
  });

  it('shows a hostile slice name as text', () => {
    render(
      <AppProviders>
        <PieChart slices={[{ name: '<img src=x onerror=alert(1)>', value: 3 }]} unit="pcs" />
      </AppProviders>,
    );
    fireEvent.pointerEnter(screen.getByTestId('pie-slice'));
    const tooltip = screen.getByTestId('chart-tooltip');
    expect(tooltip.querySelector('img')).toBeNull();
    expect(tooltip.textContent).toBe('<img src=x onerror=alert(1)>3 pcs (100%)');
  });
});

describe('empty charts', () => {
  it('show the empty state instead of an empty chart', () => {
    render(
      <AppProviders>
        <LineChart categories={[]} series={[]} />
        <PieChart slices={[{ name: 'Online', value: 0 }]} />
      </AppProviders>,
    );
    expect(screen.getAllByText('No data', { ignore: 'title' })).toHaveLength(2);
    expect(screen.queryByRole('img')).toBeNull();
  });
});
