import { ErrorCode, type PackageDetail, type PackageSummary, type StoredFile } from '@fleetport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import {
  type RouteAnswers,
  refused,
  renderConsole,
  routeServer,
  shellAnswers,
} from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;
const CAN_ALL = ['firmware.view', 'firmware.create', 'firmware.edit', 'firmware.remove'];

const stored = (fileId: number, name: string, kind = 'firmware'): StoredFile => ({
  fileId,
  kind,
  name,
  size: 2048,
  sha256: 'a'.repeat(64),
  contentType: 'application/octet-stream',
  createdAt: Date.UTC(2026, 10, 1),
  download: { url: `/api/pl/file/download?fileId=${fileId}&expires=1&sig=x`, expiresAt: 1 },
});

const ROWS: PackageSummary[] = [
  {
    packageId: 1,
    kind: 'firmware',
    owner: 'platform',
    packageName: 'r1520-os',
    series: 'r1520',
    name: 'Router OS',
    latestVersion: '5.3.1',
    latestVersionId: 11,
    versions: 2,
    published: true,
    models: ['R1520'],
    updatedAt: Date.UTC(2026, 10, 2),
  },
  {
    packageId: 2,
    kind: 'app',
    owner: 'own',
    packageName: 'acme-sensor',
    series: 'r1520',
    name: 'Acme sensor',
    latestVersion: '1.1',
    latestVersionId: 22,
    versions: 2,
    published: false,
    models: ['R1520', 'R1520-4L'],
    updatedAt: Date.UTC(2026, 10, 3),
  },
];

const version = (versionId: number, v: string, published: boolean) => ({
  versionId,
  version: v,
  name: 'Acme sensor',
  models: ['R1520'],
  compatibility: [
    { model: 'R1520', fits: true },
    { model: 'R1520-4L', fits: false },
  ],
  releaseNotes: `Notes of ${v}`,
  published,
  publishedAt: published ? Date.UTC(2026, 10, 1) : null,
  target: null,
  file: stored(versionId * 10, `acme-sensor-${v}.deb`),
  logo: null,
  documents: [stored(versionId * 10 + 1, 'manual.pdf', 'documentation')],
  inUse: false,
  createdAt: Date.UTC(2026, 10, 1),
});

const OWN_APP: PackageDetail = {
  packageId: 2,
  kind: 'app',
  owner: 'own',
  packageName: 'acme-sensor',
  series: 'r1520',
  manageable: true,
  versions: [version(22, '1.1', false), version(21, '1.0', true)],
};

function serve(extra: RouteAnswers, funCodes = CAN_ALL) {
  const lists: Array<Record<string, unknown>> = [];
  routeServer({
    ...shellAnswers(funCodes),
    '/pl/appCentre/getPackageList': (body) => {
      lists.push(body as never);
      return { data: { list: ROWS, total: ROWS.length } };
    },
    ...extra,
  });
  return lists;
}

const OK = () => screen.getAllByRole('button', { name: 'OK' }).at(-1)!;
/** The dialog's own OK, in either language. */
const dialogOk = () => document.querySelector('.ant-modal-footer .ant-btn-primary') as HTMLElement;

signedInEachTest();

describe("the company's firmware and apps", () => {
  it(
    'lists the catalogue and filters it by kind',
    async () => {
      const lists = serve({});
      renderConsole('/robustlink/devices/appCentre');
      const table = await screen.findByTestId('packages-table', {}, { timeout: 30_000 });
      await within(table).findByText('Router OS');
      expect(within(table).getByText('Own app')).toBeTruthy();
      expect(within(table).getByText('Unpublished')).toBeTruthy();

      fireEvent.mouseDown(within(screen.getByTestId('packages-kind')).getByRole('combobox'));
      await userEvent.click(await screen.findByTitle('App'));
      await waitFor(() => expect(lists.at(-1)).toMatchObject({ kind: 'app' }));
    },
    SLOW,
  );

  it(
    'opens a package with its history, files and compatibility, publishes after asking, and shows why a delete was refused',
    async () => {
      const published: unknown[] = [];
      const deleted: unknown[] = [];
      serve({
        '/pl/appCentre/getPackage': { data: OWN_APP },
        '/pl/appCentre/setPublished': (body) => {
          published.push(body);
          return { data: { ...version(22, '1.1', true) } };
        },
        '/pl/appCentre/deleteVersion': (body) => {
          deleted.push(body);
          return refused(ErrorCode.APP_PACKAGE_IN_USE);
        },
      });
      renderConsole('/robustlink/devices/appCentre');
      await userEvent.click(await screen.findByTestId('package-2', {}, { timeout: 30_000 }));
      const drawer = await screen.findByTestId('package-drawer');
      const latest = await within(drawer).findByTestId('version-1.1');
      expect(within(drawer).getByTestId('version-1.0')).toBeTruthy();
      expect(within(latest).getByText('Notes of 1.1')).toBeTruthy();
      expect(within(latest).getByText('acme-sensor-1.1.deb').getAttribute('href')).toContain('fileId=220');
      expect(within(latest).getByText('manual.pdf')).toBeTruthy();
      expect(within(within(latest).getByTestId('compatibility-1.1')).getByText('R1520-4L')).toBeTruthy();
      expect(within(latest).getByText('Private to your company')).toBeTruthy();
      // A published version's delete is locked: it must be unpublished first.
      expect((within(drawer).getByTestId('delete-1.0') as HTMLButtonElement).disabled).toBe(true);

      await userEvent.click(within(latest).getByTestId('publish-1.1'));
      expect(
        await screen.findByText('Publish version 1.1? The target customers will see it at once.'),
      ).toBeTruthy();
      expect(published).toEqual([]);
      await userEvent.click(OK());
      await waitFor(() => expect(published).toEqual([{ versionId: 22, published: true }]));

      await userEvent.click(within(latest).getByTestId('delete-1.1'));
      await screen.findByText('Delete version 1.1 and its files? This cannot be undone.');
      await userEvent.click(OK());
      await waitFor(() => expect(deleted).toEqual([{ versionId: 22 }]));
      expect(
        await screen.findByText(
          /The version is used by a device update, rollout or template and cannot be deleted/,
        ),
      ).toBeTruthy();
    },
    SLOW,
  );

  it(
    'shows no upload, publish or delete to a role that may only look',
    async () => {
      serve({ '/pl/appCentre/getPackage': { data: OWN_APP } }, ['firmware.view']);
      renderConsole('/robustlink/devices/appCentre');
      const table = await screen.findByTestId('packages-table', {}, { timeout: 30_000 });
      await within(table).findByText('Acme sensor');
      expect(screen.queryByTestId('package-upload')).toBeNull();
      await userEvent.click(screen.getByTestId('package-2'));
      await screen.findByTestId('version-1.1');
      expect(screen.queryByTestId('publish-1.1')).toBeNull();
      expect(screen.queryByTestId('delete-1.1')).toBeNull();
    },
    SLOW,
  );
});

