import { type NotificationChoice, notificationCells } from '@fleetport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { refused, renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { signedInUser } from '../../app/test-menus.ts';
import { changeLanguage } from '../../i18n/index.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;
const ALL = ['notificationSettings.view', 'notificationSettings.edit'];
/** Not an administrator (a limited user, here holding the page's keys): the page holds their own choices only. */
const NOT_ADMIN = signedInUser(0.5);

const allOn = (): NotificationChoice[] => notificationCells().map((c) => ({ ...c, enabled: true }));

signedInEachTest();

describe('notification settings: my choices', () => {
  it(
    'shows every switch on for a person who never chose, and saves the ones switched off',
    async () => {
      const saved: unknown[] = [];
      let stored = allOn();
      routeServer({
        ...shellAnswers(ALL, NOT_ADMIN),
        '/pl/notification/getMyChoices': () => ({ data: { choices: stored } }),
        '/pl/notification/saveMyChoices': (body) => {
          saved.push(body);
          const set = (body as { choices: NotificationChoice[] }).choices;
          stored = stored.map(
            (c) =>
              set.find((s) => s.category === c.category && s.level === c.level && s.channel === c.channel) ??
              c,
          );
          return { data: { choices: stored } };
        },
      });
      renderConsole('/operation/notification');
      const table = await screen.findByTestId('my-choices-table', {}, { timeout: 30_000 });
      const majorMail = await within(table).findByTestId(
        'choice-alerts-major-email',
        {},
        { timeout: 30_000 },
      );
      expect(majorMail.getAttribute('aria-checked')).toBe('true');
      // A category without a console message says so instead of a switch.
      const reports = within(table).getByText('Reports').closest('tr') as HTMLElement;
      expect(within(reports).getByText('Not sent this way')).toBeTruthy();
      expect(within(reports).getByText('All')).toBeTruthy();
      const critical = within(table).getAllByText('Critical')[0]!.closest('tr') as HTMLElement;
      expect(within(critical).getByText('Router alerts')).toBeTruthy();
      // Not an administrator: no webhooks or mail server on the page.
      expect(screen.queryByTestId('webhooks-section')).toBeNull();

      const save = screen.getByTestId('my-choices-save');
      expect(save.hasAttribute('disabled')).toBe(true);
      await userEvent.click(majorMail);
      await userEvent.click(within(table).getByTestId('choice-vpnData-all-email'));
      await userEvent.click(save);
      await waitFor(() => expect(saved).toHaveLength(1), { timeout: 30_000 });
      expect(saved[0]).toEqual({
        choices: [
          { category: 'alerts', level: 'major', channel: 'email', enabled: false },
          { category: 'vpnData', level: null, channel: 'email', enabled: false },
        ],
      });
      expect(
        await screen.findByText('Your notification choices are saved.', {}, { timeout: 30_000 }),
      ).toBeTruthy();
      await waitFor(
        () =>
          expect(screen.getByTestId('choice-alerts-major-email').getAttribute('aria-checked')).toBe('false'),
        { timeout: 30_000 },
      );
      expect(screen.getByTestId('choice-alerts-major-console').getAttribute('aria-checked')).toBe('true');
    },
    SLOW,
  );

  it(
    'says when the choices could not be loaded, and loads them on "Try again"',
    async () => {
      let fail = true;
      routeServer({
        ...shellAnswers(ALL, NOT_ADMIN),
        '/pl/notification/getMyChoices': () => (fail ? refused(5) : { data: { choices: allOn() } }),
      });
      renderConsole('/operation/notification');
      const error = await screen.findByTestId('my-choices-error', {}, { timeout: 30_000 });
      expect(within(error).getByText('Your notification choices could not be loaded.')).toBeTruthy();
      fail = false;
      await userEvent.click(screen.getByTestId('my-choices-retry'));
      expect(
        await screen.findByTestId('choice-alerts-critical-console', {}, { timeout: 30_000 }),
      ).toBeTruthy();
    },
    SLOW,
  );

  it(
    'speaks Chinese',
    async () => {
      await changeLanguage('cn');
      routeServer({
        ...shellAnswers(ALL, NOT_ADMIN),
        '/pl/notification/getMyChoices': { data: { choices: allOn() } },
      });
      renderConsole('/operation/notification');
      const section = await screen.findByTestId('my-choices', {}, { timeout: 30_000 });
      expect(within(section).getByText('我的通知')).toBeTruthy();
      const table = await within(section).findByTestId('my-choices-table', {}, { timeout: 30_000 });
      expect((await within(table).findAllByText('路由器告警', {}, { timeout: 30_000 })).length).toBe(4);
      expect(within(table).getByText('许可证不足')).toBeTruthy();
      expect(within(table).getAllByText('控制台').length).toBeGreaterThan(0);
    },
    SLOW,
  );
});
