import type { Certificate, Faq, Resource, StoredFile, SupportShareLink } from '@fleetport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { refused, renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { signedInUser } from '../../app/test-menus.ts';
import { changeLanguage } from '../../i18n/index.ts';
import { rememberUser } from '../auth/session-store.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;
const WAIT = { timeout: 30_000 };

const file = (extra: Partial<StoredFile> = {}): StoredFile => ({
  fileId: 61,
  kind: 'resource',
  name: 'r1520-guide.pdf',
  size: 2048,
  sha256: 'ab',
  contentType: 'application/pdf',
  createdAt: 0,
  download: { url: '/api/pl/file/download?fileId=61&sig=x', expiresAt: 0 },
  ...extra,
});

const resource = (extra: Partial<Resource> = {}): Resource => ({
  id: 4,
  name: 'R1520快速入门',
  description: '接线与首次登录。',
  language: 'cn',
  file: file(),
  updatedAt: Date.UTC(2026, 10, 20, 8),
  ...extra,
});

const faq = (extra: Partial<Faq> = {}): Faq => ({
  id: 9,
  question: 'Why is my router offline?',
  answer: 'Check its SIM card.',
  tag: 'devices',
  language: 'en',
  attachment: null,
  updatedAt: Date.UTC(2026, 10, 20, 8),
  ...extra,
});

const certificate: Certificate = {
  id: 3,
  name: 'support-ca.crt',
  subject: 'CN=Fleetport Support CA\nO=Fleetport',
  issuer: 'CN=Fleetport Support CA\nO=Fleetport',
  validFrom: Date.UTC(2026, 10, 29),
  validTo: Date.UTC(2036, 10, 26),
  fingerprint: 'AB:CD',
  serialNumber: '01',
  file: file({ fileId: 62, kind: 'certificate', name: 'support-ca.crt' }),
  createdAt: Date.UTC(2026, 10, 29),
};

const link = (shareId: string, state: SupportShareLink['state']): SupportShareLink => ({
  shareId,
  state,
  createdAt: Date.UTC(2026, 10, 27),
  expiresAt: Date.UTC(2026, 10, 29),
});

signedInEachTest();
afterEach(async () => {
  await changeLanguage('en');
});

