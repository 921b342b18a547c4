import { formatBytes, type ServiceClient, type VpnGroup, type VpnMemberDevice } from '@fleetport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;

const GROUP: VpnGroup = {
  vpnGroupId: 4,
  name: 'Depots',
  region: 'EUR',
  virtualNetwork: '10.224.3.0/24',
  hubAddress: '10.224.3.1',
  port: 11943,
  protocol: 'udp',
  pingInterval: 10,
  pingRetry: 12,
  mtu: 1500,
  fragment: 1400,
  cipher: 'AES-256-GCM',
  dataLimitMb: 1024,
  cycle: 'month',
  siteIpAccessType: 'REAL_IP',
  state: 'running',
  deviceCount: 1,
  clientCount: 1,
  capacity: 253,
  createdAt: Date.UTC(2026, 10, 1),
};

const DEVICE: VpnMemberDevice = {
  sn: 'RB3000000001',
  name: 'North depot',
  model: 'R3000-Q',
  online: true,
  virtualIp: '10.224.3.2',
  vpnState: 'connected',
  realAddress: '203.0.113.7:50211',
  bytesIn: 2048,
  bytesOut: 1024,
  lanSubnet: null,
  joinedAt: Date.UTC(2026, 10, 2),
};

const CLIENT: ServiceClient = {
  clientId: 9,
  name: 'Field laptop',
  clientCode: 'SC0123456789AB',
  type: 'user',
  groups: [
    {
      vpnGroupId: 4,
      name: 'Depots',
      virtualIp: '10.224.3.3',
      vpnState: 'disconnected',
      realAddress: null,
      bytesIn: 0,
      bytesOut: 0,
    },
  ],
  createdAt: Date.UTC(2026, 10, 3),
};

const ALL = [
  'vpnDashboard.view',
  'vpnGroups.view',
  'vpnGroups.create',
  'vpnGroups.edit',
  'vpnGroups.remove',
  'vpnUngrouped.view',
  'serviceClients.view',
  'serviceClients.create',
];

signedInEachTest();

