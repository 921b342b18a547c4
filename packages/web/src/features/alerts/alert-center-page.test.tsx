import type { Alert, AlertRule } from '@fleetport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import {
  type RouteAnswers,
  refused,
  renderConsole,
  routeServer,
  shellAnswers,
} from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;
const ALL = ['alerts.view', 'alerts.create', 'alerts.edit', 'alerts.remove', 'groups.view', 'tags.view'];

const alert = (id: number, patch: Partial<Alert> = {}): Alert => ({
  alertId: id,
  ruleId: 1,
  ruleName: 'Offline > 2 min',
  level: 'major',
  description: 'Routers that stopped talking',
  sn: `SN000${id}`,
  deviceName: `Router ${id}`,
  condition: { type: 'offline', minutes: 2, clearMinutes: 2 },
  state: 'firing',
  value: 3,
  read: false,
  count: 1,
  pendingSince: Date.UTC(2026, 10, 20, 8, 0),
  startedAt: Date.UTC(2026, 10, 20, 8, 1),
  lastSeenAt: Date.UTC(2026, 10, 20, 8, 5),
  resolvedAt: null,
  acknowledged: null,
  flapping: false,
  ...patch,
});

const rule = (patch: Partial<AlertRule> = {}): AlertRule => ({
  ruleId: 1,
  name: 'Weak RSRP',
  level: 'minor',
  description: '',
  targets: { mode: 'all' },
  conditionMode: 'any',
  conditions: [{ type: 'signal', metric: 'rsrp', sim: 1, below: -110, clearAbove: -100, clearMinutes: 2 }],
  triggerVolume: 1,
  triggerInterval: { value: 1, unit: 'minute' },
  pendingMinutes: 3,
  email: { enabled: false, receivers: 'allUsers', roleIds: [], userIds: [] },
  enabled: true,
  openAlerts: 2,
  updatedAt: Date.UTC(2026, 10, 20),
  ...patch,
});

function serve(extra: RouteAnswers) {
  return routeServer({
    ...shellAnswers(ALL),
    '/link/alert/unreadCount': { data: { total: 1 } },
    '/link/alert/list': { data: { list: [], total: 0 } },
    '/link/alertRule/list': { data: { list: [], total: 0 } },
    '/gm/tag/getTags': { data: [] },
    ...extra,
  });
}

signedInEachTest();

