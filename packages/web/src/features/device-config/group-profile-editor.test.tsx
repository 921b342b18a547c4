import {
  applyGroupProfileCall,
  type GroupProfile,
  getGroupProfileCall,
  saveGroupProfileCall,
} from '@fleetport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveTicket } from '../../api/ticket-store.ts';
import { renderConsole, routeServer } from '../../app/console-test-kit.tsx';
import { menusHolding } from '../../app/test-menus.ts';
import { changeLanguage } from '../../i18n/index.ts';
import { stubLiveSocket } from '../devices/device-test-fixtures.ts';
import { GroupProfileEditor } from './group-profile-editor.tsx';

const SLOW = 30_000;
const GROUP = 7;

function serve(funCodes: string[]) {
  const state: { profile: GroupProfile } = {
    profile: { groupId: GROUP, series: 'r3000', sections: {}, updatedBy: null, updatedAt: null },
  };
  const fetchMock = routeServer({
    '/pl/user/getVisitMenus': { data: menusHolding(funCodes) },
    [getGroupProfileCall.path]: () => ({ data: state.profile }),
    [saveGroupProfileCall.path]: (body) => {
      const input = body as { sections: Record<string, unknown> };
      state.profile = { ...state.profile, sections: input.sections, updatedBy: 'Ada', updatedAt: 1 };
      return { data: state.profile };
    },
    [applyGroupProfileCall.path]: () => ({ data: { id: 42 } as never }),
  });
  return fetchMock;
}

const callBody = (fetchMock: ReturnType<typeof vi.fn>, path: string) => {
  const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith(path));
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

beforeEach(() => {
  saveTicket({ ticket: 't1', key: 'k1' });
  stubLiveSocket();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const render = () => renderConsole('/g', [{ path: '/g', element: <GroupProfileEditor groupId={GROUP} /> }]);

describe('group profile editor', () => {
  it(
    'adds a section, saves the profile, and applies it as a rollout with its batch size and threshold, linking its page',
    async () => {
      const fetchMock = serve(['devices.view', 'devices.apply']);
      render();
      expect(await screen.findByText(/no profile for this series yet/)).toBeTruthy();
      // Apply needs a saved profile.
      expect((screen.getByTestId('group-profile-apply') as HTMLButtonElement).disabled).toBe(true);

      await userEvent.click(within(screen.getByTestId('group-profile-add-section')).getByRole('combobox'));
      await userEvent.click(await screen.findByTitle('SSH'));
      await userEvent.click(screen.getByTestId('group-profile-add'));
      const card = await screen.findByTestId('group-profile-section-services/ssh');
      fireEvent.change(within(within(card).getByTestId('config-field-port')).getByRole('spinbutton'), {
        target: { value: '2222' },
      });
      expect(screen.getByText(/Unsaved changes/)).toBeTruthy();
      await userEvent.click(screen.getByTestId('group-profile-save'));
      await waitFor(() =>
        expect(callBody(fetchMock, saveGroupProfileCall.path)).toEqual({
          groupId: GROUP,
          series: 'r3000',
          sections: { 'services/ssh': { enabled: false, port: 2222 } },
        }),
      );
      await waitFor(() =>
        expect((screen.getByTestId('group-profile-apply') as HTMLButtonElement).disabled).toBe(false),
      );

      await userEvent.click(screen.getByTestId('group-profile-apply'));
      const dialog = await screen.findByRole('dialog');
      await userEvent.type(within(dialog).getByTestId('group-profile-rollout-name'), 'SSH on 2222');
      fireEvent.change(within(dialog).getByTestId('group-profile-first-size'), { target: { value: '5' } });
      fireEvent.change(within(dialog).getByTestId('group-profile-later-size'), { target: { value: '20' } });
      await userEvent.click(within(dialog).getByLabelText('Percent of the batch'));
      fireEvent.change(within(dialog).getByTestId('group-profile-failure-value'), {
        target: { value: '10' },
      });
      await userEvent.click(within(dialog).getByTestId('group-profile-start'));
      await waitFor(() =>
        expect(callBody(fetchMock, applyGroupProfileCall.path)).toMatchObject({
          groupId: GROUP,
          series: 'r3000',
          name: 'SSH on 2222',
          plan: { mode: 'size', firstSize: 5, laterSize: 20 },
          failureLimit: { kind: 'percent', value: 10 },
          onFailure: 'halt',
          confirmSeconds: 120,
        }),
      );
      const started = await screen.findByTestId('group-profile-started');
      expect(within(started).getByRole('link', { name: 'Open its page' }).getAttribute('href')).toBe(
        '/robustlink/devices/appCentre/rollouts/42',
      );
      await changeLanguage('cn');
      expect(await within(started).findByRole('link', { name: '打开任务页面' })).toBeTruthy();
      expect(screen.getByText('保存模板')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'is read-only without the apply permission',
    async () => {
      serve(['devices.view']);
      render();
      expect(await screen.findByText(/no profile for this series yet/)).toBeTruthy();
      expect(screen.queryByTestId('group-profile-save')).toBeNull();
    },
    SLOW,
  );
});
