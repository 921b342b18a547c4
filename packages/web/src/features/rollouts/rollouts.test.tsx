import type { PackageDetail, RolloutDetail, RolloutDevice, RolloutSummary } from '@fleetport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;
const ALL = ['firmware.view', 'firmware.apply', 'devices.view', 'groups.view'];

const counts = { total: 6, waiting: 4, running: 0, success: 1, failure: 1, timeout: 0, released: 0 };
const summary: RolloutSummary = {
  id: 7,
  name: 'MEG to 2.4',
  state: 'halted',
  kind: 'firmware',
  packageName: 'meg5000-os',
  version: '2.4.1',
  versionId: 3,
  stopReason: 'Batch 1: 1 of 2 devices failed or timed out, past the limit',
  // A staged change: the image, then an app, then a configuration.
  steps: [
    { kind: 'firmware', packageName: 'meg5000-os', version: '2.4.1' },
    { kind: 'app', packageName: 'depot-agent', version: '1.0.0' },
    { kind: 'config', packageName: '', version: '' },
  ],
  counts,
  batchesStarted: 1,
  batchesPlanned: 3,
  createdBy: 'owner@acme.test',
  createdAt: Date.UTC(2026, 10, 28, 9, 0),
  finishedAt: null,
};
const detail: RolloutDetail = {
  ...summary,
  target: { mode: 'devices', sns: ['RO1', 'RO2', 'RO3', 'RO4', 'RO5', 'RO6'] },
  settings: {
    plan: { mode: 'size', firstSize: 2, laterSize: 2 },
    successPercent: 100,
    failureLimit: { kind: 'count', value: 0 },
    onFailure: 'halt',
    window: null,
    deviceDeadlineMinutes: 30,
    healthMinutes: 5,
  },
  batches: [
    {
      batch: 1,
      size: 2,
      counts: { ...counts, total: 2, waiting: 0 },
      good: false,
      startedAt: Date.UTC(2026, 10, 28, 9, 0),
    },
  ],
  waitingForWindow: 0,
};
const device = (sn: string, patch: Partial<RolloutDevice>): RolloutDevice => ({
  sn,
  name: sn,
  model: 'MEG5000',
  batch: null,
  step: 1,
  state: 'waiting',
  percent: null,
  fromVersion: '2.4.0',
  currentVersion: '2.4.0',
  reasonCode: null,
  reason: null,
  attempts: 0,
  rpcId: null,
  updatedAt: Date.UTC(2026, 10, 28, 9, 5),
  ...patch,
});

signedInEachTest();

