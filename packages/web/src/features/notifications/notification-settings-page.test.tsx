import type { Webhook, WebhookDelivery } from '@fleetport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;
const ALL = ['notificationSettings.view', 'notificationSettings.edit'];

const hook = (id: number, patch: Partial<Webhook> = {}): Webhook => ({
  webhookId: id,
  url: `https://hooks.example.com/${id}`,
  eventTypes: ['alert.firing', 'alert.resolved'],
  enabled: true,
  cursor: 12,
  failingSince: null,
  flagged: false,
  lastError: null,
  createdAt: Date.UTC(2026, 10, 20),
  ...patch,
});
const delivery: WebhookDelivery = {
  deliveryId: 1,
  cursor: 12,
  eventId: '7-12',
  eventType: 'alert.firing',
  attempt: 3,
  ok: false,
  status: 503,
  error: 'HTTP 503',
  durationMs: 41,
  at: Date.UTC(2026, 10, 20, 8, 0),
};

signedInEachTest();

describe('notification settings: webhooks', () => {
  it(
    'lists webhooks with their state, adds one and shows its secret once, tests one and reads its log',
    async () => {
      const added: unknown[] = [];
      const tested: unknown[] = [];
      routeServer({
        ...shellAnswers(ALL),
        '/pl/webhook/list': {
          data: {
            list: [
              hook(1),
              hook(2, {
                failingSince: Date.UTC(2026, 10, 20, 6, 0),
                flagged: true,
                lastError: 'HTTP 503',
              }),
            ],
          },
        },
        '/pl/webhook/add': (body) => {
          added.push(body);
          return { data: { webhook: hook(3), secret: 'whsec_shown_once' } };
        },
        '/pl/webhook/test': (body) => {
          tested.push(body);
          return { data: { ...delivery, deliveryId: 2, ok: true, status: 204, error: null } };
        },
        '/pl/webhook/deliveries': { data: { list: [delivery], total: 1 } },
        '/pl/notification/getMailServer': { data: null },
      });
      renderConsole('/operation/notification');
      const row = await screen.findByTestId('webhook-row-1', {}, { timeout: 30_000 });
      expect(within(row).getByText('Delivering')).toBeTruthy();
      expect(within(row).getByText('Alerts firing, Alerts resolved')).toBeTruthy();
      expect(
        within(screen.getByTestId('webhook-row-2')).getByText('Failing for over an hour: HTTP 503'),
      ).toBeTruthy();

      await userEvent.click(screen.getByTestId('webhook-add'));
      await userEvent.type(
        await screen.findByTestId('webhook-url', {}, { timeout: 30_000 }),
        'https://hooks.example.com/new',
      );
      await userEvent.click(screen.getByTestId('webhook-save'));
      await waitFor(() => expect(added).toHaveLength(1), { timeout: 30_000 });
      expect(added[0]).toEqual({
        url: 'https://hooks.example.com/new',
        eventTypes: ['alert.firing', 'alert.resolved'],
        enabled: true,
      });
      expect((await screen.findByTestId('webhook-secret', {}, { timeout: 30_000 })).textContent).toContain(
        'whsec_shown_once',
      );

      await userEvent.click(screen.getByTestId('webhook-test-1'));
      await waitFor(() => expect(tested).toEqual([{ webhookId: 1 }]), { timeout: 30_000 });
      expect(await screen.findByText('The receiver answered 204.', {}, { timeout: 30_000 })).toBeTruthy();

      await userEvent.click(screen.getByTestId('webhook-log-2'));
      const log = await screen.findByTestId('webhook-deliveries', {}, { timeout: 30_000 });
      expect(await within(log).findByText('Failed: HTTP 503', {}, { timeout: 30_000 })).toBeTruthy();
      expect(within(log).getByText('Alerts firing · 7-12')).toBeTruthy();
    },
    SLOW,
  );

  it(
    "saves the company's own mail server; its password is never shown",
    async () => {
      const saved: unknown[] = [];
      routeServer({
        ...shellAnswers(ALL),
        '/pl/webhook/list': { data: { list: [] } },
        '/pl/notification/getMailServer': {
          data: {
            senderEmail: 'alerts@acme.example',
            host: 'smtp.acme.example',
            port: 587,
            security: 'starttls',
            username: 'acme',
            passwordSet: true,
          },
        },
        '/pl/notification/saveMailServer': (body) => {
          saved.push(body);
          return {
            data: {
              senderEmail: 'alerts@acme.example',
              host: 'mail.acme.example',
              port: 587,
              security: 'starttls',
              username: 'acme',
              passwordSet: true,
            },
          };
        },
      });
      renderConsole('/operation/notification');
      const card = await screen.findByTestId('smtp-card', {}, { timeout: 30_000 });
      expect(within(card).getByText('Stored. Leave empty to keep it.')).toBeTruthy();
      const host = within(card).getByTestId('smtp-host') as HTMLInputElement;
      await waitFor(() => expect(host.value).toBe('smtp.acme.example'), { timeout: 30_000 });
      await userEvent.clear(host);
      await userEvent.type(host, 'mail.acme.example');
      await userEvent.click(within(card).getByTestId('smtp-save'));
      await waitFor(() => expect(saved).toHaveLength(1), { timeout: 30_000 });
      expect(saved[0]).toEqual({
        senderEmail: 'alerts@acme.example',
        host: 'mail.acme.example',
        port: 587,
        security: 'starttls',
        username: 'acme',
      });
    },
    SLOW,
  );

  it(
    'speaks Chinese',
    async () => {
      await changeLanguage('cn');
      routeServer({
        ...shellAnswers(ALL),
        '/pl/webhook/list': { data: { list: [hook(1)] } },
        '/pl/notification/getMailServer': { data: null },
      });
      renderConsole('/operation/notification');
      const row = await screen.findByTestId('webhook-row-1', {}, { timeout: 30_000 });
      expect(within(row).getByText('投递正常')).toBeTruthy();
      expect(within(row).getByText('告警触发, 告警恢复')).toBeTruthy();
    },
    SLOW,
  );
});
