import type { IotConnector } from '@fleetport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { refused, renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;
const FUN_CODES = ['iotConnector.view', 'iotConnector.create', 'iotConnector.edit', 'iotConnector.remove'];

const connector = (over: Partial<IotConnector> = {}): IotConnector => ({
  connectorId: 7,
  name: 'Plant A',
  kind: 'https',
  applicationUrl: 'https://ingest.example.com/fleet',
  idScope: null,
  template: null,
  interfaceId: null,
  tokenName: 'Authorization',
  tokenMask: '••••••cdef',
  routerCount: 1,
  delivery: { state: 'idle', delivered: 42, lastDeliveredAt: 0, failingSince: null, lastError: null },
  createdAt: 0,
  ...over,
});

signedInEachTest();
afterEach(async () => {
  await changeLanguage('en');
});

describe('the IoT connector list', () => {
  it(
    'adds a connector with its token, and shows the list with its delivery state',
    async () => {
      const sent: unknown[] = [];
      routeServer({
        ...shellAnswers(FUN_CODES),
        '/link/iotConnector/list': { data: { list: [connector()] } },
        '/link/iotConnector/add': (body) => {
          sent.push(body);
          return { data: connector({ connectorId: 8, name: 'Plant B', routerCount: 0 }) };
        },
      });
      renderConsole('/appcenter/iotcenntor');
      const table = await screen.findByTestId('connectors-table', {}, { timeout: 30_000 });
      await within(table).findByText('Plant A', {}, { timeout: 30_000 });
      expect(within(table).getByText('Up to date')).toBeTruthy();
      await userEvent.click(screen.getByTestId('connector-create'));
      fireEvent.change(await screen.findByTestId('connector-name'), { target: { value: 'Plant B' } });
      fireEvent.change(screen.getByTestId('connector-url'), {
        target: { value: 'https://b.example.com/in' },
      });
      fireEvent.change(screen.getByTestId('connector-token'), { target: { value: 'tok_secret_value_1' } });
      await userEvent.click(screen.getByTestId('connector-save'));
      await screen.findByText('The connector was saved.', {}, { timeout: 30_000 });
      expect(sent).toEqual([
        {
          name: 'Plant B',
          kind: 'https',
          applicationUrl: 'https://b.example.com/in',
          idScope: null,
          template: null,
          interfaceId: null,
          tokenName: 'Authorization',
          token: 'tok_secret_value_1',
        },
      ]);
    },
    SLOW,
  );

  it(
    'says in Chinese why the server refused a URL',
    async () => {
      await changeLanguage('cn');
      routeServer({
        ...shellAnswers(FUN_CODES),
        '/link/iotConnector/list': { data: { list: [] } },
        '/link/iotConnector/add': refused(600006, null, '应用URL无效'),
      });
      renderConsole('/appcenter/iotcenntor');
      // With no connector yet, the empty list offers the button too.
      await userEvent.click((await screen.findAllByTestId('connector-create', {}, { timeout: 30_000 }))[0]!);
      expect(await screen.findByText('添加物联网连接器')).toBeTruthy();
      fireEvent.change(await screen.findByTestId('connector-name'), { target: { value: '工厂' } });
      fireEvent.change(screen.getByTestId('connector-url'), { target: { value: 'http://x.example.com' } });
      fireEvent.change(screen.getByTestId('connector-token'), { target: { value: 'tok' } });
      await userEvent.click(screen.getByTestId('connector-save'));
      await screen.findByText(/应用URL无效/, {}, { timeout: 30_000 });
    },
    SLOW,
  );
});

describe('a connector’s details', () => {
  it(
    'shows the masked token, the delivery state and the routers, and binds more',
    async () => {
      const bound: unknown[] = [];
      routeServer({
        ...shellAnswers(FUN_CODES),
        '/link/iotConnector/get': {
          data: {
            connector: connector({
              delivery: {
                state: 'failing',
                delivered: 42,
                lastDeliveredAt: 0,
                failingSince: 0,
                lastError: 'HTTP 503',
              },
            }),
            routers: [{ sn: 'RT0000001', name: 'Gate router', model: 'R3000-Q', online: true }],
          },
        },
        '/link/iotConnector/bindRouters': (body) => {
          bound.push(body);
          return { data: { routerCount: 2 } };
        },
      });
      renderConsole('/appcenter/iotConnector/7');
      expect((await screen.findByTestId('connector-token-mask', {}, { timeout: 30_000 })).textContent).toBe(
        '••••••cdef',
      );
      expect(screen.getByTestId('connector-state').textContent).toBe('Failing');
      expect(screen.getByText('HTTP 503')).toBeTruthy();
      expect(screen.getByTestId('connector-delivered').textContent).toBe('42');
      expect(within(screen.getByTestId('connector-routers')).getByText('RT0000001')).toBeTruthy();
      expect(screen.getByText('Routers (1 of 30)')).toBeTruthy();
      await userEvent.click(screen.getByTestId('connector-bind'));
      const input = within(await screen.findByTestId('connector-bind-sns')).getByRole('combobox');
      await userEvent.type(input, 'RT0000002,');
      await userEvent.click(screen.getByTestId('connector-bind-ok'));
      await waitFor(() => expect(bound).toEqual([{ connectorId: 7, sns: ['RT0000002'] }]));
    },
    SLOW,
  );

  it(
    'speaks Chinese, and says 600009 when the connector is full',
    async () => {
      await changeLanguage('cn');
      routeServer({
        ...shellAnswers(FUN_CODES),
        '/link/iotConnector/get': { data: { connector: connector(), routers: [] } },
        '/link/iotConnector/bindRouters': refused(600009, { num: 30 }, '每个IoT连接器最多30台设备'),
      });
      renderConsole('/appcenter/iotConnector/7');
      await screen.findByText('已同步', {}, { timeout: 30_000 });
      expect(screen.getByText('尚未绑定路由器。')).toBeTruthy();
      await userEvent.click(screen.getByTestId('connector-bind'));
      const input = within(await screen.findByTestId('connector-bind-sns')).getByRole('combobox');
      await userEvent.type(input, 'RT0000003,');
      await userEvent.click(screen.getByTestId('connector-bind-ok'));
      await screen.findByText(/每个IoT连接器最多30台设备/, {}, { timeout: 30_000 });
    },
    SLOW,
  );
});
