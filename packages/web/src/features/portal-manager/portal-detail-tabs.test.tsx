import {
  DEFAULT_PORTAL_SESSION_SETTINGS,
  type PortalClient,
  type PortalPush,
  type PortalTemplate,
} from '@fleetport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 180_000;
const WAIT = { timeout: 30_000 };
/** The first page of a file loads the lazy console's chunks cold. */
const FIRST = { timeout: 90_000 };
const ALL = [
  'portalManager.view',
  'portalManager.create',
  'portalManager.edit',
  'portalManager.remove',
  'portalManager.apply',
];

const TEMPLATE: PortalTemplate = {
  portalId: 3,
  name: 'Ferry WiFi',
  authMode: 'none',
  accessCode: '',
  allowedSites: [],
  blockedDomains: ['*.ads.example'],
  redirectionUrl: 'https://ferry.example/welcome',
  pcBackground: null,
  mobileBackground: null,
  logo: null,
  languages: [
    {
      name: 'English',
      locale: 'en',
      title: 'Welcome aboard',
      introduction: '',
      connectButtonText: '',
      alertMessage: '',
      terms: null,
    },
  ],
  sessionSettings: { ...DEFAULT_PORTAL_SESSION_SETTINGS, totalLimitMb: 50 },
  version: 2,
  deviceCount: 2,
  createdAt: 0,
  updatedAt: 0,
};

const PUSHES: PortalPush[] = [
  {
    sn: 'PP0003',
    deviceName: 'Stern',
    version: 2,
    state: 'pending',
    reason: 'Waiting for the device to come online',
    createdAt: Date.UTC(2026, 10, 29, 7),
    finishedAt: null,
  },
  {
    sn: 'PP0001',
    deviceName: 'Bow',
    version: 2,
    state: 'failed',
    reason: 'No WiFi on this model',
    createdAt: Date.UTC(2026, 10, 29, 7),
    finishedAt: Date.UTC(2026, 10, 29, 7),
  },
];

const PHONE: PortalClient = {
  mac: '3A:11:22:33:44:55',
  name: '',
  randomized: true,
  ip: '192.168.0.12',
  sn: 'PP0001',
  deviceName: 'Bow',
  ssid: 'FerryWiFi',
  startedAt: Date.UTC(2026, 10, 29, 7),
  durationSeconds: 3725,
  bytesUp: 1024 * 1024,
  bytesDown: 12 * 1024 * 1024,
  status: 'normal',
};

function answers(blocks: unknown[]) {
  return {
    ...shellAnswers(ALL),
    '/gm/portal/getTemplate': { data: TEMPLATE },
    '/gm/portal/getDeviceList': { data: { list: [], total: 0 } },
    '/gm/portal/getUpdateHistory': { data: { list: PUSHES, total: 2 } },
    '/gm/portal/getClientList': { data: { list: [PHONE], total: 1 } },
    '/gm/portal/getBlockedClients': { data: [] },
    '/gm/portal/getClientHistory': {
      data: {
        list: [{ ...PHONE, endedAt: Date.UTC(2026, 10, 29, 8), terminateCause: 'Session-Timeout' }],
        total: 1,
      },
    },
    '/gm/portal/getUsage': {
      data: [{ at: Date.UTC(2026, 10, 29), sessions: 4, clients: 3, bytesUp: 0, bytesDown: 0 }],
    },
    '/gm/portal/getTermsHtml': { data: { html: '', terms: null } },
    '/gm/portal/blockClient': (body: unknown) => {
      blocks.push(body);
      return { data: null };
    },
  };
}

signedInEachTest();

describe('the portal template tabs', () => {
  it(
    'shows each router’s update state and its reason',
    async () => {
      routeServer(answers([]));
      renderConsole('/robustlink/portalManager/portalDetail/3');
      const history = await screen.findByTestId('portal-update-history', {}, FIRST);
      expect(
        await within(history).findByText('Waiting for the device to come online', {}, WAIT),
      ).toBeTruthy();
      expect(within(history).getByText('Pending')).toBeTruthy();
      expect(within(history).getByText('Failed')).toBeTruthy();
      expect(within(history).getByText('No WiFi on this model')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'lists the current clients (random MAC marked), blocks one, and shows the client history',
    async () => {
      const blocks: unknown[] = [];
      routeServer(answers(blocks));
      renderConsole('/robustlink/portalManager/portalDetail/3');
      await screen.findByTestId('portal-update-history', {}, FIRST);
      await userEvent.click(screen.getByRole('tab', { name: 'Current clients' }));
      const clients = await screen.findByTestId('portal-current-clients', {}, WAIT);
      expect(await within(clients).findByText('3A:11:22:33:44:55', {}, WAIT)).toBeTruthy();
      expect(within(clients).getByText('Random MAC')).toBeTruthy();
      expect(within(clients).getByText('FerryWiFi')).toBeTruthy();
      expect(within(clients).getByText('1:02:05')).toBeTruthy();
      expect(within(clients).getByText('Normal')).toBeTruthy();
      await userEvent.click(within(clients).getByRole('button', { name: 'Block' }));
      await waitFor(() => expect(blocks).toEqual([{ portalId: 3, mac: '3A:11:22:33:44:55' }]), WAIT);

      await userEvent.click(screen.getByRole('tab', { name: 'Client history' }));
      const past = await screen.findByTestId('portal-client-history', {}, WAIT);
      expect(await within(past).findByText('Session-Timeout', {}, WAIT)).toBeTruthy();
    },
    SLOW,
  );

  it(
    'speaks Chinese: tabs, states and the waiting reason',
    async () => {
      await changeLanguage('cn');
      routeServer({
        ...answers([]),
        '/gm/portal/getUpdateHistory': {
          data: { list: [{ ...PUSHES[0]!, reason: '等待设备上线' }], total: 1 },
        },
      });
      renderConsole('/robustlink/portalManager/portalDetail/3');
      const history = await screen.findByTestId('portal-update-history', {}, FIRST);
      expect(await within(history).findByText('等待设备上线', {}, WAIT)).toBeTruthy();
      expect(within(history).getByText('等待中')).toBeTruthy();
      await userEvent.click(screen.getByRole('tab', { name: '当前客户端' }));
      const clients = await screen.findByTestId('portal-current-clients', {}, WAIT);
      expect(await within(clients).findByText('随机MAC', {}, WAIT)).toBeTruthy();
      expect(within(clients).getByRole('button', { name: '阻止' })).toBeTruthy();
      expect(screen.getByRole('tab', { name: '流量使用' })).toBeTruthy();
    },
    SLOW,
  );
});
