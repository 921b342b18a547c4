import {
  applyConfigCall,
  type ChangeSet,
  type ConfigTargetField,
  clearConfigSettingCall,
  getChangeSetsCall,
  getConfigSectionsCall,
  getDeviceConfigJsonCall,
  restoreConfigDriftCall,
  rollbackConfigCall,
  SERIES,
} from '@fleetport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveTicket } from '../../api/ticket-store.ts';
import { renderConsole, routeServer } from '../../app/console-test-kit.tsx';
import { menusHolding } from '../../app/test-menus.ts';
import { changeLanguage } from '../../i18n/index.ts';
import { stubLiveSocket } from '../devices/device-test-fixtures.ts';
import { ConfigEditor } from './config-editor.tsx';

const SLOW = 30_000;
const SN = 'FP0000000000021';
const R1500: Record<string, unknown> = { ...SERIES.find((s) => s.id === 'r1500')?.capabilities };

const SECTIONS = [
  {
    id: 'interface/lan',
    group: 'interface',
    key: 'lan',
    editable: true,
    value: {
      ipaddr: '192.168.0.1',
      netmask: '255.255.255.0',
      dhcp: { enabled: true, start: '192.168.0.100', limit: 150, lease: '12h' },
    },
    reason: null,
  },
  {
    id: 'interface/cellular',
    group: 'interface',
    key: 'cellular',
    editable: true,
    value: {
      enabled: true,
      sim: [{ slot: 1, apn: 'internet', auth: 'none', pin: '' }],
      network_type: 'auto',
    },
    reason: null,
  },
  {
    id: 'services/ssh',
    group: 'services',
    key: 'ssh',
    editable: false,
    value: null,
    reason: 'services/ssh: attributes',
  },
];

const changeSet = (state: ChangeSet['state'], extra: Partial<ChangeSet> = {}): ChangeSet => ({
  id: 'cs-1',
  sn: SN,
  state,
  differences: [{ section: 'interface/lan', field: 'dhcp.start', from: '192.168.0.100', to: '192.168.0.50' }],
  confirmSeconds: 120,
  reasonCode: null,
  reason: null,
  checksum: null,
  createdBy: 'Ada',
  rollbackOf: null,
  source: 'user',
  createdAt: Date.UTC(2026, 10, 1, 8),
  finishedAt: null,
  ...extra,
});

type Drift = { detectedAt: number; differences: ChangeSet['differences'] } | null;

function serve(
  funCodes: string[],
  state: { pending: ChangeSet | null; history: ChangeSet[]; drift?: Drift; target?: ConfigTargetField[] },
) {
  return routeServer({
    '/pl/user/getVisitMenus': { data: menusHolding(funCodes) },
    [getDeviceConfigJsonCall.path]: { data: { sn: SN, devcfg: R1500 } },
    [getConfigSectionsCall.path]: () => ({
      data: {
        sn: SN,
        lastUpdatedTime: Date.UTC(2026, 10, 1, 7),
        sections: SECTIONS,
        pending: state.pending,
        drift: state.drift ?? null,
        target: state.target ?? [],
      },
    }),
    [getChangeSetsCall.path]: () => ({ data: { list: state.history, total: state.history.length } }),
    [restoreConfigDriftCall.path]: () => {
      state.drift = null;
      state.pending = changeSet('queued', { id: 'cs-3' });
      return { data: state.pending };
    },
    [rollbackConfigCall.path]: () => {
      state.pending = changeSet('queued', { id: 'cs-2', rollbackOf: 'cs-1' });
      state.history = [state.pending, ...state.history];
      return { data: state.pending };
    },
    [clearConfigSettingCall.path]: () => {
      state.pending = changeSet('queued', {
        id: 'cs-4',
        source: 'cleared',
        differences: [
          { section: 'interface/lan', field: 'dhcp.start', from: '192.168.0.60', to: '192.168.0.80' },
        ],
      });
      state.history = [state.pending, ...state.history];
      return { data: state.pending };
    },
    [applyConfigCall.path]: () => {
      state.pending = changeSet('queued');
      state.history = [state.pending];
      return { data: state.pending };
    },
  });
}

