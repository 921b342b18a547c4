import {
  type AddPackageVersionBody,
  addPackageVersionCall,
  findSeries,
  type StoredFile,
  setPackagePublishedCall,
  setPackageTargetCall,
} from '@fleetport/contract';
import type { TestApp } from '../../../test/helpers.ts';
import type { Owner } from '../devices/device-test-kit.ts';
import { bufferOf, MULTIPART_TYPE, multipartBody } from '../files/file-test-kit.ts';

/** Helpers for the template tests: uploads, a platform firmware published to a company, a company's own app. */

export async function upload(
  t: TestApp,
  who: Owner,
  kind: string,
  name: string,
  bytes: Buffer,
): Promise<StoredFile> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${t.deps.config.apiPrefix}/pl/file/upload`,
    headers: { ...who.headers(), language: 'en', 'content-type': MULTIPART_TYPE },
    payload: await bufferOf(
      multipartBody({ kind }, [{ name, contentType: 'application/octet-stream', bytes }]),
    ),
  });
  const body = res.json<{ code: number; msg: string; data: { files: StoredFile[] } }>();
  if (body.code !== 0) throw new Error(`upload failed: ${body.code} ${body.msg}`);
  return body.data.files[0]!;
}

/** A configuration file as a company uploads it for a template. */
export async function configFile(t: TestApp, who: Owner, xml: string, name = 'template.xml') {
  return (await upload(t, who, 'configXml', name, Buffer.from(xml))).fileId;
}

/** SSH on a port of the template's choosing: a section every simulated router reports. */
export const SSH_CONFIG = (port: number) =>
  `<config><services><ssh enabled="true" port="${port}"></ssh></services></config>`;

/** A platform firmware version published to `to`. */
export async function platformFirmware(
  t: TestApp,
  admin: Owner,
  to: Owner,
  over: Partial<AddPackageVersionBody> & Pick<AddPackageVersionBody, 'version' | 'series'>,
  image: Buffer = Buffer.from('firmware image '.repeat(2000)),
): Promise<number> {
  const file = await upload(t, admin, 'firmware', `${over.series}.bin`, image);
  const res = await admin.run(addPackageVersionCall, {
    kind: 'firmware',
    name: `${over.series} firmware`,
    packageName: `${over.series}-os`,
    models: [...(findSeries(over.series)?.models ?? [])],
    fileId: file.fileId,
    ...over,
  });
  if (res.code !== 0) throw new Error(`add failed: ${res.code} ${res.msg}`);
  const { versionId } = res.data!;
  await admin.run(setPackageTargetCall, {
    versionId,
    target: { kind: 'companies', companyIds: [to.companyId] },
  });
  await admin.run(setPackagePublishedCall, { versionId, published: true });
  return versionId;
}

/** A company's own app version. */
export async function ownApp(
  t: TestApp,
  owner: Owner,
  over: Partial<AddPackageVersionBody> & Pick<AddPackageVersionBody, 'series' | 'packageName'>,
): Promise<number> {
  const file = await upload(
    t,
    owner,
    'firmware',
    `${over.packageName}.deb`,
    Buffer.from('app package '.repeat(500)),
  );
  const res = await owner.run(addPackageVersionCall, {
    kind: 'app',
    name: over.packageName,
    version: '1.0.0',
    models: [...(findSeries(over.series)?.models ?? [])],
    fileId: file.fileId,
    ...over,
  });
  if (res.code !== 0) throw new Error(`add app failed: ${res.code} ${res.msg}`);
  return res.data!.versionId;
}