describe('the upload dialog', () => {
  it(
    "checks each file and the version by the contract's rules in Chinese, then uploads the app with its files",
    async () => {
      await changeLanguage('cn');
      const added: unknown[] = [];
      const uploads: string[] = [];
      const logo = stored(78, 'logo.png', 'packageLogo');
      serve({
        '/pl/file/upload': () => {
          uploads.push('file');
          return { data: { files: [uploads.length === 1 ? stored(77, 'sensor.deb') : logo] } };
        },
        '/pl/appCentre/addVersion': (body) => {
          added.push(body);
          return { data: { packageId: 3, versionId: 31 } };
        },
      });
      renderConsole('/robustlink/devices/appCentre');
      await userEvent.click(await screen.findByTestId('package-upload', {}, { timeout: 30_000 }));
      const form = await screen.findByTestId('package-form');
      expect(within(screen.getByRole('dialog')).getByText('上传自有应用')).toBeTruthy();

      const fileInput = () =>
        screen.getByTestId('package-file-pick').closest('.ant-upload')!.querySelector('input')!;
      // Refused here by its type, before anything is sent.
      // The browser's picker would hide it (accept); a file dropped or typed in still arrives.
      await userEvent.setup({ applyAccept: false }).upload(fileInput(), new File(['x'], 'setup.exe'));
      expect(await screen.findByText('仅支持.ruf .bin .deb格式的文件')).toBeTruthy();
      expect(uploads).toEqual([]);
      // The upload control renews its input after each pick.
      await userEvent.upload(fileInput(), new File(['deb'], 'sensor.deb'));
      await within(form).findByText('sensor.deb');
      expect(uploads).toEqual(['file']);

      // A logo goes to the server, which reads its pixels: the console checks only its type and size.
      const logoInput = screen
        .getByTestId('package-logo-pick')
        .closest('.ant-upload')!
        .querySelector('input')!;
      await userEvent.upload(logoInput, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png'));
      await within(form).findByText('logo.png');
      expect(uploads).toEqual(['file', 'file']);

      fireEvent.change(screen.getByTestId('package-name'), { target: { value: 'Sensor bridge' } });
      fireEvent.change(screen.getByTestId('package-package-name'), { target: { value: 'sensor-bridge' } });
      fireEvent.change(screen.getByTestId('package-version'), { target: { value: 'latest' } });
      await userEvent.click(dialogOk());
      expect(await screen.findByText('版本号须包含数字和点，如5.3.0')).toBeTruthy();
      expect(await screen.findByText('请至少选择一个型号')).toBeTruthy();
      expect(added).toEqual([]);

      fireEvent.change(screen.getByTestId('package-version'), { target: { value: '2.0.1' } });
      fireEvent.mouseDown(within(screen.getByTestId('package-series')).getByRole('combobox'));
      await userEvent.click(await screen.findByTitle('R1520'));
      fireEvent.mouseDown(within(screen.getByTestId('package-models')).getByRole('combobox'));
      await userEvent.click((await screen.findAllByTitle('R1520-4L')).at(-1)!);
      await userEvent.click(dialogOk());
      await waitFor(() =>
        expect(added).toEqual([
          {
            kind: 'app',
            name: 'Sensor bridge',
            version: '2.0.1',
            packageName: 'sensor-bridge',
            series: 'r1520',
            models: ['R1520-4L'],
            fileId: 77,
            logoFileId: 78,
            documentFileIds: [],
            releaseNotes: '',
          },
        ]),
      );
      await changeLanguage('en');
    },
    SLOW,
  );
});
