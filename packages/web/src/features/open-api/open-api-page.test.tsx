import type { OpenApiClient } from '@fleetport/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;

const CLIENT: OpenApiClient = {
  id: 4,
  name: 'Billing sync',
  clientId: 'fp_0123456789abcdef01234567',
  isAdmin: false,
  allInterfaces: true,
  interfaces: [],
  scopes: ['devices:read'],
  enabled: true,
  previousSecretUntil: null,
  createdAt: 0,
};

const ALL = ['openApi.view', 'openApi.create', 'openApi.edit', 'openApi.remove'];

signedInEachTest();

describe('the open API page', () => {
  it(
    'lists the clients and shows a new client’s secret once',
    async () => {
      const created: unknown[] = [];
      routeServer({
        ...shellAnswers(ALL),
        '/pl/openApi/client/list': { data: [CLIENT] },
        '/pl/openApi/client/create': (body) => {
          created.push(body);
          return {
            data: {
              client: { ...CLIENT, id: 5, name: 'Fleet board', clientId: 'fp_new' },
              clientSecret: 'S3cr3t-shown-once',
            },
          };
        },
        '/pl/openApi/usage/trend': { data: [] },
        '/pl/openApi/usage/ranking': { data: [] },
        '/pl/openApi/usage/log': { data: { list: [], total: 0 } },
      });
      renderConsole('/operation/openApi');
      const table = await screen.findByTestId('open-api-clients', {}, { timeout: 30_000 });
      await within(table).findByText('Billing sync');
      expect(within(table).getByText('fp_0123456789abcdef01234567')).toBeTruthy();
      expect(within(table).getByText('devices:read')).toBeTruthy();

      await userEvent.click(screen.getByRole('button', { name: 'New client' }));
      const form = await screen.findByTestId('client-form');
      await userEvent.type(within(form).getByLabelText('Client name'), 'Fleet board');
      await userEvent.click(within(form).getByText('Devices only'));
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByTestId('client-secret')).toHaveProperty('textContent', 'S3cr3t-shown-once');
      expect(created).toEqual([
        {
          name: 'Fleet board',
          isAdmin: false,
          scopes: ['devices:read'],
          allInterfaces: true,
          interfaces: [],
          enabled: true,
        },
      ]);
    },
    SLOW,
  );

  it(
    'shows the usage ranking and calling log in Chinese',
    async () => {
      await changeLanguage('cn');
      routeServer({
        ...shellAnswers(ALL),
        '/pl/openApi/client/list': { data: [CLIENT] },
        '/pl/openApi/usage/trend': { data: [{ day: Date.UTC(2026, 10, 27), calls: 13, failed: 1 }] },
        '/pl/openApi/usage/ranking': {
          data: [{ interfaceId: 'devices.list', calls: 12, failed: 1, averageMs: 4 }],
        },
        '/pl/openApi/usage/log': {
          data: {
            total: 1,
            list: [
              {
                id: 1,
                at: Date.UTC(2026, 10, 27, 8),
                clientName: 'Billing sync',
                clientId: CLIENT.clientId,
                interfaceId: 'devices.list',
                method: 'GET',
                path: '/openapi/v1/devices',
                status: 429,
                code: 610006,
                durationMs: 2,
              },
            ],
          },
        },
      });
      renderConsole('/operation/openApi');
      await userEvent.click(await screen.findByText('调用统计', {}, { timeout: 30_000 }));
      const ranking = await screen.findByTestId('open-api-ranking');
      await within(ranking).findByText('devices.list');
      expect(within(ranking).getByText('12')).toBeTruthy();
      const log = screen.getByTestId('open-api-log');
      await within(log).findByText('610006');
      expect(within(log).getByText('429')).toBeTruthy();
      expect(screen.getByText('API 排行')).toBeTruthy();
      await changeLanguage('en');
    },
    SLOW,
  );
});