beforeEach(() => {
  saveTicket({ ticket: 't1', key: 'k1' });
  stubLiveSocket();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const render = () => renderConsole('/tab', [{ path: '/tab', element: <ConfigEditor sn={SN} /> }]);

describe('configuration editor', () => {
  it(
    'shows the menu the capabilities allow, edits a section, shows the difference and applies it',
    async () => {
      const state = { pending: null as ChangeSet | null, history: [] as ChangeSet[] };
      const fetchMock = serve(['devices.view', 'devices.apply'], state);
      render();
      const menu = await screen.findByTestId('config-menu');
      expect(within(menu).getByText('Interface')).toBeTruthy();
      expect(within(menu).getByText('LAN')).toBeTruthy();
      // R1500 has no WiFi: the device reported no such section, so it is not offered.
      expect(within(menu).queryByText('WiFi')).toBeNull();
      expect(screen.getByTestId('config-section').textContent).toContain('LAN');

      const start = within(screen.getByTestId('config-field-dhcp.start')).getByRole('textbox');
      await userEvent.clear(start);
      await userEvent.type(start, '192.168.0.300');
      expect(await screen.findByText('Not a valid value')).toBeTruthy();
      expect((screen.getByTestId('config-apply') as HTMLButtonElement).disabled).toBe(true);

      await userEvent.clear(start);
      await userEvent.type(start, '192.168.0.50');
      const difference = await screen.findByTestId('config-difference');
      expect(within(difference).getByText('DHCP server › First address')).toBeTruthy();
      expect(within(difference).getByText('192.168.0.100')).toBeTruthy();
      expect(within(difference).getByText('192.168.0.50')).toBeTruthy();

      await userEvent.click(screen.getByTestId('config-apply'));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('Apply 1 changes?')).toBeTruthy();
      fireEvent.change(within(dialog).getByRole('spinbutton'), { target: { value: '300' } });
      await userEvent.click(within(dialog).getByRole('button', { name: /save/i }));
      await waitFor(() => {
        const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith(applyConfigCall.path));
        expect(call).toBeTruthy();
        expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({
          sn: SN,
          sections: { 'interface/lan': { dhcp: { start: '192.168.0.50', limit: 150 } } },
          confirmSeconds: 300,
          immediately: false,
        });
      });
      expect(await screen.findByTestId('config-in-flight')).toBeTruthy();
      expect(screen.getByTestId('config-in-flight').textContent).toContain('Waiting for the device');
    },
    SLOW,
  );

  it(
    'shows the target, what is still to apply, the device value and where each comes from, in English and Chinese',
    async () => {
      const target: ConfigTargetField[] = [
        {
          section: 'interface/lan',
          field: 'dhcp.start',
          target: '192.168.0.60',
          actual: '192.168.0.60',
          origin: 'device',
          groupId: null,
          groupName: null,
          overrides: '192.168.0.80',
        },
        {
          section: 'interface/lan',
          field: 'dhcp.limit',
          target: 50,
          actual: 150,
          origin: 'group',
          groupId: 7,
          groupName: 'Depots',
        },
      ];
      serve(['devices.view', 'devices.apply'], { pending: null, history: [changeSet('applied')], target });
      render();
      const card = await screen.findByTestId('config-target');
      expect(within(card).getByText('1 values to apply')).toBeTruthy();
      const rows = within(card)
        .getAllByRole('row')
        .map((row) => row.textContent);
      expect(rows).toContain(
        'LANDHCP server › First address192.168.0.60In place192.168.0.60This deviceinstead of the group’s 192.168.0.80 Use the group’s value',
      );
      expect(rows).toContain('LANDHCP server › Addresses50To apply150Group profile: Depots');
      expect(within(await screen.findByTestId('config-history')).getByText('This device')).toBeTruthy();
      await changeLanguage('cn');
      expect(await within(card).findByText('1 个值待应用')).toBeTruthy();
      expect(within(card).getByText('分组配置模板：')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'shows a section it cannot change as the device sent it, and a reverted change with its reason, in Chinese',
    async () => {
      await changeLanguage('cn');
      // The server answers the reason in the reader's language (catalogue 120130), the device's words after.
      const reverted = changeSet('reverted', {
        reasonCode: 120130,
        reason: '设备已恢复原配置: Not confirmed within 120 s',
        finishedAt: Date.UTC(2026, 10, 1, 9),
      });
      serve(['devices.view'], { pending: null, history: [reverted] });
      render();
      const result = await screen.findByTestId('config-last-result');
      expect(result.textContent).toContain('上次修改：设备已恢复原配置');
      expect(result.textContent).toContain('云端未能及时确认此修改，设备已自行恢复原配置。');
      expect(result.textContent).toContain('原因：设备已恢复原配置: Not confirmed within 120 s');
      await userEvent.click(within(screen.getByTestId('config-menu')).getByText('SSH'));
      expect((await screen.findByTestId('config-section')).textContent).toContain('无法从云端修改');
      const history = screen.getByTestId('config-history');
      expect(within(history).getByText('设备已恢复原配置')).toBeTruthy();
      expect(within(history).getByText('1 个字段')).toBeTruthy();
      // A look-only role cannot apply.
      expect((screen.getByTestId('config-apply') as HTMLButtonElement).disabled).toBe(true);
    },
    SLOW,
  );

  it(
    'clears the device’s own setting after a confirmation: the group’s value is sent as a change-set',
    async () => {
      const target: ConfigTargetField[] = [
        {
          section: 'interface/lan',
          field: 'dhcp.start',
          target: '192.168.0.60',
          actual: '192.168.0.60',
          origin: 'device',
          groupId: null,
          groupName: null,
          overrides: '192.168.0.80',
        },
      ];
      const state = { pending: null as ChangeSet | null, history: [changeSet('applied')], target };
      const fetchMock = serve(['devices.view', 'devices.apply'], state);
      render();
      const card = await screen.findByTestId('config-target', {}, { timeout: 30_000 });
      await userEvent.click(within(card).getByRole('button', { name: 'Use the group’s value' }));
      const dialog = await screen.findByRole('dialog', {}, { timeout: 30_000 });
      expect(
        within(dialog).getByText(/The group profile’s value 192.168.0.80 is sent as a change-set/),
      ).toBeTruthy();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Use the group’s value' }));
      await waitFor(() => {
        const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith(clearConfigSettingCall.path));
        expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({
          sn: SN,
          section: 'interface/lan',
          field: 'dhcp.start',
          confirmSeconds: 120,
        });
      });
      expect((await screen.findByTestId('config-in-flight', {}, { timeout: 30_000 })).textContent).toContain(
        'Waiting for the device',
      );
      expect(within(screen.getByTestId('config-history')).getByText('Setting cleared')).toBeTruthy();
      // While the change is in flight nothing else is cleared.
      expect(
        (within(card).getByRole('button', { name: 'Use the group’s value' }) as HTMLButtonElement).disabled,
      ).toBe(true);
    },
    SLOW,
  );

  it(
    'rolls an applied change back after a confirmation',
    async () => {
      const state = { pending: null as ChangeSet | null, history: [changeSet('applied')] };
      const fetchMock = serve(['devices.view', 'devices.apply'], state);
      render();
      await userEvent.click(await screen.findByTestId('config-rollback-cs-1'));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(/Its 1 fields go back to the values they had before/)).toBeTruthy();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Roll back' }));
      await waitFor(() => {
        const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith(rollbackConfigCall.path));
        expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ sn: SN, changeSetId: 'cs-1' });
      });
      expect(await screen.findByText('Rolls back an earlier change')).toBeTruthy();
      expect((await screen.findByTestId('config-in-flight')).textContent).toContain('Waiting for the device');
    },
    SLOW,
  );

  it(
    'shows a change made on the device itself and puts the cloud values back; nothing else is applied meanwhile',
    async () => {
      const state = {
        pending: null as ChangeSet | null,
        history: [] as ChangeSet[],
        drift: {
          detectedAt: Date.UTC(2026, 10, 1, 9),
          differences: [
            { section: 'interface/lan', field: 'ipaddr', from: '192.168.0.1', to: '192.168.9.1' },
          ],
        } as Drift,
      };
      const fetchMock = serve(['devices.view', 'devices.apply'], state);
      render();
      const drift = await screen.findByTestId('config-drift');
      expect(drift.textContent).toContain('Changed on the device itself');
      expect(within(drift).getByText('192.168.9.1')).toBeTruthy();
      // Editing is locked while the drift stands.
      expect(
        (within(screen.getByTestId('config-field-ipaddr')).getByRole('textbox') as HTMLInputElement).disabled,
      ).toBe(true);
      await userEvent.click(within(drift).getByTestId('config-drift-restore'));
      await waitFor(() =>
        expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith(restoreConfigDriftCall.path))).toBe(
          true,
        ),
      );
      await waitFor(() => expect(screen.queryByTestId('config-drift')).toBeNull());
      expect((await screen.findByTestId('config-in-flight')).textContent).toContain('Waiting for the device');
    },
    SLOW,
  );
});
