import { createHash } from 'node:crypto';
import {
  type AddPackageVersionBody,
  addPackageVersionCall,
  deletePackageVersionCall,
  ErrorCode,
  getPackageCall,
  listPackagesCall,
  type PackageFilter,
  type StoredFile,
  searchTargetCompaniesCall,
  setPackagePublishedCall,
  setPackageTargetCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { insertRpcCommands } from '../../gateway/rpc.store.ts';
import { ensureSuperAdmin } from '../accounts/accounts.service.ts';
import { partnerTree } from '../customers/partner-tree-kit.ts';
import { asOwner, type Owner } from '../devices/device-test-kit.ts';
import { bufferOf, MULTIPART_TYPE, multipartBody, pngHeader } from '../files/file-test-kit.ts';
import { packageInUse } from './app-centre.store.ts';

/**
 * The app centre's catalogue (issue 14): the Super Admin's platform packages published to chosen
 * customers, a company's own private apps, version history, the files' checks and the deletion rule
 * (docs/decisions.md "App centre").
 */

let t: TestApp;
let admin: Owner;
/** Delta and Sigma are distributors; Acme is Delta's end customer, Cobalt Sigma's. */
let delta: Owner;
let acme: Owner;
let sigma: Owner;
let cobalt: Owner;

const FIRMWARE_BYTES = Buffer.from('R1520 firmware image 5.3.0 '.repeat(400));

async function upload(who: Owner, kind: string, name: string, bytes: Buffer, lang = 'en') {
  const res = await t.app.inject({
    method: 'POST',
    url: `${t.deps.config.apiPrefix}/pl/file/upload`,
    headers: { ...who.headers(), language: lang, 'content-type': MULTIPART_TYPE },
    payload: await bufferOf(
      multipartBody({ kind }, [{ name, contentType: 'application/octet-stream', bytes }]),
    ),
  });
  return res.json<{ code: number; msg: string; data: { files: StoredFile[] } }>();
}

async function stored(who: Owner, kind: string, name: string, bytes: Buffer): Promise<StoredFile> {
  const body = await upload(who, kind, name, bytes);
  if (body.code !== 0) throw new Error(`upload failed: ${body.code} ${body.msg}`);
  return body.data.files[0]!;
}

/** A complete version of `who`'s, its files uploaded first; `over` changes any field. */
async function addVersion(who: Owner, over: Partial<AddPackageVersionBody> = {}) {
  const file = await stored(who, 'firmware', 'package.ruf', FIRMWARE_BYTES);
  const body: AddPackageVersionBody = {
    kind: 'firmware',
    name: 'R1520 firmware',
    version: '5.3.0',
    packageName: 'r1520-os',
    series: 'r1520',
    models: ['R1520'],
    fileId: file.fileId,
    ...over,
  };
  return who.run(addPackageVersionCall, body);
}

async function added(who: Owner, over: Partial<AddPackageVersionBody> = {}) {
  const res = await addVersion(who, over);
  if (res.code !== 0) throw new Error(`add failed: ${res.code} ${res.msg}`);
  return res.data!;
}

const names = async (who: Owner, filter: Partial<PackageFilter> = {}) =>
  ((await who.run(listPackagesCall, filter)).data?.list ?? [])
    .map((p) => `${p.name} ${p.latestVersion}`)
    .sort();

const publish = (versionId: number, published = true) =>
  admin.run(setPackagePublishedCall, { versionId, published });

beforeAll(async () => {
  t = await createTestApp({ jobs: { manual: true } });
  const created = await ensureSuperAdmin(t.deps);
  admin = asOwner(await signIn(t, created!.account, created!.password), {
    companyId: 0,
    userId: 0,
    account: created!.account,
  });
  ({ delta, acme, sigma, cobalt } = await partnerTree(t, 'Apps'));
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('platform packages', () => {
  it('are uploaded by the Super Admin with their files, the sha256 computed by the server, and start unpublished', async () => {
    const logo = await stored(admin, 'packageLogo', 'logo.png', pngHeader(260, 105));
    const docs = await upload(admin, 'documentation', 'notes.pdf', Buffer.from('release notes pdf'));
    const { packageId, versionId } = await added(admin, {
      name: 'Router OS',
      logoFileId: logo.fileId,
      documentFileIds: [docs.data.files[0]!.fileId],
      releaseNotes: 'Faster boot',
      models: ['r1520'],
      target: { kind: 'companies', companyIds: [acme.companyId] },
    });
    const detail = (await admin.run(getPackageCall, { packageId })).data!;
    expect(detail).toMatchObject({
      kind: 'firmware',
      owner: 'platform',
      packageName: 'r1520-os',
      manageable: true,
    });
    const [version] = detail.versions;
    expect(version).toMatchObject({
      versionId,
      version: '5.3.0',
      name: 'Router OS',
      models: ['R1520'],
      // Every model of the series, and whether this version fits it.
      compatibility: [
        { model: 'R1520', fits: true },
        { model: 'R1520-4L', fits: false },
      ],
      releaseNotes: 'Faster boot',
      published: false,
      target: { kind: 'companies', companies: [{ companyId: acme.companyId, name: 'Acme Apps' }] },
      logo: { kind: 'packageLogo', name: 'logo.png' },
      documents: [{ kind: 'documentation', name: 'notes.pdf' }],
      inUse: false,
    });
    expect(version!.file.sha256).toBe(createHash('sha256').update(FIRMWARE_BYTES).digest('hex'));
    expect(version!.file.size).toBe(FIRMWARE_BYTES.length);
    // Unpublished: no company sees it, not even the chosen one.
    expect(await names(acme)).toEqual([]);
    expect((await acme.run(getPackageCall, { packageId })).code).toBe(ErrorCode.APP_PACKAGE_NOT_FOUND);
  });

  it('are seen by exactly the target customers once published: chosen companies, distributors only, all', async () => {
    const { versionId } = await added(admin, {
      name: 'Modbus bridge',
      kind: 'app',
      packageName: 'modbus',
      version: '1.0',
    });
    expect((await publish(versionId)).data).toMatchObject({ published: true, target: { kind: 'all' } });
    expect(await names(cobalt)).toEqual(['Modbus bridge 1.0']);

    const routerOs = (await admin.run(listPackagesCall, { search: 'Router OS' })).data!.list[0]!;
    await publish(routerOs.latestVersionId);
    expect(await names(acme)).toEqual(['Modbus bridge 1.0', 'Router OS 5.3.0']);
    expect(await names(cobalt)).toEqual(['Modbus bridge 1.0']);
    expect((await cobalt.run(getPackageCall, { packageId: routerOs.packageId })).code).toBe(
      ErrorCode.APP_PACKAGE_NOT_FOUND,
    );
    // The chosen company sees the version, never whom else the platform chose.
    const chosen = (await acme.run(getPackageCall, { packageId: routerOs.packageId })).data!;
    expect(chosen.versions[0]!.target).toBeNull();

    const retarget = await admin.run(setPackageTargetCall, {
      versionId: routerOs.latestVersionId,
      target: { kind: 'distributors' },
    });
    expect(retarget.data!.target).toEqual({ kind: 'distributors', companies: [] });
    expect(await names(acme)).toEqual(['Modbus bridge 1.0']);
    expect(await names(delta)).toContain('Router OS 5.3.0');
    expect(await names(sigma)).toContain('Router OS 5.3.0');
    const seen = (await delta.run(getPackageCall, { packageId: routerOs.packageId })).data!;
    expect(seen).toMatchObject({ owner: 'platform', manageable: false });
    // The company downloads the platform's file through the link it was given: two Range requests.
    const link = seen.versions[0]!.file.download.url;
    const first = await t.app.inject({ method: 'GET', url: link, headers: { range: 'bytes=0-999' } });
    const rest = await t.app.inject({ method: 'GET', url: link, headers: { range: 'bytes=1000-' } });
    expect([first.statusCode, rest.statusCode]).toEqual([206, 206]);
    const whole = Buffer.concat([first.rawPayload, rest.rawPayload]);
    expect(createHash('sha256').update(whole).digest('hex')).toBe(seen.versions[0]!.file.sha256);
  });

  it('keep a version history per package name, kind and series; a company sees only the versions published to it', async () => {
    const routerOs = (await admin.run(listPackagesCall, { search: 'r1520-os' })).data!.list[0]!;
    const next = await added(admin, { name: 'Router OS', version: '5.3.1', target: { kind: 'all' } });
    expect(next.packageId).toBe(routerOs.packageId);
    const history = (await admin.run(getPackageCall, { packageId: routerOs.packageId })).data!;
    expect(history.versions.map((v) => [v.version, v.published])).toEqual([
      ['5.3.1', false],
      ['5.3.0', true],
    ]);
    expect((await delta.run(getPackageCall, { packageId: routerOs.packageId })).data!.versions).toHaveLength(
      1,
    );
    await publish(next.versionId);
    const list = (await acme.run(listPackagesCall, { search: 'router' })).data!.list;
    expect(list.map((p) => [p.latestVersion, p.versions])).toEqual([['5.3.1', 1]]);
    const again = await addVersion(admin, { version: '5.3.1' });
    expect(again).toMatchObject({ code: 160031, msg: 'This version of the package already exists' });
    // Another series is another package.
    const other = await added(admin, { series: 'r2000', models: ['R2000'], version: '5.3.1' });
    expect(other.packageId).not.toBe(routerOs.packageId);
  });

  it('filter by series, kind, published state and search, with paging', async () => {
    expect(await names(admin, { series: 'r2000' })).toEqual(['R1520 firmware 5.3.1']);
    expect(await names(admin, { kind: 'app' })).toEqual(['Modbus bridge 1.0']);
    expect(await names(admin, { state: 'unpublished', kind: 'firmware' })).toEqual(['R1520 firmware 5.3.1']);
    expect(await names(admin, { search: 'modbus' })).toEqual(['Modbus bridge 1.0']);
    const page = await admin.run(listPackagesCall, { pageNum: 2, pageSize: 2 });
    expect(page.data!.total).toBe(3);
    expect(page.data!.list).toHaveLength(1);
    // A search with LIKE's own characters matches them literally.
    expect(await names(admin, { search: '%' })).toEqual([]);
  });

  it('target: chosen companies need at least one that exists, the others none (160037); the Super Admin finds companies by name', async () => {
    const { versionId } = (await admin.run(listPackagesCall, { search: 'modbus' })).data!.list.map((p) => ({
      versionId: p.latestVersionId,
    }))[0]!;
    const set = (target: { kind: 'all' | 'distributors' | 'companies'; companyIds?: number[] }) =>
      admin.run(setPackageTargetCall, { versionId, target });
    expect((await set({ kind: 'companies', companyIds: [] })).code).toBe(
      ErrorCode.APP_PACKAGE_TARGET_INVALID,
    );
    expect((await set({ kind: 'companies', companyIds: [9_999_999] })).code).toBe(160037);
    expect((await set({ kind: 'all', companyIds: [acme.companyId] })).code).toBe(160037);
    expect((await admin.run(searchTargetCompaniesCall, { search: 'cobalt' })).data).toEqual([
      { companyId: cobalt.companyId, name: 'Cobalt Apps' },
    ]);
    // Companies neither retarget nor search.
    expect((await delta.run(setPackageTargetCall, { versionId, target: { kind: 'all' } })).code).toBe(
      ErrorCode.NO_PERMISSION,
    );
    expect((await delta.run(searchTargetCompaniesCall, { search: '' })).code).toBe(ErrorCode.NO_PERMISSION);
  });
});

describe("a company's own apps", () => {
  it('are private to it: another company never sees them, the Super Admin does not manage them', async () => {
    const { packageId, versionId } = await added(acme, {
      kind: 'app',
      name: 'Acme sensor',
      packageName: 'acme-sensor',
      version: '0.9.1',
    });
    expect(await names(acme, { owner: 'own' })).toEqual(['Acme sensor 0.9.1']);
    const own = (await acme.run(getPackageCall, { packageId })).data!;
    expect(own).toMatchObject({ owner: 'own', manageable: true });
    expect(own.versions[0]!.target).toBeNull();
    // Published to its own devices only.
    expect((await acme.run(setPackagePublishedCall, { versionId, published: true })).data!.published).toBe(
      true,
    );
    for (const other of [delta, cobalt, admin]) {
      expect(await names(other)).not.toContain('Acme sensor 0.9.1');
      expect((await other.run(getPackageCall, { packageId })).code).toBe(ErrorCode.APP_PACKAGE_NOT_FOUND);
      expect((await other.run(setPackagePublishedCall, { versionId, published: false })).code).toBe(160030);
      expect((await other.run(deletePackageVersionCall, { versionId })).code).toBe(160030);
    }
  });

  it("are apps only (160038), with no target (160037); a company cannot publish or delete the platform's", async () => {
    expect(await addVersion(acme, { kind: 'firmware' })).toMatchObject({
      code: 160038,
      msg: 'A company uploads its own apps only; firmware comes from the platform',
    });
    expect((await addVersion(acme, { kind: 'app', target: { kind: 'all' } })).code).toBe(160037);
    const modbus = (await acme.run(listPackagesCall, { search: 'modbus' })).data!.list[0]!;
    expect(
      (await acme.run(setPackagePublishedCall, { versionId: modbus.latestVersionId, published: false })).code,
    ).toBe(ErrorCode.APP_PACKAGE_NOT_FOUND);
    expect((await acme.run(deletePackageVersionCall, { versionId: modbus.latestVersionId })).code).toBe(
      160030,
    );
    // The same package name as the platform's is the company's own package.
    const mine = await added(acme, { kind: 'app', packageName: 'modbus', version: '1.0' });
    expect(mine.packageId).not.toBe(modbus.packageId);
  });
});

describe('the files of a version', () => {
  it('are checked at the upload: the package .ruf, .bin or .deb, the logo 260x105, documents at most 2', async () => {
    const exe = await upload(acme, 'firmware', 'package.exe', Buffer.from('x'));
    expect(exe).toMatchObject({ code: 1, msg: 'file: Only .ruf .bin .deb files are allowed' });
    const logo = await upload(acme, 'packageLogo', 'logo.png', pngHeader(135, 35), 'cn');
    expect(logo).toMatchObject({ code: 1, msg: 'file: 图片尺寸须为260x105像素' });
  });

  it("must be the owner's own uploads of the right kind (160034-160036)", async () => {
    const doc = await stored(acme, 'documentation', 'manual.pdf', Buffer.from('manual'));
    const app = { kind: 'app' as const, packageName: 'acme-files', version: '1.0' };
    expect(await addVersion(acme, { ...app, fileId: doc.fileId })).toMatchObject({
      code: 160034,
      msg: 'The package file must be your own .ruf, .bin or .deb upload',
    });
    const theirs = await stored(cobalt, 'firmware', 'theirs.bin', FIRMWARE_BYTES);
    expect((await addVersion(acme, { ...app, fileId: theirs.fileId })).code).toBe(160034);
    expect((await addVersion(acme, { ...app, logoFileId: doc.fileId })).code).toBe(160035);
    const logo = await stored(acme, 'packageLogo', 'logo.png', pngHeader(260, 105));
    expect((await addVersion(acme, { ...app, documentFileIds: [logo.fileId] })).code).toBe(160036);
    const three = await addVersion(acme, {
      ...app,
      documentFileIds: [doc.fileId, doc.fileId + 1, doc.fileId + 2],
    });
    expect(three.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(three.msg).toContain('documentFileIds');
  });

  it('name a version of digits and a dot, and models of the series (160039 names the model)', async () => {
    const app = { kind: 'app' as const, packageName: 'acme-rules' };
    const bad = await addVersion(acme, { ...app, version: 'latest' });
    expect(bad.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(bad.msg).toContain('version');
    expect(await addVersion(acme, { ...app, version: '1.0', models: ['R2000'] })).toMatchObject({
      code: 160039,
      msg: 'The model R2000 is not of the chosen series',
    });
    const cn = await acme.run(addPackageVersionCall, { ...(await validBody(acme)), models: ['X9'] }, 'cn');
    expect(cn.msg).toBe('型号X9不属于所选系列');
    const name = await addVersion(acme, { ...app, version: '1.0', packageName: 'has space' });
    expect(name.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(name.msg).toContain('packageName');
  });
});

async function validBody(who: Owner): Promise<AddPackageVersionBody> {
  const file = await stored(who, 'firmware', 'p.deb', FIRMWARE_BYTES);
  return {
    kind: 'app',
    name: 'Rules',
    version: '2.0',
    packageName: 'acme-rules-cn',
    series: 'r1520',
    models: ['R1520'],
    fileId: file.fileId,
  };
}

describe('deleting a version', () => {
  it('refuses a published one (160032), and one a device update names, ever (160033)', async () => {
    const { packageId, versionId } = await added(admin, {
      kind: 'app',
      name: 'Used app',
      packageName: 'used-app',
      version: '3.1',
    });
    await publish(versionId);
    expect(await admin.run(deletePackageVersionCall, { versionId })).toMatchObject({
      code: 160032,
      msg: 'A published version cannot be deleted; unpublish it first',
    });
    await insertRpcCommands(t.deps.db, [
      {
        id: 'rpc-app-centre-1',
        companyId: acme.companyId,
        sn: 'SNAPP0000000001',
        method: 'appInstall',
        params: { packageName: 'used-app', version: '3.1', packageVersionId: versionId },
        deadline: t.clock.now(),
        at: t.clock.now(),
      },
    ]);
    expect(await packageInUse(t.deps.db, versionId)).toBe(true);
    await publish(versionId, false);
    expect((await admin.run(getPackageCall, { packageId })).data!.versions[0]!.inUse).toBe(true);
    expect(await admin.run(deletePackageVersionCall, { versionId }, 'cn')).toMatchObject({
      code: 160033,
      msg: '该版本已被设备更新、批量升级或模板使用，不能删除',
    });
  });

  it('deletes an unpublished one nothing uses, with its files; the last version takes its package along', async () => {
    const logo = await stored(acme, 'packageLogo', 'logo.png', pngHeader(260, 105));
    const first = await added(acme, {
      kind: 'app',
      packageName: 'acme-temp',
      version: '1.0',
      logoFileId: logo.fileId,
    });
    const second = await added(acme, {
      kind: 'app',
      packageName: 'acme-temp',
      version: '1.1',
      logoFileId: logo.fileId,
    });
    const before = (await acme.run(getPackageCall, { packageId: first.packageId })).data!;
    const oldFile = before.versions.find((v) => v.versionId === second.versionId)!.file;
    expect(await acme.run(deletePackageVersionCall, { versionId: second.versionId })).toMatchObject({
      code: 0,
      data: { packageDeleted: false },
    });
    // Its package file is gone; the logo the other version still names stays.
    const gone = await t.app.inject({ method: 'GET', url: oldFile.download.url });
    expect(gone.json()).toMatchObject({ code: ErrorCode.FILE_NOT_FOUND });
    const left = (await acme.run(getPackageCall, { packageId: first.packageId })).data!;
    expect(left.versions.map((v) => v.version)).toEqual(['1.0']);
    expect(
      (await t.app.inject({ method: 'GET', url: left.versions[0]!.logo!.download.url })).statusCode,
    ).toBe(200);
    expect((await acme.run(deletePackageVersionCall, { versionId: first.versionId })).data).toEqual({
      packageDeleted: true,
    });
    expect((await acme.run(getPackageCall, { packageId: first.packageId })).code).toBe(160030);
  });
});
