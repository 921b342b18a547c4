import type { VpnEndDevice, VpnGroup, VpnGroupUsage, VpnMemberDevice } from '@fleetport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;
const WAIT = { timeout: 30_000 };

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
  deviceCount: 2,
  clientCount: 0,
  capacity: 253,
  createdAt: Date.UTC(2026, 10, 1),
};

const device = (sn: string, virtualIp: string): VpnMemberDevice => ({
  sn,
  name: `Depot ${sn.slice(-1)}`,
  model: 'R3000-Q',
  online: true,
  virtualIp,
  vpnState: 'connected',
  realAddress: null,
  bytesIn: 0,
  bytesOut: 0,
  lanSubnet: null,
  joinedAt: Date.UTC(2026, 10, 2),
});
const A = device('RB3000000001', '10.224.3.2');
const B = device('RB3000000002', '10.224.3.3');

const MB = 1024 * 1024;
const USAGE: VpnGroupUsage = {
  cycle: 'month',
  cycleStart: Date.UTC(2026, 10, 1),
  cycleEnd: Date.UTC(2026, 11, 1),
  limitBytes: 1024 * MB,
  usedBytes: 185 * MB,
  percent: 18,
  state: 'normal',
  code: null,
  pool: null,
  devices: [
    { sn: A.sn, dataLimitMb: 100, usedBytes: 85 * MB, percent: 85, state: 'warning', code: null },
    { sn: B.sn, dataLimitMb: 100, usedBytes: 100 * MB, percent: 100, state: 'exhausted', code: 180022 },
  ],
};

const PLC: VpnEndDevice = {
  endDeviceId: 7,
  sn: A.sn,
  name: 'Press PLC',
  ip: '192.168.10.20',
  virtualIp: '10.224.3.10',
  createdAt: Date.UTC(2026, 10, 3),
};

const ALL = ['vpnGroups.view', 'vpnGroups.edit', 'vpnUngrouped.view'];

function answers(extra: Record<string, unknown>) {
  return {
    ...shellAnswers(ALL),
    '/vpn/hub/getStatus': {
      data: { state: 'running', version: 'OpenVPN 2.6.14', publicHost: 'hub', instances: 1 },
    },
    '/vpn/group/getGroup': { data: GROUP },
    '/vpn/group/getDevices': { data: { total: 2, list: [A, B] } },
    '/vpn/group/getUsage': { data: USAGE },
    '/vpn/group/getEndDevices': { data: { total: 0, list: [] } },
    ...extra,
  } as Parameters<typeof routeServer>[0];
}

signedInEachTest();

/** The open dialog's OK button, found within the dialog (a role query over the whole console is slow under load). */
async function okOfDialog() {
  const dialog = await screen.findByRole('dialog', {}, WAIT);
  return within(dialog).getByRole('button', { name: /^(OK|确\s*定)$/ });
}

