import { getStatusByModuleCall, recentTelemetryCall, type TelemetrySample } from '@fleetport/contract';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeServer } from '../../app/console-test-kit.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { changeLanguage } from '../../i18n/index.ts';
import { StatusTab } from './status-tab.tsx';

const SN = 'FP0000000000012';
const AT = Date.UTC(2026, 10, 24, 8, 0, 0);

const sample = (i: number, rsrp: number): TelemetrySample => ({
  at: AT + i * 60_000,
  uptimeSeconds: 90_061 + i * 60,
  activeLink: 'cellular1',
  signal: [
    { sim: 1, rat: '4G', operator: 'Vodafone', rssi: rsrp + 28, rsrp, rsrq: -9, sinr: 18 },
    { sim: 2, rat: '4G', rsrp: -112, rsrq: -19, sinr: -2 },
  ],
  usage: [
    { link: 'cellular1', rxBytes: 5 * 1024 * 1024, txBytes: 1536 },
    { link: 'wan', rxBytes: 0, txBytes: 0 },
  ],
  cpuPercent: 12.5,
  memoryPercent: 41,
  temperatureC: null,
});

function serve() {
  routeServer({
    [getStatusByModuleCall.path]: {
      data: {
        modem: {
          data: {
            imei: '356789012345678',
            model: 'EC25-E',
            registered: true,
            activeSim: 1,
            sims: [
              {
                slot: 1,
                present: true,
                iccid: '89860012345678901234',
                imsi: '460001234567890',
                state: 'ready',
              },
              { slot: 2, present: false, state: 'absent' },
            ],
          },
          updatedAt: AT,
        },
        network: {
          data: {
            ip: '10.64.1.2',
            activeLink: 'cellular1',
            connectionType: 'cellular',
            networkEnvironment: 'private',
          },
          updatedAt: AT,
        },
        gps: null,
        cellLocation: { data: { latitude: 31.2304, longitude: 121.4737, accuracyM: 800 }, updatedAt: AT },
        uci: null,
      },
    },
    [recentTelemetryCall.path]: { data: [sample(0, -84), sample(1, -86), sample(2, -79)] },
  });
}

function mount() {
  render(
    <AppProviders>
      <StatusTab sn={SN} />
    </AppProviders>,
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('status panel', () => {
  it('shows each SIM with operator, readings as bars coloured by quality, history and registration', async () => {
    serve();
    mount();
    const sim1 = await screen.findByTestId('status-sim-1');
    await within(sim1).findByText('Vodafone');
    expect(within(sim1).getByText('In use')).toBeTruthy();
    expect(within(sim1).getByText('Registered · Ready')).toBeTruthy();
    expect(within(sim1).getByText('89860012345678901234')).toBeTruthy();
    // RSRP -79 dBm is excellent: four bars; its last three samples draw a line.
    const rsrp = screen.getByTestId('signal-1-rsrp');
    expect(within(rsrp).getByText('-79 dBm')).toBeTruthy();
    expect(within(rsrp).getByText('Excellent')).toBeTruthy();
    expect(screen.getByTestId('signal-1-rsrp-bars').dataset).toMatchObject({
      quality: 'excellent',
      bars: '4',
    });
    expect(screen.getByTestId('signal-1-rsrp-spark').querySelector('polyline')).toBeTruthy();
    // SIM 2 is weak and has no operator or ICCID reported: poor, one bar, "- -".
    const sim2 = screen.getByTestId('status-sim-2');
    expect(screen.getByTestId('signal-2-sinr-bars').dataset).toMatchObject({ quality: 'poor', bars: '1' });
    expect(within(sim2).getByText('Not registered · No SIM')).toBeTruthy();
    expect(within(sim2).getAllByText('- -').length).toBeGreaterThanOrEqual(3);
    expect(within(screen.getByTestId('signal-2-rssi')).getByText('- -')).toBeTruthy();
  });

  it('shows links, system and location in words, "- -" where nothing is reported', async () => {
    serve();
    mount();
    const links = await screen.findByTestId('status-link-cellular1');
    expect(within(links).getByText('Cellular (SIM 1)')).toBeTruthy();
    expect(within(links).getByText('Active')).toBeTruthy();
    expect(within(links).getByText('5.00 MB')).toBeTruthy();
    expect(within(screen.getByTestId('status-link-wan')).getByText('Standby')).toBeTruthy();
    const system = screen.getByTestId('status-system');
    expect(within(system).getByText('1 d 1 h 3 min')).toBeTruthy();
    expect(within(system).getByText('EC25-E')).toBeTruthy();
    const interfaces = screen.getByTestId('status-interfaces');
    expect(within(interfaces).getByText('Private (behind NAT)')).toBeTruthy();
    const location = screen.getByTestId('status-location');
    expect(within(location).getByText('Base station estimate')).toBeTruthy();
    expect(within(location).getByText('800 m')).toBeTruthy();
  });

  it('says it in Chinese', async () => {
    await changeLanguage('cn');
    serve();
    mount();
    const sim1 = await screen.findByTestId('status-sim-1');
    await within(sim1).findByText('已注册 · 就绪');
    expect(within(screen.getByTestId('signal-1-rsrp')).getByText('极好')).toBeTruthy();
    expect(within(screen.getByTestId('status-interfaces')).getByText('私网（NAT 之后）')).toBeTruthy();
    expect(within(screen.getByTestId('status-link-cellular1')).getByText('使用中')).toBeTruthy();
  });
});
