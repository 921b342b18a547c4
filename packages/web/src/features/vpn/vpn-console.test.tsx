import type { ActivityRow, DeviceNotification, VpnTunnelRow } from '@fleetport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;
const FIND = { timeout: 30_000 };
const HOUR = 3_600_000;
const MB = 1024 * 1024;

const ALL = [
  'vpnDashboard.view',
  'vpnGroups.view',
  'vpnGroups.edit',
  'vpnDevices.view',
  'vpnDevices.export',
  'vpnActivity.view',
  'vpnNotifications.view',
];

const ROUTER: VpnTunnelRow = {
  kind: 'device',
  sn: 'RB3000000001',
  clientId: null,
  name: 'North depot',
  model: 'R3000-Q',
  online: true,
  vpnGroupId: 4,
  groupName: 'Depots',
  virtualIp: '10.224.3.2',
  vpnState: 'connected',
  realAddress: '203.0.113.7:50211',
  bytesIn: 2048,
  bytesOut: 1024,
  joinedAt: Date.UTC(2026, 10, 2),
};

const LAPTOP: VpnTunnelRow = {
  ...ROUTER,
  kind: 'client',
  sn: null,
  clientId: 9,
  name: 'Field laptop',
  model: null,
  online: null,
  virtualIp: '10.224.3.3',
  vpnState: 'disconnected',
  realAddress: null,
};

signedInEachTest();

