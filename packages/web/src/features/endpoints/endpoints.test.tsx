import type { Endpoint } from '@fleetport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { refused, renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;
const ALL = ['endpoints.view', 'endpoints.create', 'endpoints.edit', 'endpoints.remove', 'products.view'];
const PAGE = '/endpointManager/endDeviceManagement';

const endpoint = (endpointId: string, state: Endpoint['state'], thingId: number): Endpoint => ({
  thingId,
  endpointId,
  name: `Meter ${endpointId}`,
  description: '',
  modelId: 9,
  productName: 'Energy meter',
  groupId: null,
  gatewaySn: 'GW0001',
  gatewayName: 'Plant gateway',
  connectionMethod: 'tcp',
  targetVersion: '',
  state,
  lastReportAt: null,
  createdAt: Date.UTC(2026, 10, 28),
  updatedAt: Date.UTC(2026, 10, 28),
});

signedInEachTest();

describe('endpoints', () => {
  it(
    'lists endpoints with their state, an offline gateway said so, and opens one',
    async () => {
      routeServer({
        ...shellAnswers(ALL),
        '/endDevice/thing/list': {
          data: {
            list: [endpoint('EM0001', 'online', 1), endpoint('EM0002', 'gatewayOffline', 2)],
            total: 2,
          },
        },
        '/endDevice/thing/getById': { data: endpoint('EM0002', 'gatewayOffline', 2) },
      });
      renderConsole(PAGE);
      const state = await screen.findByTestId('endpoint-state-EM0002', {}, { timeout: 30_000 });
      expect(state.textContent).toBe('Offline: gateway offline');
      expect(screen.getByTestId('endpoint-state-EM0001').textContent).toBe('Online');
      await userEvent.click(screen.getByRole('link', { name: 'EM0002' }));
      expect((await screen.findByTestId('endpoint-detail-state', {}, { timeout: 30_000 })).textContent).toBe(
        'Offline: gateway offline',
      );
    },
    SLOW,
  );

  it(
    'adds an endpoint of an enabled product, and shows why one was refused',
    async () => {
      const added: unknown[] = [];
      const lists: unknown[] = [];
      const pickers: unknown[] = [];
      routeServer({
        ...shellAnswers(ALL),
        '/endDevice/thing/list': (body) => {
          lists.push(body);
          return { data: { list: [], total: 0 } };
        },
        '/endDevice/model/getSimpleModelList': (body) => {
          pickers.push(body);
          return { data: [{ modelId: 9, name: 'Energy meter', state: 'enabled', protocol: 'modbusTcp' }] };
        },
        '/endDevice/thing/add': (body) => {
          added.push(body);
          return added.length === 1 ? refused(800001) : { data: endpoint('EM0003', 'offline', 3) };
        },
      });
      renderConsole(PAGE);
      await userEvent.click((await screen.findAllByTestId('endpoint-add', {}, { timeout: 30_000 }))[0]!);
      fireEvent.change(await screen.findByTestId('endpoint-form-id'), { target: { value: 'EM0003' } });
      fireEvent.change(screen.getByTestId('endpoint-form-name'), { target: { value: 'Meter 3' } });
      fireEvent.mouseDown(within(screen.getByTestId('endpoint-form-product')).getByRole('combobox'));
      await userEvent.click(await screen.findByTitle('Energy meter'));
      fireEvent.change(screen.getByTestId('endpoint-form-gateway'), { target: { value: 'GW0001' } });
      await userEvent.click(screen.getByTestId('endpoint-form-ok'));
      expect(await screen.findByText(/Endpoint ID already exists/)).toBeTruthy();
      await userEvent.click(screen.getByTestId('endpoint-form-ok'));
      await waitFor(() => expect(added).toHaveLength(2));
      // The form offers enabled products only (the list's filter offers them all).
      expect(pickers).toContainEqual({ published: 1 });
      expect(added[1]).toEqual({
        endpointId: 'EM0003',
        name: 'Meter 3',
        description: '',
        modelId: 9,
        gatewaySn: 'GW0001',
        targetVersion: '',
      });
      await waitFor(() => expect(screen.queryByTestId('endpoint-form')).toBeNull());
      // The list is read again after the add.
      await waitFor(() => expect(lists.length).toBeGreaterThan(1));
    },
    SLOW,
  );

  it(
    'previews an import row by row, then imports the valid rows, in Chinese',
    async () => {
      await changeLanguage('cn');
      const imports: { commit?: boolean }[] = [];
      routeServer({
        ...shellAnswers(ALL),
        '/endDevice/thing/list': { data: { list: [], total: 0 } },
        '/endDevice/thing/import': (body) => {
          imports.push(body as { commit?: boolean });
          return {
            data: {
              rows: [
                {
                  row: 2,
                  endpointId: 'EM0001',
                  name: 'a',
                  productName: 'Energy meter',
                  gatewaySn: 'GW0001',
                  errors: [],
                },
                {
                  row: 3,
                  endpointId: 'EM0002',
                  name: 'b',
                  productName: 'Draft',
                  gatewaySn: 'GW0001',
                  errors: ['只有已启用的产品才能创建终端'],
                },
              ],
              valid: 1,
              invalid: 1,
              imported: imports.length === 2 ? 1 : 0,
            },
          };
        },
      });
      renderConsole(PAGE);
      await userEvent.click((await screen.findAllByTestId('endpoint-import', {}, { timeout: 30_000 }))[0]!);
      const input = (await screen.findByTestId('endpoint-import-pick'))
        .closest('.ant-upload')!
        .querySelector('input')!;
      await userEvent.upload(input, new File(['xlsx'], 'endpoints.xlsx'));
      expect((await screen.findByTestId('endpoint-import-summary')).textContent).toBe(
        '1行可导入，1行有问题。',
      );
      expect(screen.getByTestId('import-errors-3').textContent).toBe('只有已启用的产品才能创建终端');
      expect(imports).toEqual([expect.objectContaining({ fileName: 'endpoints.xlsx', commit: false })]);
      await userEvent.click(screen.getByTestId('endpoint-import-commit'));
      expect(await screen.findByText('已导入1个终端。')).toBeTruthy();
      expect(imports[1]).toMatchObject({ commit: true });
    },
    SLOW,
  );
});
