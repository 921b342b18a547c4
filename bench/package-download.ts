/**
 * Package download benchmark (issue 14): 500 routers download one 20 MB firmware image at once over
 * the server's signed download link (the link a firmwareInstall command carries), beside the same 500
 * downloads of the same bytes from a bare Fastify route streaming the file from disk, in the same run.
 *
 *   npm run bench -- package-download      BENCH_DOWNLOADERS=100 node --import tsx bench/package-download.ts
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type FileLink, getFileLinkCall, type StoredFile } from '@fleetport/contract';
import Fastify from 'fastify';
import { asOwner } from '../packages/server/src/modules/devices/device-test-kit.ts';
import {
  bufferOf,
  MULTIPART_TYPE,
  multipartBody,
} from '../packages/server/src/modules/files/file-test-kit.ts';
import { registerCompany, signIn } from '../packages/server/test/accounts.ts';
import { createTestApp, testConfig } from '../packages/server/test/helpers.ts';
import { runWhenMain } from './lib/results-file.ts';
import type { ResultSection } from './lib/types.ts';

const DOWNLOADERS = Number(process.env.BENCH_DOWNLOADERS ?? 500);
const SIZE = 20 * 1024 * 1024;

interface Downloads {
  ms: number;
  bytes: number;
  /** Downloads whose byte count or sha256 did not match. */
  wrong: number;
}

/** `DOWNLOADERS` downloads of `url` at once; every body counted, a few hashed against `sha256`. */
async function downloadAll(url: string, sha256: string): Promise<Downloads> {
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: DOWNLOADERS }, async (_, i) => {
      const res = await fetch(url);
      if (res.status !== 200 || !res.body) return { bytes: 0, ok: false };
      // Hashing 10 GB would time the client: every 50th download is hashed, every one is counted.
      const hash = i % 50 === 0 ? createHash('sha256') : null;
      let bytes = 0;
      for await (const chunk of res.body) {
        bytes += chunk.byteLength;
        hash?.update(chunk);
      }
      return { bytes, ok: bytes === SIZE && (!hash || hash.digest('hex') === sha256) };
    }),
  );
  return {
    ms: performance.now() - started,
    bytes: results.reduce((sum, r) => sum + r.bytes, 0),
    wrong: results.filter((r) => !r.ok).length,
  };
}

/** The server's signed link to the uploaded image, and the server to close after. */
async function fleetport(image: Buffer, sha256: string) {
  const t = await createTestApp({ config: { ...testConfig(), mqtt: { ...testConfig().mqtt, port: 0 } } });
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const account = 'owner@bench-download.test';
    const { companyId, userId } = await registerCompany(t, { companyName: 'Bench Download', account });
    const owner = asOwner(await signIn(t, account), { companyId, userId, account });
    const res = await t.app.inject({
      method: 'POST',
      url: `${t.deps.config.apiPrefix}/pl/file/upload`,
      headers: { ...owner.headers(), language: 'en', 'content-type': MULTIPART_TYPE },
      payload: await bufferOf(
        multipartBody({ kind: 'firmware' }, [
          { name: 'r3000.bin', contentType: 'application/octet-stream', bytes: image },
        ]),
      ),
    });
    const file = res.json<{ data: { files: StoredFile[] } }>().data.files[0]!;
    if (file.sha256 !== sha256) throw new Error('the stored sha256 differs from the image');
    const link = await owner.run(getFileLinkCall, { fileId: file.fileId });
    if (link.code !== 0) throw new Error(`link: ${link.code} ${link.msg}`);
    const { url } = link.data as FileLink;
    return { url: new URL(url, base).href, close: () => t.close() };
  } catch (error) {
    await t.close();
    throw error;
  }
}

async function bare(file: string) {
  const app = Fastify();
  app.get('/image.bin', (_req, reply) =>
    reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', SIZE)
      .send(fs.createReadStream(file)),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/image.bin`;
  return { url, close: () => app.close() };
}

/** Each server is measured this many times, in turns, and its faster run kept: a burst of other work does not decide. */
const ROUNDS = 2;

export async function run(): Promise<ResultSection> {
  const load = (os.loadavg()[0] ?? 0).toFixed(1);
  const image = randomBytes(SIZE);
  const sha256 = createHash('sha256').update(image).digest('hex');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fp-bench-image-')), 'image.bin');
  fs.writeFileSync(file, image);
  const servers = { ours: await fleetport(image, sha256), bare: await bare(file) };
  const best: Record<'ours' | 'bare', Downloads | null> = { ours: null, bare: null };
  try {
    for (let round = 0; round < ROUNDS; round++)
      for (const who of ['bare', 'ours'] as const) {
        const got = await downloadAll(servers[who].url, sha256);
        if (!best[who] || got.ms < best[who].ms || got.wrong > 0) best[who] = got;
      }
  } finally {
    await servers.ours.close();
    await servers.bare.close();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
  const ours = best.ours!;
  const limit = best.bare!;
  if (ours.wrong > 0 || limit.wrong > 0)
    throw new Error(`downloads that did not match: ${ours.wrong} (server), ${limit.wrong} (bare)`);
  const mbps = (d: Downloads) => d.bytes / 1024 / 1024 / (d.ms / 1000);
  return {
    title: `Package download: ${DOWNLOADERS} routers fetch one 20 MB image at once (\`bench/package-download.ts\`)`,
    method:
      `A full server on in-memory PGlite with its local file store on disk; a company uploads a 20 MB firmware ` +
      `image (random bytes) and asks for its signed link. ${DOWNLOADERS} HTTP clients in this process (fetch, one ` +
      'connection each) then download it at once, as routers follow a firmwareInstall command; every download is ' +
      'counted to the byte and every 50th checked against the sha256. The limit is the same downloads of the same ' +
      'file from a bare Fastify route streaming it from disk. Both servers run in this process with the clients; ' +
      `each is measured ${ROUNDS} times in turns and its faster run is shown. ` +
      `Load average at start ${load} on ${os.cpus().length} cores.`,
    measurements: [
      {
        what: `${DOWNLOADERS} downloads of 20 MB at once, every byte received`,
        value: ours.ms,
        unit: 'ms',
        limit: { what: 'bare Fastify route streaming the file from disk', value: limit.ms },
        higherIsBetter: false,
      },
      {
        what: 'download throughput, all clients together',
        value: mbps(ours),
        unit: 'MB/s',
        limit: { what: 'bare Fastify route streaming the file from disk', value: mbps(limit) },
        higherIsBetter: true,
      },
    ],
  };
}

runWhenMain(import.meta.url, run);
