import type { ReleaseNote, StoredFile } from '@fleetport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { signedInUser } from '../../app/test-menus.ts';
import { changeLanguage } from '../../i18n/index.ts';
import { rememberUser } from '../auth/session-store.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;

const PDF: StoredFile = {
  fileId: 51,
  kind: 'releaseAttachment',
  name: 'notes-2.4.pdf',
  size: 2048,
  sha256: 'ab',
  contentType: 'application/pdf',
  createdAt: 0,
  download: { url: '/api/pl/file/download?fileId=51&sig=x', expiresAt: 0 },
};

const note = (extra: Partial<ReleaseNote> = {}): ReleaseNote => ({
  id: 7,
  version: '2.4.0',
  contentEn: 'Group profiles for remote configuration.',
  contentCn: '远程配置支持分组配置模板。',
  startTime: Date.UTC(2026, 10, 20, 8),
  endTime: Date.UTC(2026, 11, 20, 8),
  attachment: PDF,
  ...extra,
});

signedInEachTest();
afterEach(async () => {
  await changeLanguage('en');
});

describe('release notes', () => {
  it(
    'lists the notes under Support in the reader’s language, with the attachment, searched by version',
    async () => {
      await changeLanguage('cn');
      const asked: unknown[] = [];
      routeServer({
        ...shellAnswers(['releaseNotes.view']),
        '/pl/releaseNote/list': (body) => {
          asked.push(body);
          return {
            data: {
              list: [note(), note({ id: 6, version: '2.3', contentCn: '', attachment: null })],
              total: 2,
            },
          };
        },
      });
      renderConsole('/support/releaseNotes');
      const page = await screen.findByTestId('release-notes-page', {}, { timeout: 30_000 });
      await within(page).findByText('远程配置支持分组配置模板。', {}, { timeout: 30_000 });
      expect(within(page).getByText('版本 2.4.0')).toBeTruthy();
      // Written in English only: shown in English rather than empty.
      expect(within(page).getByText('Group profiles for remote configuration.')).toBeTruthy();
      expect(within(page).getByText('notes-2.4.pdf').getAttribute('href')).toBe(PDF.download.url);
      const search = within(page).getByPlaceholderText('按版本搜索');
      await userEvent.type(search, '2.4{Enter}');
      await waitFor(() => expect(asked.at(-1)).toEqual({ pageNum: 1, pageSize: 10, version: '2.4' }));
    },
    SLOW,
  );

  it(
    'shows a new note once after sign-in: "Got it" marks it seen',
    async () => {
      const seen: unknown[] = [];
      routeServer({
        ...shellAnswers(['devices.view']),
        '/pl/releaseNote/pending': { data: note() },
        '/pl/releaseNote/seen': (body) => {
          seen.push(body);
          return { data: null };
        },
      });
      renderConsole('/robustlink/dashboard');
      const popup = await screen.findByTestId('release-note-popup', {}, { timeout: 30_000 });
      expect(within(popup).getByText("What's new in 2.4.0")).toBeTruthy();
      expect(within(popup).getByText('Group profiles for remote configuration.')).toBeTruthy();
      await userEvent.click(within(popup).getByTestId('release-note-got-it'));
      await waitFor(() => expect(seen).toEqual([{ id: 7 }]));
      await waitFor(() => expect(screen.queryByTestId('release-note-popup')).toBeNull());
    },
    SLOW,
  );

  it(
    'lets the Super Admin write a note and remove one after a confirmation',
    async () => {
      const saved: unknown[] = [];
      const removed: unknown[] = [];
      routeServer({
        // The Super Admin's console opens only to the user of that name (navigation-guard.ts).
        ...shellAnswers([], { ...signedInUser(2), userName: 'Super Admin' }),
        '/pl/releaseNote/manage': { data: { list: [note()], total: 1 } },
        '/pl/releaseNote/save': (body) => {
          saved.push(body);
          return { data: note({ id: 8, version: '2.5' }) };
        },
        '/pl/releaseNote/remove': (body) => {
          removed.push(body);
          return { data: null };
        },
      });
      rememberUser({ userId: 1, userName: 'Super Admin' });
      renderConsole('/superAdmin/releaseNotes');
      const page = await screen.findByTestId('manage-release-notes', {}, { timeout: 30_000 });
      await within(page).findByText('2.4.0', {}, { timeout: 30_000 });
      await userEvent.click(within(page).getByTestId('release-note-add'));
      const version = await screen.findByTestId('release-note-version', {}, { timeout: 30_000 });
      // The version's rule shows under the field before anything is sent.
      fireEvent.change(version, { target: { value: 'v2.5' } });
      await userEvent.click(screen.getByTestId('release-note-save'));
      await screen.findByText(/digits separated by dots/, {}, { timeout: 30_000 });
      expect(saved).toEqual([]);
      fireEvent.change(version, { target: { value: '2.5' } });
      fireEvent.change(screen.getByTestId('release-note-content-en'), {
        target: { value: 'VPN data limits.' },
      });
      await userEvent.click(screen.getByTestId('release-note-save'));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]).toMatchObject({
        id: null,
        note: { version: '2.5', contentEn: 'VPN data limits.', contentCn: '', attachmentFileId: null },
      });
      const input = saved[0] as { note: { startTime: number; endTime: number } };
      expect(input.note.endTime - input.note.startTime).toBe(7 * 24 * 3_600_000);
      await screen.findByText('The release note was saved.', {}, { timeout: 30_000 });

      await userEvent.click(within(page).getByTestId('release-note-remove-7'));
      await userEvent.click(await screen.findByRole('button', { name: 'OK' }, { timeout: 30_000 }));
      await waitFor(() => expect(removed).toEqual([{ id: 7 }]));
    },
    SLOW,
  );
});
