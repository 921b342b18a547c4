import type { AlertRule, AlertSilence } from '@fleetport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;
const ALL = ['alerts.view', 'alerts.create', 'alerts.edit', 'alerts.remove', 'groups.view', 'tags.view'];

const rule = { ruleId: 4, name: 'Offline > 2 min' } as AlertRule;
const silence = (id: number, patch: Partial<AlertSilence> = {}): AlertSilence => ({
  silenceId: id,
  target: { kind: 'device', sn: 'SN0001' },
  targetName: 'Depot',
  repeat: 'once',
  startsAt: Date.UTC(2026, 10, 20, 8, 0),
  endsAt: Date.UTC(2026, 10, 20, 10, 0),
  weekdays: [],
  startMinute: null,
  endMinute: null,
  note: 'Maintenance',
  active: true,
  ...patch,
});

signedInEachTest();

describe('alert silences', () => {
  it(
    'lists silences with their window, adds a weekly silence of a rule and removes one',
    async () => {
      const added: unknown[] = [];
      const removed: unknown[] = [];
      routeServer({
        ...shellAnswers(ALL),
        '/link/alert/unreadCount': { data: { total: 0 } },
        '/link/alertRule/list': { data: { list: [rule], total: 1 } },
        '/link/alertSilence/list': {
          data: {
            list: [
              silence(1),
              silence(2, {
                target: { kind: 'rule', ruleId: 4 },
                targetName: 'Offline > 2 min',
                repeat: 'weekly',
                startsAt: null,
                endsAt: null,
                weekdays: [1, 3],
                startMinute: 60,
                endMinute: 180,
                note: '',
                active: false,
              }),
            ],
          },
        },
        '/link/alertSilence/add': (body) => {
          added.push(body);
          return { data: silence(3) };
        },
        '/link/alertSilence/delete': (body) => {
          removed.push(body);
          return { data: null };
        },
      });
      renderConsole('/robustlink/alertCenter?tab=silences');
      const row = await screen.findByTestId('silence-row-1', {}, { timeout: 30_000 });
      expect(within(row).getByText('Device: Depot')).toBeTruthy();
      expect(within(row).getByText('2026-11-20 08:00 UTC – 2026-11-20 10:00 UTC')).toBeTruthy();
      expect(within(row).getByText('Active now')).toBeTruthy();
      const weekly = screen.getByTestId('silence-row-2');
      expect(within(weekly).getByText('Mon, Wed 01:00–03:00 UTC')).toBeTruthy();
      expect(within(weekly).getByText('Not now')).toBeTruthy();

      await userEvent.click(screen.getByTestId('silence-create'));
      const form = await screen.findByTestId('silence-form');
      fireEvent.mouseDown(within(form).getByTestId('silence-rule').querySelector('input') ?? form);
      await userEvent.click(await screen.findByTitle('Offline > 2 min'));
      fireEvent.mouseDown(within(form).getByTestId('silence-repeat').querySelector('input') ?? form);
      await userEvent.click(await screen.findByTitle('Every week'));
      const days = await within(form).findByTestId('silence-weekdays');
      fireEvent.mouseDown(days.querySelector('input') ?? days);
      await userEvent.click(await screen.findByTitle('Sat'));
      fireEvent.change(within(form).getByTestId('silence-note'), { target: { value: 'Weekend works' } });
      await userEvent.click(screen.getByTestId('silence-save'));
      await waitFor(() => expect(added).toHaveLength(1));
      expect(added[0]).toEqual({
        target: { kind: 'rule', ruleId: 4 },
        repeat: 'weekly',
        weekdays: [6],
        startMinute: 0,
        endMinute: 1440,
        note: 'Weekend works',
      });
      expect(await screen.findByText('Silence saved.')).toBeTruthy();

      await userEvent.click(screen.getByTestId('silence-remove-1'));
      await userEvent.click(await screen.findByRole('button', { name: /OK|Yes/ }));
      await waitFor(() => expect(removed).toEqual([{ silenceId: 1 }]));
    },
    SLOW,
  );

  it(
    'speaks Chinese',
    async () => {
      await changeLanguage('cn');
      routeServer({
        ...shellAnswers(ALL),
        '/link/alert/unreadCount': { data: { total: 0 } },
        '/link/alertRule/list': { data: { list: [], total: 0 } },
        '/link/alertSilence/list': { data: { list: [silence(1)] } },
      });
      renderConsole('/robustlink/alertCenter?tab=silences');
      const row = await screen.findByTestId('silence-row-1', {}, { timeout: 30_000 });
      expect(within(row).getByText('设备: Depot')).toBeTruthy();
      expect(within(row).getByText('生效中')).toBeTruthy();
      expect(screen.getByTestId('silence-create').textContent).toContain('添加静默');
    },
    SLOW,
  );
});
