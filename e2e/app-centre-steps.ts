/**
 * App centre steps shared by the journeys: the Super Admin uploads a version through the app centre's
 * upload dialog (files picked as a user picks them) and publishes it to one company.
 */
import { deflateSync } from 'node:zlib';
import type { Lang } from '@fleetport/contract';
import type { Page } from 'playwright-core';
import { appCentre } from '../packages/web/src/features/app-centre/app-centre.i18n.ts';
import { consoleUrl } from './harness.ts';
import { choose, dialogSave } from './operation-steps.ts';

/** A real PNG of `width` x `height` (one flat colour), as a designer would export the app's logo. */
export function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x2a)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface PickedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Picks `file` through the file field whose button is `testId`-pick, and waits for it to be stored. */
async function pickFile(page: Page, testId: string, file: PickedFile) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByTestId(`${testId}-pick`).click(),
  ]);
  await chooser.setFiles(file);
  await page.getByTestId(`${testId}-file`).getByText(file.name).waitFor();
}

/**
 * The Super Admin uploads a version through the app centre's dialog, for the chosen company only,
 * and publishes it from the package's drawer.
 */
export async function publishAsPlatform(
  platform: Page,
  lang: Lang,
  upload: {
    kind: 'firmware' | 'app';
    name: string;
    packageName: string;
    version: string;
    file: PickedFile;
    logo?: PickedFile;
    documents?: PickedFile[];
    company: string;
  },
) {
  const t = appCentre[lang];
  await platform.goto(consoleUrl('superAdmin/appCenter'));
  await platform.getByTestId('package-upload').first().click();
  const form = platform.getByTestId('package-form');
  await form.waitFor();
  await form.getByText(t.kinds[upload.kind], { exact: true }).click();
  await platform.getByTestId('package-name').fill(upload.name);
  await platform.getByTestId('package-package-name').fill(upload.packageName);
  await platform.getByTestId('package-version').fill(upload.version);
  await choose(platform, platform.getByTestId('package-series'), 'R3000');
  await choose(platform, platform.getByTestId('package-models'), 'R3000-Q');
  await platform.keyboard.press('Escape');
  await pickFile(platform, 'package-file', upload.file);
  if (upload.logo) await pickFile(platform, 'package-logo', upload.logo);
  for (const doc of upload.documents ?? []) await pickFile(platform, 'package-documents', doc);
  await form.getByText(t.targets.companies, { exact: true }).click();
  const picker = platform.getByTestId('target-companies');
  await picker.click();
  await picker.locator('input').fill(upload.company);
  await platform
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: upload.company })
    .click();
  await dialogSave(platform, 'package-form').click();
  await form.waitFor({ state: 'detached' });

  // The new package, unpublished: its drawer publishes the version.
  await platform.getByTestId('packages-search').locator('input').fill(upload.packageName);
  await platform.getByTestId('packages-search').locator('input').press('Enter');
  await platform.getByRole('button', { name: upload.name, exact: true }).click();
  const drawer = platform.getByTestId('package-drawer');
  await drawer.getByTestId(`publish-${upload.version}`).click();
  await platform.locator('.ant-popconfirm .ant-btn-primary').click();
  await drawer.getByTestId(`publish-${upload.version}`).getByText(t.detail.unpublish).waitFor();
  for (const file of [upload.file, upload.logo, ...(upload.documents ?? [])].filter((f) => f))
    await drawer.getByText(file!.name, { exact: true }).waitFor();
  await platform.keyboard.press('Escape');
}