describe('alert centre', () => {
  it(
    'lists alerts with their level, state and count, acknowledges one and marks all read',
    async () => {
      const acked: unknown[] = [];
      let markedAll = 0;
      serve({
        '/link/alert/list': {
          data: {
            list: [
              alert(2),
              alert(1, { state: 'resolved', read: true, count: 2, resolvedAt: Date.UTC(2026, 10, 20, 9) }),
            ],
            total: 2,
          },
        },
        '/link/alert/acknowledge': (body) => {
          acked.push(body);
          return {
            data: alert(2, { acknowledged: { by: 'Ann', at: Date.UTC(2026, 10, 20, 9), note: 'on it' } }),
          };
        },
        '/link/alert/markAllRead': () => {
          markedAll++;
          return { data: { marked: 1 } };
        },
      });
      renderConsole('/robustlink/alertCenter');
      const table = await screen.findByTestId('alerts-table', {}, { timeout: 30_000 });
      // The rows, the rules (for the condition's words) and the unread count are three loads.
      const row = await within(table).findByTestId('alert-row-2', {}, { timeout: 30_000 });
      expect(within(row).getByText('Major')).toBeTruthy();
      expect(within(row).getByText('Firing')).toBeTruthy();
      expect(await within(row).findByText('Offline longer than 2 min', {}, { timeout: 30_000 })).toBeTruthy();
      expect(row.getAttribute('data-unread')).toBe('true');
      expect(within(screen.getByTestId('alert-row-1')).getByText('Resolved')).toBeTruthy();
      expect(screen.getByTestId('alert-row-1').getAttribute('data-unread')).toBe('false');
      expect(
        await within(await screen.findByTestId('alerts-unread', {}, { timeout: 30_000 })).findByText('1'),
      ).toBeTruthy();
      // Only a firing alert offers acknowledgement.
      expect(screen.queryByTestId('alert-ack-1')).toBeNull();

      await userEvent.click(screen.getByTestId('alert-ack-2'));
      fireEvent.change(await screen.findByTestId('alert-ack-note'), { target: { value: 'on it' } });
      await userEvent.click(screen.getByTestId('alert-ack-confirm'));
      await waitFor(() => expect(acked).toEqual([{ alertId: 2, note: 'on it' }]));
      expect(await screen.findByText('Alert acknowledged.')).toBeTruthy();

      await userEvent.click(screen.getByTestId('alerts-mark-all'));
      await waitFor(() => expect(markedAll).toBe(1));
      expect(await screen.findByText('All alerts are marked read.')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'creates a rule through the form, checking the clear value against the trigger value first',
    async () => {
      const created: unknown[] = [];
      serve({
        '/link/alertRule/add': (body) => {
          created.push(body);
          return { data: rule({ ruleId: 7, name: 'Weak RSRP', enabled: false }) };
        },
      });
      renderConsole('/robustlink/alertCenter?tab=rules');
      await userEvent.click(await screen.findByTestId('rule-create', {}, { timeout: 30_000 }));
      const form = await screen.findByTestId('rule-form');
      fireEvent.change(within(form).getByTestId('rule-name'), { target: { value: 'Weak RSRP' } });
      // The first condition becomes a signal condition.
      fireEvent.mouseDown(within(screen.getByTestId('rule-condition-type-0')).getByRole('combobox'));
      await userEvent.click(await screen.findByTitle('Signal below'));
      const below = await screen.findByTestId('rule-below-0');
      const clearAbove = screen.getByTestId('rule-clear-above-0');
      fireEvent.change(below, { target: { value: '-100' } });
      fireEvent.change(clearAbove, { target: { value: '-110' } });
      await userEvent.click(screen.getByTestId('rule-save'));
      expect(await screen.findByText('The clear value must not be below the trigger value')).toBeTruthy();
      expect(created).toEqual([]);

      fireEvent.change(below, { target: { value: '-110' } });
      fireEvent.change(clearAbove, { target: { value: '-100' } });
      fireEvent.change(screen.getByTestId('rule-pending'), { target: { value: '3' } });
      await userEvent.click(screen.getByTestId('rule-save'));
      await waitFor(() => expect(created).toHaveLength(1));
      expect(created[0]).toMatchObject({
        name: 'Weak RSRP',
        level: 'major',
        targets: { mode: 'all' },
        conditionMode: 'any',
        conditions: [
          { type: 'signal', metric: 'rsrp', sim: null, below: -110, clearAbove: -100, clearMinutes: 2 },
        ],
        pendingMinutes: 3,
        // Saved although e-mail is off and its receivers are not shown.
        email: { enabled: false, receivers: 'allUsers' },
        enabled: false,
      });
      expect(await screen.findByText('Rule saved.')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'tags a flapping alert in its row and filters on flapping',
    async () => {
      const asked: unknown[] = [];
      serve({
        '/link/alert/list': (body) => {
          asked.push(body);
          const onlyFlapping = (body as { flapping?: boolean }).flapping === true;
          return {
            data: onlyFlapping
              ? { list: [alert(3, { flapping: true })], total: 1 }
              : { list: [alert(3, { flapping: true }), alert(4)], total: 2 },
          };
        },
      });
      renderConsole('/robustlink/alertCenter');
      const row = await screen.findByTestId('alert-row-3', {}, { timeout: 30_000 });
      expect(within(row).getByTestId('alert-flapping-3').textContent).toBe('Flapping');
      expect(within(await screen.findByTestId('alert-row-4')).queryByText('Flapping')).toBeNull();
      fireEvent.mouseDown(within(screen.getByTestId('alert-flapping-filter')).getByRole('combobox'));
      await userEvent.click(await screen.findByTitle('Flapping'));
      await userEvent.click(screen.getByTestId('alert-search'));
      await waitFor(() => expect(screen.queryByTestId('alert-row-4')).toBeNull(), { timeout: 30_000 });
      expect(asked.at(-1)).toMatchObject({ flapping: true });
      expect(screen.getByTestId('alert-row-3')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'offers the CPU, memory and temperature condition with its values, checking the clear value',
    async () => {
      const created: unknown[] = [];
      serve({
        '/link/alertRule/add': (body) => {
          created.push(body);
          return { data: rule({ ruleId: 8, name: 'Hot', enabled: false }) };
        },
      });
      renderConsole('/robustlink/alertCenter?tab=rules');
      await userEvent.click(await screen.findByTestId('rule-create', {}, { timeout: 30_000 }));
      const form = await screen.findByTestId('rule-form');
      fireEvent.change(within(form).getByTestId('rule-name'), { target: { value: 'Hot' } });
      fireEvent.mouseDown(within(screen.getByTestId('rule-condition-type-0')).getByRole('combobox'));
      await userEvent.click(await screen.findByTitle('CPU, memory or temperature above'));
      fireEvent.mouseDown(within(await screen.findByTestId('rule-resource-metric-0')).getByRole('combobox'));
      await userEvent.click(await screen.findByTitle('Temperature (°C)'));
      const above = screen.getByTestId('rule-above-0');
      const clearBelow = screen.getByTestId('rule-clear-below-0');
      fireEvent.change(above, { target: { value: '70' } });
      fireEvent.change(clearBelow, { target: { value: '80' } });
      await userEvent.click(screen.getByTestId('rule-save'));
      expect(await screen.findByText('The clear value must not be above the trigger value')).toBeTruthy();
      expect(created).toEqual([]);
      fireEvent.change(clearBelow, { target: { value: '60' } });
      await userEvent.click(screen.getByTestId('rule-save'));
      await waitFor(() => expect(created).toHaveLength(1));
      expect(created[0]).toMatchObject({
        conditions: [{ type: 'resource', metric: 'temperature', above: 70, clearBelow: 60, clearMinutes: 2 }],
      });
    },
    SLOW,
  );

  it(
    'offers the reboot-loop condition with its boots and window, checking the boots',
    async () => {
      const created: unknown[] = [];
      serve({
        '/link/alertRule/add': (body) => {
          created.push(body);
          return { data: rule({ ruleId: 9, name: 'Looping', enabled: false }) };
        },
      });
      renderConsole('/robustlink/alertCenter?tab=rules');
      await userEvent.click(await screen.findByTestId('rule-create', {}, { timeout: 30_000 }));
      const form = await screen.findByTestId('rule-form');
      fireEvent.change(within(form).getByTestId('rule-name'), { target: { value: 'Looping' } });
      fireEvent.mouseDown(within(screen.getByTestId('rule-condition-type-0')).getByRole('combobox'));
      await userEvent.click(await screen.findByTitle('Reboot loop'));
      const boots = await screen.findByTestId('rule-boots-0');
      fireEvent.change(boots, { target: { value: '1' } });
      fireEvent.change(screen.getByTestId('rule-within-0'), { target: { value: '15' } });
      await userEvent.click(screen.getByTestId('rule-save'));
      expect(await screen.findByText(/integer from 2 to 100/, {}, { timeout: 30_000 })).toBeTruthy();
      expect(created).toEqual([]);
      fireEvent.change(boots, { target: { value: '4' } });
      await userEvent.click(screen.getByTestId('rule-save'));
      await waitFor(() => expect(created).toHaveLength(1), { timeout: 30_000 });
      expect(created[0]).toMatchObject({
        conditions: [{ type: 'rebootLoop', boots: 4, withinMinutes: 15, clearMinutes: 2 }],
      });
    },
    SLOW,
  );

  it(
    'offers the data usage condition: a link or SIM, MB or a % of an allowance, and a cycle',
    async () => {
      const created: unknown[] = [];
      serve({
        '/link/alertRule/add': (body) => {
          created.push(body);
          return { data: rule({ ruleId: 10, name: 'SIM 2 data', enabled: false }) };
        },
      });
      renderConsole('/robustlink/alertCenter?tab=rules');
      await userEvent.click(await screen.findByTestId('rule-create', {}, { timeout: 30_000 }));
      const form = await screen.findByTestId('rule-form');
      fireEvent.change(within(form).getByTestId('rule-name'), { target: { value: 'SIM 2 data' } });
      fireEvent.mouseDown(within(screen.getByTestId('rule-condition-type-0')).getByRole('combobox'));
      await userEvent.click(await screen.findByTitle('Data usage over'));
      fireEvent.mouseDown(within(await screen.findByTestId('rule-usage-of-0')).getByRole('combobox'));
      await userEvent.click(await screen.findByTitle('SIM 2'));
      fireEvent.mouseDown(within(screen.getByTestId('rule-usage-unit-0')).getByRole('combobox'));
      await userEvent.click(await screen.findByTitle('% of an allowance'));
      fireEvent.mouseDown(within(screen.getByTestId('rule-usage-cycle-0')).getByRole('combobox'));
      await userEvent.click(await screen.findByTitle('Weekly (from Monday, UTC)'));
      expect(screen.getByText('Resolves when the next cycle starts')).toBeTruthy();
      const percent = await screen.findByTestId('rule-usage-percent-0');
      fireEvent.change(percent, { target: { value: '150' } });
      fireEvent.change(screen.getByTestId('rule-usage-allowance-0'), { target: { value: '2048' } });
      await userEvent.click(screen.getByTestId('rule-save'));
      expect(await screen.findByText(/integer from 1 to 100/, {}, { timeout: 30_000 })).toBeTruthy();
      expect(created).toEqual([]);
      fireEvent.change(percent, { target: { value: '80' } });
      await userEvent.click(screen.getByTestId('rule-save'));
      await waitFor(() => expect(created).toHaveLength(1), { timeout: 30_000 });
      expect(created[0]).toMatchObject({
        conditions: [
          {
            type: 'dataUsage',
            link: null,
            sim: 2,
            unit: 'percent',
            overMb: null,
            percent: 80,
            allowanceMb: 2048,
            cycle: 'weekly',
            clearMinutes: 0,
          },
        ],
      });
    },
    SLOW,
  );

  it(
    'lists the conditions on what happened to a device in Chinese',
    async () => {
      await changeLanguage('cn');
      serve({
        '/link/alertRule/list': {
          data: {
            list: [
              rule({
                conditions: [
                  { type: 'rebootLoop', boots: 3, withinMinutes: 10, clearMinutes: 5 },
                  { type: 'updateFailed', clearMinutes: 5 },
                  { type: 'configRejected', clearMinutes: 5 },
                  { type: 'linkSwitch', clearMinutes: 5 },
                  {
                    type: 'dataUsage',
                    link: 'wan',
                    sim: null,
                    unit: 'mb',
                    overMb: 500,
                    percent: null,
                    allowanceMb: null,
                    cycle: 'daily',
                    clearMinutes: 0,
                  },
                  {
                    type: 'dataUsage',
                    link: null,
                    sim: 1,
                    unit: 'percent',
                    overMb: null,
                    percent: 90,
                    allowanceMb: 10240,
                    cycle: 'monthly',
                    clearMinutes: 0,
                  },
                ],
              }),
            ],
            total: 1,
          },
        },
      });
      renderConsole('/robustlink/alertCenter?tab=rules');
      const row = await screen.findByTestId('rule-row-1', {}, { timeout: 30_000 });
      expect(within(row).getByText('循环重启：10 分钟内启动 3 次')).toBeTruthy();
      expect(within(row).getByText('固件或应用升级失败或超时')).toBeTruthy();
      expect(within(row).getByText('配置被拒绝或已回滚')).toBeTruthy();
      expect(within(row).getByText('WAN链路切换或SIM卡切换')).toBeTruthy();
      expect(within(row).getByText('WAN链路的流量每天超过 500 MB')).toBeTruthy();
      expect(within(row).getByText('SIM卡1的流量每月超过 10240 MB 的 90%')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'keeps an enabled rule from being edited, and shows the server refusing a taken name in Chinese',
    async () => {
      await changeLanguage('cn');
      serve({
        '/link/alertRule/list': { data: { list: [rule()], total: 1 } },
        '/link/alertRule/add': refused(800027),
      });
      renderConsole('/robustlink/alertCenter?tab=rules');
      const row = await screen.findByTestId('rule-row-1', {}, { timeout: 30_000 });
      expect(within(row).getByText('参考信号接收功率', { exact: false })).toBeTruthy();
      expect((screen.getByTestId('rule-edit-1') as HTMLButtonElement).disabled).toBe(true);
      await userEvent.click(screen.getByTestId('rule-create'));
      const form = await screen.findByTestId('rule-form');
      fireEvent.change(within(form).getByTestId('rule-name'), { target: { value: 'Weak RSRP' } });
      await userEvent.click(screen.getByTestId('rule-save'));
      expect(await screen.findByText('告警规则名称已存在', { exact: false })).toBeTruthy();
    },
    SLOW,
  );
});
