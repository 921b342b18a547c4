import { getTimersCall, nextTimerRun, TIMER_LEAD_MS, timersCall } from '@fleetport/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeServer } from '../../app/console-test-kit.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { changeLanguage } from '../../i18n/index.ts';
import { remoteAction } from '../devices/device-test-fixtures.ts';
import { TimersCard } from './timers-card.tsx';

const SN = 'FP0000000000008';
const MINUTE = 60_000;
const action = (method: string, result: unknown) => remoteAction(SN, method, { result });

/** The device holds `held`; saved lists are kept in `saved`. */
function serve(held: { id: string; action: string; at: number; repeat: string }[]) {
  const saved: unknown[] = [];
  routeServer({
    [getTimersCall.path]: { data: action('timers', { timers: held }) },
    [timersCall.path]: (body) => {
      saved.push(body);
      return { data: { ...action('timers', null), state: 'inExecution' } };
    },
  });
  return saved;
}

function mount() {
  render(
    <AppProviders>
      <TimersCard sn={SN} liveOpen={false} />
    </AppProviders>,
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('timers table', () => {
  it('lists the device timers and marks two runs less than 15 minutes apart (120072); nothing is saved', async () => {
    const now = Date.now();
    const saved = serve([
      { id: 't1', action: 'reboot', at: now + 60 * MINUTE, repeat: 'none' },
      { id: 't2', action: 'ledTest', at: now + 70 * MINUTE, repeat: 'none' },
      { id: 't3', action: 'switchSim', at: now - 2 * 60 * MINUTE, repeat: 'daily' },
    ]);
    mount();
    expect((await screen.findByTestId('timer-problem-0')).textContent).toBe(
      'Updates must be at least 15 minutes apart',
    );
    expect(screen.getByTestId('timer-problem-1').textContent).toBe(
      'Updates must be at least 15 minutes apart',
    );
    // The daily timer is shown at its next run, which the rules allow.
    expect(screen.queryByTestId('timer-problem-2')).toBeNull();
    await userEvent.click(screen.getByTestId('timers-save'));
    expect(document.querySelector('[data-testid="confirm-timers"]')).toBeNull();
    expect(saved).toEqual([]);

    await changeLanguage('cn');
    await waitFor(() =>
      expect(screen.getByTestId('timer-problem-0').textContent).toBe('更新间隔必须至少为15分钟'),
    );

    await userEvent.click(screen.getByTestId('timer-remove-1'));
    await waitFor(() => expect(screen.queryByTestId('timer-problem-0')).toBeNull());
    await userEvent.click(screen.getByTestId('timers-save'));
    await userEvent.click(await screen.findByTestId('confirm-timers'));
    await waitFor(() => expect(saved).toHaveLength(1));
    const daily = nextTimerRun({ at: now - 2 * 60 * MINUTE, repeat: 'daily' }, now + TIMER_LEAD_MS);
    expect(saved[0]).toEqual({
      sn: SN,
      timers: [
        { action: 'reboot', at: now + 60 * MINUTE, repeat: 'none' },
        { action: 'switchSim', at: daily, repeat: 'daily' },
      ],
    });
  });

  it('marks a timer less than 15 minutes ahead (120074) in both languages, and a timer without a time', async () => {
    const saved = serve([{ id: 't1', action: 'reboot', at: Date.now() + 5 * MINUTE, repeat: 'none' }]);
    mount();
    expect((await screen.findByTestId('timer-problem-0')).textContent).toBe(
      'The timer must be at least 15 minutes after now',
    );
    await changeLanguage('cn');
    await waitFor(() =>
      expect(screen.getByTestId('timer-problem-0').textContent).toBe('定时时间必须至少在当前时间15分钟之后'),
    );
    await changeLanguage('en');
    await userEvent.click(screen.getByTestId('timer-remove-0'));
    await userEvent.click(screen.getByTestId('timers-add'));
    expect(screen.queryByTestId('timer-problem-0')).toBeNull();
    await userEvent.click(screen.getByTestId('timers-save'));
    expect((await screen.findByTestId('timer-problem-0')).textContent).toBe('Required');
    expect(saved).toEqual([]);
  });

  it('says so when the device holds no timers, and saves an empty list after the confirmation', async () => {
    const saved = serve([]);
    mount();
    expect(await screen.findByText('The device holds no timers.')).toBeTruthy();
    await userEvent.click(screen.getByTestId('timers-save'));
    expect(await screen.findAllByText(`Replace the timers of ${SN} with these 0?`)).not.toHaveLength(0);
    await userEvent.click(screen.getByTestId('confirm-timers'));
    await waitFor(() => expect(saved).toEqual([{ sn: SN, timers: [] }]));
    expect(await screen.findByTestId('result-timers')).toBeTruthy();
  });
});