describe('rollouts', () => {
  it(
    'shows why a rollout halted, each device with its reason, and retries the failed ones after confirming',
    async () => {
      const retried: unknown[] = [];
      routeServer({
        ...shellAnswers(ALL),
        '/link/rollout/get': { data: detail },
        '/link/rollout/devices': {
          data: {
            list: [
              device('RO1', { batch: 1, state: 'success', currentVersion: '2.4.1', attempts: 1, rpcId: 'a' }),
              device('RO2', {
                batch: 1,
                step: 2,
                state: 'failure',
                reasonCode: 0,
                reason: 'Update failed: fell back to the previous image',
                attempts: 1,
                rpcId: 'b',
              }),
              device('RO3', {}),
            ],
            total: 3,
          },
        },
        '/link/rollout/retryFailed': (body) => {
          retried.push(body);
          return { data: { ...summary, state: 'running', stopReason: null } };
        },
      });
      renderConsole('/robustlink/devices/appCentre/rollouts/7');
      const reason = await screen.findByTestId('rollout-stop-reason', {}, { timeout: 30_000 });
      expect(within(reason).getByText('The rollout stopped by itself')).toBeTruthy();
      expect(within(reason).getByText(summary.stopReason!)).toBeTruthy();
      expect(screen.getByTestId('rollout-state').textContent).toBe('Halted');
      expect(screen.getByTestId('rollout-count-failure').textContent).toBe('1');
      expect(within(screen.getByTestId('rollout-batches')).getByText('Stopped the rollout')).toBeTruthy();
      const table = await screen.findByTestId('rollout-devices-table');
      expect(await within(table).findByText('Update failed: fell back to the previous image')).toBeTruthy();
      expect(within(table).getByText('2.4.0 → 2.4.1')).toBeTruthy();
      // Each device's step of the staged change, and the steps in order.
      expect(within(table).getByText('2 of 3')).toBeTruthy();
      expect(screen.getByTestId('rollout-steps').textContent).toBe(
        'Firmware meg5000-os 2.4.1 → App depot-agent 1.0.0 → Configuration change',
      );
      // Halted: resume and retry are offered, pause is not.
      expect(screen.queryByTestId('rollout-pause')).toBeNull();
      expect(screen.getByTestId('rollout-resume')).toBeTruthy();
      await userEvent.click(screen.getByTestId('rollout-retry'));
      const dialog = (
        await screen.findByText('1 failed or timed-out devices go again in new batches.')
      ).closest('.ant-modal-confirm') as HTMLElement;
      await userEvent.click(within(dialog).getByRole('button', { name: 'Retry failed' }));
      await waitFor(() => expect(retried).toEqual([{ id: 7 }]));
    },
    SLOW,
  );

  it(
    'lists rollouts with their state, progress and batches, and offers a new one',
    async () => {
      routeServer({
        ...shellAnswers(ALL),
        '/link/rollout/list': { data: { list: [summary], total: 1 } },
      });
      renderConsole('/robustlink/devices/appCentre/rollouts');
      const row = await screen.findByTestId('rollout-7', {}, { timeout: 30_000 });
      expect(row.textContent).toBe('MEG to 2.4');
      const table = screen.getByTestId('rollouts-table');
      expect(within(table).getByText('meg5000-os 2.4.1')).toBeTruthy();
      expect(within(table).getByText('Halted')).toBeTruthy();
      expect(within(table).getByText('1 of 3')).toBeTruthy();
      await userEvent.click(screen.getByTestId('rollout-create'));
      expect(await screen.findByTestId('rollout-form')).toBeTruthy();
    },
    SLOW,
  );

  it(
    "adds a group's configuration profile as the last stage, and refuses a group without one",
    async () => {
      const created: unknown[] = [];
      const firmware = {
        packageId: 5,
        kind: 'firmware',
        owner: 'platform',
        packageName: 'meg5000-os',
        series: 'meg5000',
        manageable: false,
        versions: [{ versionId: 9, version: '2.4.1', name: 'MEG OS' }],
      } as unknown as PackageDetail;
      const group = (groupId: number, groupName: string) => ({
        groupId,
        groupName,
        parentId: 1,
        deviceCount: 3,
        onlineCount: 3,
      });
      const profiles: Record<number, Record<string, unknown>> = {
        11: { 'services/ssh': { enabled: true, port: 2222 }, 'interface/lan': { ipaddr: '192.168.7.1' } },
        12: {},
      };
      routeServer({
        ...shellAnswers(ALL),
        '/link/rollout/list': { data: { list: [], total: 0 } },
        '/pl/appCentre/getPackageList': { data: { list: [], total: 0 } },
        '/pl/appCentre/getPackage': { data: firmware },
        '/link/device/queryGroupInformation': {
          data: {
            deviceRootGroup: { rootGroupId: 1, deviceCount: 6 },
            deviceOtherGroup: [group(11, 'Depots'), group(12, 'Kiosks')],
            ungroupedCount: 0,
          },
        },
        '/link/deviceConfig/getGroupProfile': (body) => {
          const { groupId, series } = body as { groupId: number; series: string };
          return {
            data: { groupId, series, sections: profiles[groupId] ?? {}, updatedBy: null, updatedAt: null },
          };
        },
        '/link/rollout/create': (body) => {
          created.push(body);
          return { data: { ...summary, id: 8 } };
        },
      });
      renderConsole('/robustlink/devices/appCentre/rollouts?newPackage=5&newVersion=9');
      const form = await screen.findByTestId('rollout-form', {}, { timeout: 30_000 });
      fireEvent.change(within(form).getByTestId('rollout-name'), { target: { value: 'MEG with SSH' } });
      fireEvent.mouseDown(within(screen.getByTestId('rollout-groups')).getByRole('combobox'));
      await userEvent.click((await screen.findAllByTitle('Depots')).at(-1)!);
      // A group without a profile for the series: refused before anything is sent.
      fireEvent.mouseDown(within(screen.getByTestId('rollout-then-configuration')).getByRole('combobox'));
      await userEvent.click((await screen.findAllByTitle('Kiosks')).at(-1)!);
      const empty = 'This group has no configuration profile for meg5000: set one on the group first.';
      // Said under the field once the group's profile is read, and again as the refusal on saving.
      await screen.findByText(empty, {}, { timeout: 30_000 });
      await userEvent.click(screen.getByTestId('rollout-save'));
      await waitFor(() => expect(screen.getAllByText(empty)).toHaveLength(2), { timeout: 30_000 });
      expect(created).toEqual([]);
      // The Depots profile: its two sections are named, and sent as the last stage.
      fireEvent.mouseDown(within(screen.getByTestId('rollout-then-configuration')).getByRole('combobox'));
      await userEvent.click((await screen.findAllByTitle('Depots')).at(-1)!);
      expect(await screen.findByText('services/ssh, interface/lan', {}, { timeout: 30_000 })).toBeTruthy();
      await userEvent.click(screen.getByTestId('rollout-save'));
      await waitFor(() => expect(created).toHaveLength(1));
      expect(created[0]).toMatchObject({
        name: 'MEG with SSH',
        versionId: 9,
        target: { mode: 'groups', groupIds: [11] },
        thenConfiguration: { sections: profiles[11], confirmSeconds: 120 },
      });
    },
    SLOW,
  );
});
