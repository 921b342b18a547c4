import { type DeviceTemplate, ErrorCode, type Provisioning } from '@fleetport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { refused, renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;
const CAN_ALL = ['templates.view', 'templates.create', 'templates.edit', 'templates.remove'];

const TEMPLATE: DeviceTemplate = {
  templateId: 7,
  name: 'Depot_R3000',
  series: 'r3000',
  type: 'DIRECT',
  models: ['R3000'],
  firmware: { versionId: 11, name: 'Router OS', version: '5.3.4', packageName: 'r3000-os' },
  apps: [{ versionId: 12, name: 'Agent', version: '1.0.0', packageName: 'acme-agent' }],
  configuration: { fileName: 'depot.xml', size: 120 },
  enabled: true,
  applying: 1,
  createdAt: Date.UTC(2026, 10, 1),
  updatedAt: Date.UTC(2026, 10, 2),
};

const step = (over: Partial<Provisioning['steps'][number]>): Provisioning['steps'][number] => ({
  kind: 'firmware',
  target: 'Router OS 5.3.4',
  state: 'done',
  attempts: 1,
  reason: null,
  reasonCode: null,
  rpcId: null,
  changeSetId: null,
  startedAt: Date.UTC(2026, 10, 2),
  finishedAt: null,
  ...over,
});

const RUNS: Provisioning[] = [
  {
    provisioningId: 1,
    sn: 'ZT0001',
    deviceName: 'Depot 1',
    model: 'R3000',
    templateName: 'Depot_R3000',
    templateId: 7,
    state: 'running',
    steps: [
      step({}),
      step({ kind: 'app', target: 'Agent 1.0.0', state: 'running' }),
      step({ kind: 'configuration', target: 'depot.xml', state: 'waiting' }),
    ],
    startedAt: Date.UTC(2026, 10, 2),
    finishedAt: null,
  },
  {
    provisioningId: 2,
    sn: 'ZT0002',
    deviceName: 'Depot 2',
    model: 'R3000',
    templateName: 'Depot_R3000',
    templateId: 7,
    state: 'stopped',
    steps: [
      step({
        kind: 'minimumFirmware',
        target: '5.3.0',
        state: 'failed',
        reasonCode: ErrorCode.TEMPLATE_NEEDS_FIRMWARE,
        reason: 'The router runs 5.2.0: templates need firmware 5.3.0 or newer first',
      }),
    ],
    startedAt: Date.UTC(2026, 10, 2),
    finishedAt: Date.UTC(2026, 10, 2),
  },
];

signedInEachTest();

