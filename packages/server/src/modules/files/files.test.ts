/**
 * Files through the API, on the local store and on a real S3-protocol server (s3rver): uploads per
 * kind with the spec's limits, sha256, signed links that expire, Range downloads, and company scope.
 */
import { createHash } from 'node:crypto';
import { ErrorCode, type StoredFile } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompany, type SignedIn, signIn } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  bufferOf,
  MULTIPART_TYPE,
  multipartBody,
  pngHeader,
  STORES,
  type StoreUnderTest,
  type UploadPart,
} from './file-test-kit.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const bytes = (n: number, seed = 1) =>
  Buffer.from(Array.from({ length: n }, (_, i) => (i * 13 + seed) & 0xff));

describe.each(STORES)('files on the %s store', (_name, makeStore) => {
  let store: StoreUnderTest;
  let t: TestApp;
  let alpha: SignedIn;
  let bravo: SignedIn;

  // A loaded machine can take a while to build the app and register; nothing here is timed.
  beforeAll(async () => {
    store = await makeStore();
    t = await createTestApp({ config: store.config });
    await registerCompany(t, { companyName: 'Alpha Files', account: 'owner@alpha-files.example' });
    await registerCompany(t, { companyName: 'Bravo Files', account: 'owner@bravo-files.example' });
    alpha = await signIn(t, 'owner@alpha-files.example');
    bravo = await signIn(t, 'owner@bravo-files.example');
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await store?.close();
  }, 120_000);

  async function upload(who: SignedIn, kind: string, files: UploadPart[], lang = 'en') {
    const res = await t.app.inject({
      method: 'POST',
      url: `${t.deps.config.apiPrefix}/pl/file/upload`,
      headers: { ...who.headers(), language: lang, 'content-type': MULTIPART_TYPE },
      payload: await bufferOf(multipartBody({ kind }, files)),
    });
    return {
      status: res.statusCode,
      body: res.json<{ code: number; msg: string; data: { files: StoredFile[] } }>(),
    };
  }

  const download = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { language: 'en', ...headers } });

  it('stores an upload with its sha256 and serves it by its signed link', async () => {
    const content = bytes(100_000);
    const res = await upload(alpha, 'general', [
      { name: 'Fleet plan 计划.pdf', contentType: 'application/pdf', bytes: content },
    ]);
    expect(res.body.code, res.body.msg).toBe(0);
    const [file] = res.body.data.files;
    expect(file).toMatchObject({
      kind: 'general',
      name: 'Fleet plan 计划.pdf',
      size: 100_000,
      sha256: sha256(content),
    });
    expect(file!.contentType).toBe('application/pdf');

    const got = await download(file!.download.url);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(content)).toBe(true);
    expect(got.headers['accept-ranges']).toBe('bytes');
    expect(got.headers['content-length']).toBe('100000');
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Fleet plan 计划.pdf')}`,
    );
    expect(await store.objects()).toHaveLength(1);
  });

  it('answers Range requests with the right bytes, as a device resuming a firmware download', async () => {
    const firmware = bytes(50_000, 3);
    const res = await upload(alpha, 'firmware', [{ name: 'R1520-5.3.0.ruf', bytes: firmware }]);
    expect(res.body.code, res.body.msg).toBe(0);
    const { url } = res.body.data.files[0]!.download;

    const middle = await download(url, { range: 'bytes=1000-1999' });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe('bytes 1000-1999/50000');
    expect(middle.headers['content-length']).toBe('1000');
    expect(middle.rawPayload.equals(firmware.subarray(1000, 2000))).toBe(true);

    const rest = await download(url, { range: 'bytes=40000-' });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe('bytes 40000-49999/50000');
    expect(rest.rawPayload.equals(firmware.subarray(40000))).toBe(true);

    const tail = await download(url, { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(firmware.subarray(49990))).toBe(true);

    const changed = await download(url, { range: 'bytes=0-9', 'if-range': '"another-version"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.length).toBe(50_000);

    const head = await t.app.inject({ method: 'HEAD', url, headers: { range: 'bytes=100-' } });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-length']).toBe('49900');
    expect(head.rawPayload.length).toBe(0);

    const past = await download(url, { range: 'bytes=50000-' });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */50000');
  });

  it('refuses an expired link with 14065 and a tampered one with 5', async () => {
    const res = await upload(alpha, 'general', [{ name: 'notes.txt', bytes: bytes(10) }]);
    const link = res.body.data.files[0]!.download;
    expect(link.expiresAt).toBe(t.clock.now().getTime() + t.deps.config.files.urlTtlSeconds * 1000);

    const forged = new URL(link.url, 'http://x');
    forged.searchParams.set('expires', String(link.expiresAt + 3600_000));
    const tampered = await download(forged.pathname + forged.search);
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json().code).toBe(ErrorCode.NO_PERMISSION);

    const other = new URL(link.url, 'http://x');
    other.searchParams.set('fileId', String(Number(other.searchParams.get('fileId')) + 1));
    expect((await download(other.pathname + other.search)).json().code).toBe(ErrorCode.NO_PERMISSION);

    t.clock.advance(t.deps.config.files.urlTtlSeconds * 1000 + 1);
    const expired = await download(link.url, { language: 'cn' });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: ErrorCode.SHARE_LINK_EXPIRED, msg: '分享链接已过期' });

    // A fresh link for the same file works again; another company cannot get one.
    const fileId = res.body.data.files[0]!.fileId;
    const fresh = await alpha.call<{ url: string }>('POST', '/pl/file/getDownloadUrl', {
      fileId,
      ttlSeconds: 60,
    });
    expect(fresh.body.code).toBe(0);
    expect((await download(fresh.body.data!.url)).rawPayload.length).toBe(10);
    const stranger = await bravo.call('POST', '/pl/file/getDownloadUrl', { fileId });
    expect(stranger.body.code).toBe(ErrorCode.FILE_NOT_FOUND);
    expect(JSON.stringify(stranger.body)).not.toContain('/pl/file/download');
  });

  it('checks each kind before storing anything, naming the limit', async () => {
    const before = await store.objects();
    const wrongType = await upload(alpha, 'firmware', [{ name: 'firmware.txt', bytes: bytes(100) }]);
    expect(wrongType.body).toMatchObject({ code: 1, msg: 'file: Only .ruf .bin .deb files are allowed' });

    const xml = await upload(alpha, 'configXml', [{ name: 'router.xml', bytes: bytes(1024 * 1024 + 1) }]);
    expect(xml.body).toMatchObject({ code: 1, msg: 'file: The file can not exceed 1024 KB' });
    const xmlAtLimit = await upload(alpha, 'configXml', [{ name: 'router.xml', bytes: bytes(1024 * 1024) }]);
    expect(xmlAtLimit.body.code, xmlAtLimit.body.msg).toBe(0);

    const threeDocs = await upload(alpha, 'documentation', [
      { name: 'a.pdf', bytes: bytes(10) },
      { name: 'b.pdf', bytes: bytes(10) },
      { name: 'c.pdf', bytes: bytes(10) },
    ]);
    expect(threeDocs.body).toMatchObject({ code: 1, msg: 'file: At most 2 files' });
    const twoDocs = await upload(alpha, 'documentation', [
      { name: 'a.pdf', bytes: bytes(10) },
      { name: 'b.pdf', bytes: bytes(20) },
    ]);
    expect(twoDocs.body.data.files.map((f) => f.size)).toEqual([10, 20]);

    const wrongPixels = await upload(
      alpha,
      'templateLogo',
      [{ name: 'logo.png', bytes: pngHeader(100, 100) }],
      'cn',
    );
    expect(wrongPixels.body).toMatchObject({ code: 1, msg: 'file: 图片尺寸须为260x105像素' });
    const logo = await upload(alpha, 'templateLogo', [
      { name: 'logo.png', contentType: 'image/png', bytes: pngHeader(260, 105) },
    ]);
    expect(logo.body.code, logo.body.msg).toBe(0);

    const empty = await upload(alpha, 'general', [{ name: 'empty.bin', bytes: Buffer.alloc(0) }]);
    expect(empty.body).toMatchObject({ code: 1, msg: 'file: The file is empty' });
    const none = await upload(alpha, 'general', []);
    expect(none.body.code).toBe(1);

    // Only the three accepted calls left files (one XML, two documents, one logo).
    expect((await store.objects()).length - before.length).toBe(4);
  });

  it('keeps uploads multipart and JSON calls JSON', async () => {
    const json = await alpha.call('POST', '/pl/file/upload', { kind: 'general' });
    expect(json.body.code).toBe(ErrorCode.PARAMETER_ERROR);
    const unknownKind = await upload(alpha, 'everything', [{ name: 'a.bin', bytes: bytes(1) }]);
    expect(unknownKind.body.code).toBe(ErrorCode.PARAMETER_ERROR);
    const multipartToJson = await t.app.inject({
      method: 'POST',
      url: `${t.deps.config.apiPrefix}/pl/file/getDownloadUrl`,
      headers: { ...alpha.headers(), 'content-type': MULTIPART_TYPE },
      payload: await bufferOf(multipartBody({ fileId: '1' }, [])),
    });
    expect(multipartToJson.json().code).toBe(ErrorCode.PARAMETER_ERROR);
    const before = await store.objects();
    const whole = await bufferOf(
      multipartBody({ kind: 'general' }, [{ name: 'cut.bin', bytes: bytes(5000) }]),
    );
    for (const payload of [
      whole.subarray(0, whole.length - 2000),
      Buffer.from('not a multipart form at all'),
    ]) {
      const broken = await t.app.inject({
        method: 'POST',
        url: `${t.deps.config.apiPrefix}/pl/file/upload`,
        headers: { ...alpha.headers(), 'content-type': MULTIPART_TYPE },
        payload,
      });
      expect(broken.statusCode).toBeLessThan(500);
      expect(broken.json().code).toBe(ErrorCode.PARAMETER_ERROR);
    }
    expect(await store.objects()).toEqual(before);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `${t.deps.config.apiPrefix}/pl/file/upload`,
      headers: { 'content-type': MULTIPART_TYPE },
      payload: await bufferOf(multipartBody({ kind: 'general' }, [{ name: 'a.bin', bytes: bytes(1) }])),
    });
    expect(anonymous.json().code).toBe(ErrorCode.NO_CREDENTIALS);
  });
});
