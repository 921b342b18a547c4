/**
 * Big uploads over real HTTP, on the local store and on s3rver: a 600 MB upload is refused with
 * 14063 before the store grows (streamed without a length, and declared with one), and a 300 MB
 * firmware upload streams through with the server's memory (RSS) growing by less than 64 MB.
 * The bytes are generated from one reused 1 MiB block, so the test process never holds a file.
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { ErrorCode, type StoredFile } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompany, type SignedIn, signIn } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  megabytes,
  multipartBody,
  postStream,
  STORES,
  type StoreUnderTest,
  sendAllThenRead,
} from './file-test-kit.ts';

const MB = 1024 * 1024;
const BIG_TIMEOUT = 300_000;

describe.each(STORES)('big uploads on the %s store', (_name, makeStore) => {
  let store: StoreUnderTest;
  let t: TestApp;
  let owner: SignedIn;
  let uploadUrl: string;

  // A loaded machine can take a while to build the app and register; nothing here is timed.
  beforeAll(async () => {
    store = await makeStore();
    t = await createTestApp({ config: store.config });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    uploadUrl = `http://127.0.0.1:${port}${t.deps.config.apiPrefix}/pl/file/upload`;
    await registerCompany(t, { companyName: 'Big Files', account: 'owner@big-files.example' });
    owner = await signIn(t, 'owner@big-files.example');
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await store?.close();
  }, 120_000);

  const firmwarePart = (mb: number) => ({
    name: 'R1520-big.bin',
    bytes: () => megabytes(mb) as unknown as AsyncIterable<Buffer>,
  });

  it(
    'refuses a 600 MB upload streamed without a length with 14063, keeping nothing',
    async () => {
      const before = await store.objects();
      const res = await postStream(
        uploadUrl,
        owner.headers(),
        multipartBody({ kind: 'general' }, [firmwarePart(600)]),
      );
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({
        code: ErrorCode.FILE_TOO_LARGE,
        msg: 'The file must not exceed 500 MB',
      });
      // Refused at the limit with nothing stored. How much of the rest the client pushes before it
      // reads the answer depends on the machine's load: the server discards it under its linger.
      expect(res.sentBytes).toBeGreaterThan(500 * MB);
      expect(await store.objects()).toEqual(before);
    },
    BIG_TIMEOUT,
  );

  it(
    'lets a client that keeps sending after a refusal read the answer (no reset)',
    async () => {
      // Refused at its first field, with 64 MB still to come: the server answers at once and must
      // not reset the connection while the client is still writing.
      const body = () => multipartBody({ kind: 'bogus' }, [firmwarePart(64)]);
      let length = 0;
      for await (const chunk of body()) length += chunk.length;
      const res = await sendAllThenRead(uploadUrl, owner.headers(), body(), length);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(ErrorCode.PARAMETER_ERROR);
      expect(res.body.msg).toContain('kind');
    },
    BIG_TIMEOUT,
  );

  it(
    'refuses a 600 MB upload by its declared length before reading it',
    async () => {
      const before = await store.objects();
      const body = multipartBody({ kind: 'firmware' }, [firmwarePart(600)]);
      const res = await postStream(
        uploadUrl,
        owner.headers({ 'content-length': String(600 * MB + 400) }),
        body,
      );
      expect(res.body.code).toBe(ErrorCode.FILE_TOO_LARGE);
      expect(res.sentBytes).toBeLessThan(64 * MB);
      expect(await store.objects()).toEqual(before);
    },
    BIG_TIMEOUT,
  );

  it(
    'streams a 300 MB firmware upload with the server growing by less than 64 MB',
    async () => {
      // Warm the path first, so the measurement sees the upload and not the first use of the code.
      const warm = await postStream(
        uploadUrl,
        owner.headers(),
        multipartBody({ kind: 'firmware' }, [firmwarePart(2)]),
      );
      expect(warm.body.code, warm.body.msg).toBe(0);
      const before = await store.objects();

      const expected = createHash('sha256');
      for (const block of megabytes(300)) expected.update(block);
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 10);
      const res = await postStream(
        uploadUrl,
        owner.headers(),
        multipartBody({ kind: 'firmware' }, [firmwarePart(300)]),
      );
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);

      expect(res.body.code, res.body.msg).toBe(0);
      const [file] = (res.body.data as { files: StoredFile[] }).files;
      expect(file).toMatchObject({ kind: 'firmware', size: 300 * MB, sha256: expected.digest('hex') });
      expect((peak - baseline) / MB).toBeLessThan(64);
      expect((await store.objects()).length).toBe(before.length + 1);
    },
    BIG_TIMEOUT,
  );
});