describe('zero-touch templates', () => {
  it(
    'lists templates with what they hold and locks one a router is provisioning with',
    async () => {
      routeServer({
        ...shellAnswers(CAN_ALL),
        '/link/deviceTemplate/getTemplates': { data: { list: [TEMPLATE], total: 1 } },
      });
      renderConsole('/robustlink/devices/deviceTemplate');
      const table = await screen.findByTestId('templates-table', {}, { timeout: 30_000 });
      await within(table).findByText('Depot_R3000');
      expect(within(table).getByText('Firmware 5.3.4')).toBeTruthy();
      expect(within(table).getByText('1 apps')).toBeTruthy();
      expect(within(table).getByText('Configuration')).toBeTruthy();
      expect((screen.getByTestId('template-edit-7') as HTMLButtonElement).disabled).toBe(true);
      expect((screen.getByTestId('template-delete-7') as HTMLButtonElement).disabled).toBe(true);
    },
    SLOW,
  );

  it(
    'checks the form before sending: the name rule, then at least one thing to apply',
    async () => {
      const created: unknown[] = [];
      routeServer({
        ...shellAnswers(CAN_ALL),
        '/link/deviceTemplate/getTemplates': { data: { list: [], total: 0 } },
        '/pl/appCentre/getPackageList': { data: { list: [], total: 0 } },
        '/link/deviceTemplate/addTemplate': (body) => {
          created.push(body);
          return refused(ErrorCode.TEMPLATE_NAME_EXISTS);
        },
      });
      renderConsole('/robustlink/devices/deviceTemplate');
      await userEvent.click((await screen.findAllByTestId('template-create', {}, { timeout: 30_000 }))[0]!);
      const form = await screen.findByTestId('template-form');
      await userEvent.type(within(form).getByTestId('template-name'), 'Depot routers');
      const ok = () => document.querySelector('.ant-modal-footer .ant-btn-primary') as HTMLElement;
      await userEvent.click(ok());
      expect(await screen.findByText(/letters, digits and underscores/)).toBeTruthy();

      await userEvent.clear(within(form).getByTestId('template-name'));
      await userEvent.type(within(form).getByTestId('template-name'), 'Depot_routers');
      await userEvent.click(within(form).getByTestId('template-series').querySelector('input')!);
      await userEvent.click(await screen.findByTitle('R3000'));
      await userEvent.click(ok());
      expect(await screen.findByTestId('template-empty')).toBeTruthy();
      expect(created).toEqual([]);
    },
    SLOW,
  );

  it(
    'saves a template with an uploaded configuration, and shows the refusal of a taken name',
    async () => {
      const created: unknown[] = [];
      routeServer({
        ...shellAnswers(CAN_ALL),
        '/link/deviceTemplate/getTemplates': { data: { list: [], total: 0 } },
        '/pl/appCentre/getPackageList': { data: { list: [], total: 0 } },
        '/pl/file/upload': () => ({
          data: {
            files: [
              {
                fileId: 55,
                kind: 'configXml',
                name: 'depot.xml',
                size: 120,
                sha256: 'a'.repeat(64),
                contentType: 'application/xml',
                createdAt: Date.UTC(2026, 10, 1),
                download: { url: '/api/pl/file/download?fileId=55&expires=1&sig=x', expiresAt: 1 },
              },
            ],
          },
        }),
        '/link/deviceTemplate/addTemplate': (body) => {
          created.push(body);
          return refused(ErrorCode.TEMPLATE_NAME_EXISTS);
        },
      });
      renderConsole('/robustlink/devices/deviceTemplate');
      await userEvent.click((await screen.findAllByTestId('template-create', {}, { timeout: 30_000 }))[0]!);
      const form = await screen.findByTestId('template-form');
      await userEvent.type(within(form).getByTestId('template-name'), 'Depot_routers');
      await userEvent.click(within(form).getByTestId('template-series').querySelector('input')!);
      await userEvent.click(await screen.findByTitle('R3000'));
      const input = form.querySelector('input[type=file]') as HTMLInputElement;
      await userEvent.upload(input, new File(['<config></config>'], 'depot.xml', { type: 'text/xml' }));
      await within(form).findByText('depot.xml');
      await userEvent.click(document.querySelector('.ant-modal-footer .ant-btn-primary') as HTMLElement);
      await waitFor(() =>
        expect(created).toEqual([
          {
            name: 'Depot_routers',
            series: 'r3000',
            type: 'DIRECT',
            models: [],
            firmwareVersionId: null,
            appVersionIds: [],
            enabled: true,
            configFileId: 55,
          },
        ]),
      );
      expect(await screen.findByText(/The template name already exists/)).toBeTruthy();
      // The dialog keeps what was typed.
      expect(screen.getByTestId('template-form')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'shows the routers in provisioning with their step and why one stopped, in both languages',
    async () => {
      routeServer({
        ...shellAnswers(CAN_ALL),
        '/link/deviceTemplate/getTemplates': { data: { list: [TEMPLATE], total: 1 } },
        '/link/deviceTemplate/getProvisioning': { data: { list: RUNS, total: RUNS.length } },
      });
      renderConsole('/robustlink/devices/deviceTemplate?tab=provisioning');
      const table = await screen.findByTestId('provisioning-table', {}, { timeout: 30_000 });
      const running = await within(table).findByTestId('provisioning-step-ZT0001');
      expect(running.textContent).toContain('App Agent 1.0.0 · Running');
      const stopped = within(table).getByTestId('provisioning-step-ZT0002');
      expect(stopped.textContent).toContain('Needs firmware 5.3.0 first · Failed');
      expect(stopped.textContent).toContain('templates need firmware 5.3.0 or newer first');

      await changeLanguage('cn');
      await waitFor(() =>
        expect(screen.getByTestId('provisioning-step-ZT0001').textContent).toContain(
          '应用 Agent 1.0.0 · 进行中',
        ),
      );
      await changeLanguage('en');
    },
    SLOW,
  );
});
