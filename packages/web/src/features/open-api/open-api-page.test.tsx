import { ErrorCode, type OpenApiClient } from '@fleetport/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { refused, renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
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
    'asks the two-factor code when the server wants it, for a new client and a new secret, in Chinese too',
    async () => {
      const created: Record<string, unknown>[] = [];
      const rotated: Record<string, unknown>[] = [];
      const withSecret = {
        client: { ...CLIENT, id: 5, name: 'Fleet board' },
        clientSecret: 'S3cr3t-after-code',
      };
      routeServer({
        ...shellAnswers(ALL),
        '/pl/openApi/client/list': { data: [CLIENT] },
        '/pl/openApi/client/create': (body) => {
          created.push(body as Record<string, unknown>);
          return (body as { twoFactorCode?: string }).twoFactorCode
            ? { data: withSecret }
            : refused(ErrorCode.TWO_FACTOR_CODE_NEEDED);
        },
        '/pl/openApi/client/rotateSecret': (body) => {
          rotated.push(body as Record<string, unknown>);
          return (body as { twoFactorCode?: string }).twoFactorCode
            ? { data: { ...withSecret, client: CLIENT, clientSecret: 'N3w-s3cr3t' } }
            : refused(ErrorCode.TWO_FACTOR_CODE_NEEDED);
        },
        '/pl/openApi/usage/trend': { data: [] },
        '/pl/openApi/usage/ranking': { data: [] },
        '/pl/openApi/usage/log': { data: { list: [], total: 0 } },
      });
      renderConsole('/operation/openApi');
      const table = await screen.findByTestId('open-api-clients', {}, { timeout: 30_000 });
      await within(table).findByText('Billing sync', {}, { timeout: 30_000 });

      await userEvent.click(screen.getByRole('button', { name: 'New client' }));
      const form = await screen.findByTestId('client-form');
      await userEvent.type(within(form).getByLabelText('Client name'), 'Fleet board');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      const code = await within(form).findByLabelText(
        'Code from your authenticator app',
        {},
        { timeout: 30_000 },
      );
      expect(created).toHaveLength(1);
      expect(created[0]).not.toHaveProperty('twoFactorCode');
      await userEvent.type(code, '123456');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByTestId('client-secret', {}, { timeout: 30_000 })).toHaveProperty(
        'textContent',
        'S3cr3t-after-code',
      );
      expect(created[1]).toMatchObject({ name: 'Fleet board', twoFactorCode: '123456' });
      await userEvent.click(screen.getByRole('button', { name: 'I have copied it' }));

      await changeLanguage('cn');
      await userEvent.click(await within(table).findByRole('button', { name: '更换密钥' }));
      await userEvent.click(await screen.findByRole('button', { name: /OK|确\s*定/ }));
      const codeForm = await screen.findByTestId('rotate-code-form', {}, { timeout: 30_000 });
      expect(screen.getByText('用两步验证确认')).toBeTruthy();
      await userEvent.type(within(codeForm).getByLabelText('身份验证器应用中的验证码'), '654321');
      const dialog = codeForm.closest('.ant-modal') as HTMLElement;
      await userEvent.click(within(dialog).getByRole('button', { name: /更换密钥/ }));
      expect(await screen.findByTestId('client-secret', {}, { timeout: 30_000 })).toHaveProperty(
        'textContent',
        'N3w-s3cr3t',
      );
      expect(rotated).toEqual([{ id: CLIENT.id }, { id: CLIENT.id, twoFactorCode: '654321' }]);
      await changeLanguage('en');
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