describe("a VPN group's LANs, end devices and data limits", () => {
  it(
    "sets a router's LAN subnet, refusing a bad one with the contract's message",
    async () => {
      const sent: unknown[] = [];
      routeServer(
        answers({
          '/vpn/group/setDeviceLan': (body: unknown) => {
            sent.push(body);
            return { data: null };
          },
        }),
      );
      renderConsole('/vpn/group/4');
      await userEvent.click(await screen.findByTestId(`vpn-lan-${A.sn}`, {}, WAIT));
      const input = await screen.findByTestId('vpn-lan-input', {}, WAIT);
      fireEvent.change(input, { target: { value: '192.168.10' } });
      await userEvent.click(await okOfDialog());
      expect(
        await screen.findByText(
          /subnet as address\/prefix/,
          { selector: '.ant-form-item-explain-error' },
          WAIT,
        ),
      ).toBeTruthy();
      expect(sent).toHaveLength(0);
      fireEvent.change(input, { target: { value: '192.168.10.0/24' } });
      await userEvent.click(await okOfDialog());
      await waitFor(
        () => expect(sent).toEqual([{ vpnGroupId: 4, sn: A.sn, lanSubnet: '192.168.10.0/24' }]),
        WAIT,
      );
    },
    SLOW,
  );

  it(
    'shows each device against its limit with the 80 % warning and the exhausted code, and sets a limit, in Chinese',
    async () => {
      await changeLanguage('cn');
      const sent: unknown[] = [];
      routeServer(
        answers({
          '/vpn/group/setDeviceLimit': (body: unknown) => {
            sent.push(body);
            return { data: null };
          },
        }),
      );
      renderConsole('/vpn/group/4');
      const usage = await screen.findByTestId('vpn-device-usage', {}, WAIT);
      expect(await within(usage).findByText('已超过限制的80%', {}, WAIT)).toBeTruthy();
      expect(within(usage).getByText('已达限制：隧道被拒绝 (180022)')).toBeTruthy();
      expect(within(usage).getByText('85 %')).toBeTruthy();
      await userEvent.click(within(usage).getByTestId(`vpn-limit-${A.sn}`));
      const input = await screen.findByTestId('vpn-limit-input', {}, WAIT);
      fireEvent.change(input, { target: { value: '500' } });
      await userEvent.click(await okOfDialog());
      await waitFor(() => expect(sent).toEqual([{ vpnGroupId: 4, sn: A.sn, dataLimitMb: 500 }]), WAIT);
      await changeLanguage('en');
    },
    SLOW,
  );

  it(
    'adds an end device behind a router and removes it after confirming; an empty list says so',
    async () => {
      const added: unknown[] = [];
      const removed: unknown[] = [];
      let plcs: VpnEndDevice[] = [];
      routeServer(
        answers({
          '/vpn/group/getEndDevices': () => ({ data: { total: plcs.length, list: plcs } }),
          '/vpn/group/addEndDevice': (body: unknown) => {
            added.push(body);
            plcs = [PLC];
            return { data: PLC };
          },
          '/vpn/group/removeEndDevice': (body: unknown) => {
            removed.push(body);
            plcs = [];
            return { data: null };
          },
        }),
      );
      renderConsole('/vpn/group/4');
      expect(await screen.findByText(/No end device yet/, {}, WAIT)).toBeTruthy();
      // Enabled once the group's routers are listed.
      await waitFor(
        () => expect((screen.getByTestId('vpn-end-device-add') as HTMLButtonElement).disabled).toBe(false),
        WAIT,
      );
      await userEvent.click(screen.getByTestId('vpn-end-device-add'));
      await userEvent.click(await okOfDialog());
      expect(await screen.findByText('Choose the router the end device sits behind', {}, WAIT)).toBeTruthy();
      await userEvent.click(within(screen.getByRole('dialog')).getByRole('combobox'));
      await userEvent.click(await screen.findByTitle(A.sn, {}, WAIT));
      fireEvent.change(screen.getByTestId('vpn-end-device-name'), { target: { value: 'Press PLC' } });
      fireEvent.change(screen.getByTestId('vpn-end-device-ip'), { target: { value: '192.168.10.20' } });
      await userEvent.click(await okOfDialog());
      await waitFor(
        () => expect(added).toEqual([{ vpnGroupId: 4, sn: A.sn, name: 'Press PLC', ip: '192.168.10.20' }]),
        WAIT,
      );
      const table = await screen.findByTestId('vpn-end-devices', {}, WAIT);
      await within(table).findByText('10.224.3.10', {}, WAIT);
      await userEvent.click(within(table).getByTestId('vpn-end-device-remove-7'));
      expect(removed).toHaveLength(0);
      await userEvent.click(await screen.findByRole('button', { name: 'OK' }, WAIT));
      await waitFor(() => expect(removed).toEqual([{ vpnGroupId: 4, endDeviceId: 7 }]), WAIT);
    },
    SLOW,
  );

  it(
    'says which code refuses the tunnels (180021, 180023) or that the data pool carries them, in both languages',
    async () => {
      let usage: VpnGroupUsage = {
        ...USAGE,
        usedBytes: 1100 * MB,
        percent: 107,
        state: 'exhausted',
        code: null,
        pool: { remainingBytes: 300 * MB, totalBytes: 1024 * MB, carrying: true },
      };
      routeServer(answers({ '/vpn/group/getUsage': () => ({ data: usage }) }));
      renderConsole('/vpn/group/4');
      expect(
        await screen.findByText(
          "Past the limit, the tunnels carry on with the company's data pool: 300.00 MB left",
          {},
          WAIT,
        ),
      ).toBeTruthy();
      expect(screen.queryByTestId('vpn-usage-refused')).toBeNull();
      // The pool ran out: the card follows by itself, with the code and its message.
      usage = { ...usage, code: 180023, pool: { remainingBytes: 0, totalBytes: 1024 * MB, carrying: false } };
      expect(
        await screen.findByText('180023: The VPN traffic of the data pool is exhausted', {}, WAIT),
      ).toBeTruthy();
      await changeLanguage('cn');
      expect(await screen.findByText('180023：流量池的VPN流量已用尽', {}, WAIT)).toBeTruthy();
      await changeLanguage('en');
    },
    SLOW,
  );
});