describe('the VPN console', () => {
  it(
    'lists the groups with the hub state, and creates one with the chosen size',
    async () => {
      const created: Array<Record<string, unknown>> = [];
      routeServer({
        ...shellAnswers(ALL),
        '/vpn/hub/getStatus': {
          data: { state: 'notInstalled', version: null, publicHost: 'hub', instances: 0 },
        },
        '/vpn/group/getGroups': { data: { total: 1, list: [GROUP] } },
        '/vpn/group/addGroup': (body) => {
          created.push(body as never);
          return { data: { ...GROUP, vpnGroupId: 5, name: 'Kiosks' } };
        },
      });
      renderConsole('/vpn/groups');
      const table = await screen.findByTestId('vpn-groups-table', {}, { timeout: 30_000 });
      await within(table).findByText('10.224.3.0/24');
      expect(within(table).getByText('Running')).toBeTruthy();
      expect(await screen.findByText(/OpenVPN is not installed on the server/)).toBeTruthy();
      await userEvent.click(screen.getByTestId('vpn-group-create'));
      fireEvent.change(await screen.findByTestId('vpn-group-name'), { target: { value: 'Kiosks' } });
      fireEvent.change(screen.getByTestId('vpn-group-limit'), { target: { value: '500' } });
      await userEvent.click(screen.getByRole('button', { name: 'OK' }));
      await waitFor(() =>
        expect(created[0]).toMatchObject({
          name: 'Kiosks',
          dataLimitMb: 500,
          networkPrefix: 24,
          protocol: 'udp',
        }),
      );
    },
    SLOW,
  );

  it(
    "shows a group's settings and devices with their tunnel and traffic, in Chinese",
    async () => {
      await changeLanguage('cn');
      routeServer({
        ...shellAnswers(ALL),
        '/vpn/hub/getStatus': {
          data: { state: 'running', version: 'OpenVPN 2.6.14', publicHost: 'hub', instances: 1 },
        },
        '/vpn/group/getGroup': { data: GROUP },
        '/vpn/group/getDevices': { data: { total: 1, list: [DEVICE] } },
      });
      renderConsole('/vpn/group/4');
      const summary = await screen.findByTestId('vpn-group-summary', {}, { timeout: 30_000 });
      expect(within(summary).getByText('10.224.3.0/24')).toBeTruthy();
      expect(within(summary).getByText('运行中')).toBeTruthy();
      const devices = await screen.findByTestId('vpn-group-devices');
      await within(devices).findByText('10.224.3.2');
      expect(within(devices).getByText('已连接')).toBeTruthy();
      expect(within(devices).getByText(`${formatBytes(2048)} / ${formatBytes(1024)}`)).toBeTruthy();
      expect(await screen.findByText(/VPN服务器运行中/)).toBeTruthy();
      await changeLanguage('en');
    },
    SLOW,
  );

  it(
    'lists service clients with a profile per group',
    async () => {
      routeServer({
        ...shellAnswers(ALL),
        '/vpn/hub/getStatus': { data: { state: 'external', version: null, publicHost: 'hub', instances: 0 } },
        '/vpn/serviceClient/getClients': { data: { total: 1, list: [CLIENT] } },
      });
      renderConsole('/vpn/serviceClient');
      const table = await screen.findByTestId('vpn-clients-table', {}, { timeout: 30_000 });
      await within(table).findByText('SC0123456789AB');
      expect(within(table).getByTestId('vpn-profile-9-4').textContent).toBe('Depots 10.224.3.3 (.ovpn)');
    },
    SLOW,
  );

  it(
    "shows the dashboard: groups running, routers connected and each group's traffic with its code, following the reports",
    async () => {
      let connected = 3;
      routeServer({
        ...shellAnswers(ALL),
        '/vpn/hub/getStatus': {
          data: { state: 'running', version: 'OpenVPN 2.6.14', publicHost: 'hub', instances: 2 },
        },
        '/vpn/dashboard/getSummary': () => ({
          data: {
            groupsRunning: 1,
            groupsTotal: 2,
            devicesConnected: connected,
            devicesTotal: 22,
            groups: [
              {
                vpnGroupId: 4,
                name: 'Depots',
                state: 'running',
                devices: 20,
                connected,
                usedBytes: 820 * 1024 * 1024,
                limitBytes: 1024 * 1024 * 1024,
                percent: 80,
                usageState: 'warning',
                code: null,
              },
              {
                vpnGroupId: 5,
                name: 'Kiosks',
                state: 'stopped',
                devices: 2,
                connected: 0,
                usedBytes: 12 * 1024 * 1024,
                limitBytes: 10 * 1024 * 1024,
                percent: 120,
                usageState: 'exhausted',
                code: 180021,
              },
            ],
          },
        }),
      });
      renderConsole('/vpn/dashboard');
      const table = await screen.findByTestId('vpn-dashboard-table', {}, { timeout: 30_000 });
      expect(await within(table).findByText('Depots', {}, { timeout: 30_000 })).toBeTruthy();
      expect(within(table).getByText('820.00 MB of 1.00 GB')).toBeTruthy();
      expect(within(table).getByText('Over 80 % of the limit')).toBeTruthy();
      expect(
        within(table).getByText(
          'Limit reached: tunnel refused (180021: The VPN traffic of the group is exhausted)',
        ),
      ).toBeTruthy();
      expect(screen.getByTestId('vpn-dashboard-connected').textContent).toBe('3 / 22');
      connected = 20;
      await waitFor(() => expect(screen.getByTestId('vpn-dashboard-connected').textContent).toBe('20 / 22'), {
        timeout: 30_000,
      });
      await changeLanguage('cn');
      expect(
        await within(table).findByText(
          '已达限制：隧道被拒绝 (180021: VPN组流量已用尽)',
          {},
          { timeout: 30_000 },
        ),
      ).toBeTruthy();
      await changeLanguage('en');
    },
    SLOW,
  );
});