describe('the VPN console pages', () => {
  it(
    "shows the dashboard's traffic per group, top talkers and each region's hub, in Chinese too",
    async () => {
      const start = Date.UTC(2026, 10, 10, 9);
      routeServer({
        ...shellAnswers(ALL),
        '/vpn/hub/getStatus': {
          data: { state: 'running', version: 'OpenVPN 2.6.14', publicHost: 'hub', instances: 1 },
        },
        '/vpn/dashboard/getSummary': {
          data: { groupsRunning: 1, groupsTotal: 1, devicesConnected: 1, devicesTotal: 1, groups: [] },
        },
        '/vpn/dashboard/getTrafficSeries': {
          data: {
            bucket: 'hour',
            times: [start, start + HOUR],
            groups: [{ vpnGroupId: 4, name: 'Depots', bytes: [MB, 3 * MB] }],
          },
        },
        '/vpn/dashboard/getTopTalkers': {
          data: [
            {
              kind: 'device',
              sn: 'RB3000000001',
              clientId: null,
              name: 'North depot',
              vpnGroupId: 4,
              groupName: 'Depots',
              bytes: 4 * MB,
            },
          ],
        },
        '/vpn/dashboard/getHubHealth': {
          data: [
            {
              region: 'EUR',
              state: 'running',
              groupsRunning: 2,
              groupsUp: 1,
              tunnels: 7,
              lastStatusAt: start,
            },
          ],
        },
      });
      renderConsole('/vpn/dashboard');
      const chart = await screen.findByTestId('vpn-traffic-chart', {}, FIND);
      expect(within(chart).getByText('Traffic per group (per hour)')).toBeTruthy();
      await within(chart).findByText('Depots', {}, FIND);
      const top = screen.getByTestId('vpn-top-talkers');
      await within(top).findByText('North depot (RB3000000001)', {}, FIND);
      expect(within(top).getByText('4.00 MB')).toBeTruthy();
      const hubs = screen.getByTestId('vpn-hub-health');
      await within(hubs).findByText('1 of 2', {}, FIND);
      expect(within(hubs).getByText('Up')).toBeTruthy();
      expect(within(hubs).getByText('7')).toBeTruthy();
      await changeLanguage('cn');
      expect(await within(chart).findByText('各VPN组流量（按小时）', {}, FIND)).toBeTruthy();
      expect(within(hubs).getByText('正常')).toBeTruthy();
      await changeLanguage('en');
    },
    SLOW,
  );

  it(
    'lists the routers and clients of every group, filters them, and rotates a router certificate',
    async () => {
      const asked: Array<Record<string, unknown>> = [];
      const rotated: Array<Record<string, unknown>> = [];
      routeServer({
        ...shellAnswers(ALL),
        '/vpn/group/getGroups': { data: { total: 0, list: [] } },
        '/vpn/device/getDevices': (body) => {
          asked.push(body as never);
          const kind = (body as { kind?: string }).kind;
          const list = [ROUTER, LAPTOP].filter((r) => !kind || r.kind === kind);
          return { data: { total: list.length, list } };
        },
        '/vpn/group/rotateCertificate': (body) => {
          rotated.push(body as never);
          return {
            data: { serial: 42, commonName: 'fp-g4-device-RB3000000001', notAfter: Date.UTC(2029, 1, 1) },
          };
        },
      });
      renderConsole('/vpn/devices');
      const table = await screen.findByTestId('vpn-devices-table', {}, FIND);
      await within(table).findByText('Field laptop', {}, FIND);
      expect(within(table).getByText('Service client')).toBeTruthy();
      expect(within(table).getByText('10.224.3.2')).toBeTruthy();
      expect(within(table).getByText('Connected')).toBeTruthy();
      await userEvent.click(screen.getByTestId('vpn-rotate-4-RB3000000001'));
      expect(
        await screen.findByText('The router gets the new certificate and reconnects.', {}, FIND),
      ).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(rotated).toEqual([{ vpnGroupId: 4, sn: 'RB3000000001' }]), FIND);
      expect(await screen.findByText('New certificate issued (serial 42)', {}, FIND)).toBeTruthy();
      await userEvent.type(screen.getByPlaceholderText('SN, name or virtual IP'), 'north{Enter}');
      await waitFor(() => expect(asked.at(-1)).toMatchObject({ keyword: 'north' }), FIND);
    },
    SLOW,
  );

  it(
    'shows the VPN activity with the actions in words',
    async () => {
      const row: ActivityRow = {
        id: 1,
        userId: 2,
        userName: 'Owner',
        loginAccount: 'owner@acme.test',
        callId: 'vpn.rotateCertificate',
        object: null,
        remoteAddress: '198.51.100.4',
        resultCode: 0,
        at: Date.UTC(2026, 10, 10, 9),
      };
      routeServer({
        ...shellAnswers(ALL),
        '/vpn/activity/getActivityList': { data: { total: 1, list: [row] } },
      });
      renderConsole('/vpn/activity');
      const table = await screen.findByTestId('vpn-activity-table', {}, FIND);
      expect(await within(table).findByText('Rotate VPN certificate', {}, FIND)).toBeTruthy();
      expect(within(table).getByText('198.51.100.4')).toBeTruthy();
    },
    SLOW,
  );

  it(
    "shows the company's VPN notifications and marks one read",
    async () => {
      const warning: DeviceNotification = {
        id: 31,
        sn: '',
        deviceName: '',
        bizType: 'vpnDataLow',
        severity: 'minor',
        content: 'The VPN group Depots has used 80 % of its data limit: 8.00 MB of 10.00 MB.',
        extend: { vpnGroupId: 4, vpnGroupName: 'Depots' },
        checked: false,
        at: Date.UTC(2026, 10, 10, 9),
      };
      const marked: Array<Record<string, unknown>> = [];
      routeServer({
        ...shellAnswers(ALL),
        '/vpn/notification/getNotificationList': { data: { total: 1, list: [warning] } },
        '/vpn/notification/markRead': (body) => {
          marked.push(body as never);
          return { data: { marked: 1 } };
        },
      });
      renderConsole('/vpn/notifications');
      const table = await screen.findByTestId('vpn-notifications-table', {}, FIND);
      expect(await within(table).findByText(warning.content, {}, FIND)).toBeTruthy();
      expect(within(table).getByText('VPN data low')).toBeTruthy();
      expect(within(table).getByRole('link', { name: 'Depots' })).toBeTruthy();
      await userEvent.click(within(table).getByTestId('vpn-noti-mark-31'));
      await waitFor(() => expect(marked).toEqual([{ ids: [31] }]), FIND);
      expect(await screen.findByText('1 marked read', {}, FIND)).toBeTruthy();
    },
    SLOW,
  );
});