describe('support content', () => {
  it(
    'lists resources in Chinese, searches them, and shares one: links show valid, removed and expired; a valid one is removed',
    async () => {
      await changeLanguage('cn');
      const asked: unknown[] = [];
      const shared: unknown[] = [];
      const removed: unknown[] = [];
      let links = [
        link('V'.repeat(32), 'valid'),
        link('R'.repeat(32), 'removed'),
        link('E'.repeat(32), 'expired'),
      ];
      routeServer({
        ...shellAnswers(['resources.view']),
        '/pl/support/resource/list': (body) => {
          asked.push(body);
          return { data: { list: [resource()], total: 1 } };
        },
        '/pl/support/share/list': () => ({ data: links }),
        '/pl/support/resource/share': (body) => {
          shared.push(body);
          return { data: { shareId: 'N'.repeat(32), expiresAt: Date.UTC(2026, 10, 30) } };
        },
        '/pl/support/share/remove': (body) => {
          removed.push(body);
          links = links.map((l) => (l.state === 'valid' ? { ...l, state: 'removed' } : l));
          return { data: null };
        },
      });
      renderConsole('/support/resource');
      const page = await screen.findByTestId('resources-page', {}, WAIT);
      await within(page).findByText('R1520快速入门', {}, WAIT);
      expect(within(page).getByText('接线与首次登录。')).toBeTruthy();
      expect(within(page).getByText('名称')).toBeTruthy();
      expect(within(page).getByTestId('resource-download-4').getAttribute('href')).toBe(file().download.url);
      await userEvent.type(within(page).getByPlaceholderText('搜索'), '接线{Enter}');
      await waitFor(() => expect(asked.at(-1)).toEqual({ pageNum: 1, pageSize: 10, search: '接线' }));

      await userEvent.click(within(page).getByTestId('resource-share-4'));
      const dialog = await screen.findByTestId('share-links', {}, WAIT);
      expect(await within(dialog).findByText('有效', {}, WAIT)).toBeTruthy();
      expect(within(dialog).getByText('已删除')).toBeTruthy();
      expect(within(dialog).getByText('已过期')).toBeTruthy();
      expect(within(dialog).getByText(/seeShareFile\/V{32}/)).toBeTruthy();
      await userEvent.click(screen.getByTestId('share-create'));
      await waitFor(() => expect(shared).toEqual([{ id: 4 }]));
      await screen.findByText(/链接已创建/, {}, WAIT);

      await userEvent.click(within(dialog).getByTestId(`share-remove-${'V'.repeat(32)}`));
      await userEvent.click(await screen.findByRole('button', { name: '确 定' }, WAIT));
      await waitFor(() => expect(removed).toEqual([{ shareId: 'V'.repeat(32) }]));
      await waitFor(() => expect(within(dialog).queryByText('有效')).toBeNull(), WAIT);
    },
    SLOW,
  );

  it(
    'shows the FAQ by tag with its answer, and the certificates read from each CRT with a download',
    async () => {
      const asked: unknown[] = [];
      routeServer({
        ...shellAnswers(['faq.view', 'certificates.view']),
        '/pl/support/faq/tags': { data: ['devices', 'vpn'] },
        '/pl/support/faq/list': (body) => {
          asked.push(body);
          return { data: { list: [faq()], total: 1 } };
        },
        '/pl/support/certificate/list': { data: { list: [certificate], total: 1 } },
      });
      renderConsole('/support/FAQ');
      const page = await screen.findByTestId('faq-page', {}, WAIT);
      await userEvent.click(await within(page).findByText('Why is my router offline?', {}, WAIT));
      expect(await within(page).findByText('Check its SIM card.', {}, WAIT)).toBeTruthy();
      await userEvent.type(within(page).getByPlaceholderText('Search'), 'SIM{Enter}');
      await waitFor(() => expect(asked.at(-1)).toEqual({ pageNum: 1, pageSize: 10, search: 'SIM' }));

      renderConsole('/support/certificate');
      const certificates = await screen.findByTestId('certificates-page', {}, WAIT);
      expect(await within(certificates).findAllByText(/CN=Fleetport Support CA/, {}, WAIT)).toHaveLength(2);
      expect(within(certificates).getByText('SHA-256 fingerprint')).toBeTruthy();
      expect(within(certificates).getByTestId('certificate-download-3').getAttribute('href')).toBe(
        certificate.file.download.url,
      );
    },
    SLOW,
  );

  it(
    'lets the Super Admin add a resource with its file, remove one after a confirmation, and shows why a CRT was refused',
    async () => {
      const saved: unknown[] = [];
      const removed: unknown[] = [];
      routeServer({
        ...shellAnswers([], { ...signedInUser(2), userName: 'Super Admin' }),
        '/pl/support/resource/list': { data: { list: [resource()], total: 1 } },
        '/pl/file/upload': { data: { files: [file({ fileId: 70, name: 'dm-guide.pdf' })] } },
        '/pl/support/resource/save': (body) => {
          saved.push(body);
          return { data: resource({ id: 5, name: 'Device manager guide', language: 'en' }) };
        },
        '/pl/support/resource/remove': (body) => {
          removed.push(body);
          return { data: null };
        },
        '/pl/support/certificate/list': { data: { list: [], total: 0 } },
        '/pl/support/certificate/add': refused(
          1,
          { fields: [{ field: 'fileId', message: 'The file is not an X.509 certificate (PEM or DER)' }] },
          'fileId: The file is not an X.509 certificate (PEM or DER)',
        ),
      });
      rememberUser({ userId: 1, userName: 'Super Admin' });
      renderConsole('/superAdmin/resources');
      const page = await screen.findByTestId('manage-resources', {}, WAIT);
      await within(page).findByText('R1520快速入门', {}, WAIT);
      expect(within(page).getByText('Chinese')).toBeTruthy();

      await userEvent.click(within(page).getByTestId('manage-resources-add'));
      fireEvent.change(await screen.findByTestId('resource-name', {}, WAIT), {
        target: { value: 'Device manager guide' },
      });
      // No file yet: nothing is sent.
      await userEvent.click(screen.getByTestId('resource-save'));
      await screen.findByText('Upload a file first', {}, WAIT);
      expect(saved).toEqual([]);
      const input = document.querySelector('.ant-modal input[type=file]') as HTMLInputElement;
      await userEvent.upload(input, new File(['%PDF'], 'dm-guide.pdf', { type: 'application/pdf' }));
      await screen.findByText('dm-guide.pdf', {}, WAIT);
      await userEvent.click(screen.getByTestId('resource-save'));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]).toEqual({
        id: null,
        resource: { name: 'Device manager guide', description: '', language: 'en', fileId: 70 },
      });

      await userEvent.click(within(page).getByTestId('manage-resources-remove-4'));
      expect(await screen.findByText('Remove the resource "R1520快速入门"?', {}, WAIT)).toBeTruthy();
      const confirm = await waitFor(() => {
        const buttons = document.querySelector<HTMLElement>('.ant-popconfirm-buttons');
        if (!buttons) throw new Error('no confirmation yet');
        return buttons;
      }, WAIT);
      await userEvent.click(within(confirm).getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(removed).toEqual([{ id: 4 }]));

      renderConsole('/superAdmin/certificates');
      const certificates = await screen.findByTestId('manage-certificates', {}, WAIT);
      const crt = certificates.querySelector('input[type=file]') as HTMLInputElement;
      await userEvent.upload(crt, new File(['not a certificate'], 'fake.crt'));
      expect((await within(certificates).findByTestId('certificate-error', {}, WAIT)).textContent).toContain(
        'X.509',
      );
    },
    SLOW,
  );
});
