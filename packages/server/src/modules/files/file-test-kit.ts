import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { testConfig } from '../../../test/helpers.ts';
import type { ServerConfig } from '../../platform/config.ts';

/**
 * The two file stores the file tests run against: the local directory, and a real S3-protocol
 * server (s3rver from npm) on a free loopback port with a throw-away directory.
 */
export interface StoreUnderTest {
  name: 'local' | 's3';
  config: ServerConfig;
  /** Every object the store holds (for the local store, every file under its directory, half-written ones too). */
  objects(): Promise<string[]>;
  close(): Promise<void>;
}

const BUCKET = 'fleetport-test';

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

export async function localStore(): Promise<StoreUnderTest> {
  const config = testConfig();
  return {
    name: 'local',
    config,
    objects: async () => filesUnder(path.join(config.dataDir, 'files')),
    close: async () => fs.rmSync(config.dataDir, { recursive: true, force: true }),
  };
}

/**
 * s3rver in a child process, so the server's memory measured by the tests is the server's alone and
 * the S3 server's work runs on the other core.
 */
async function startS3rver(directory: string): Promise<{ port: number; stop(): Promise<void> }> {
  const script = `
    const S3rver = require('s3rver');
    const server = new S3rver({ port: 0, address: '127.0.0.1', directory: process.argv[1], silent: true,
      configureBuckets: [{ name: '${BUCKET}', configs: [] }] });
    server.run().then((address) => process.send({ port: address.port }));
    process.on('disconnect', () => server.close().then(() => process.exit(0)));`;
  const child = spawn(process.execPath, ['-e', script, directory], {
    cwd: path.resolve(import.meta.dirname, '../../../../..'),
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const [message] = (await once(child, 'message')) as [{ port: number }];
  return {
    port: message.port,
    async stop() {
      const exited = once(child, 'exit');
      child.disconnect();
      await exited;
    },
  };
}

export async function s3Store(): Promise<StoreUnderTest> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetport-s3rver-'));
  const server = await startS3rver(directory);
  const endpoint = `http://127.0.0.1:${server.port}`;
  const config = testConfig({
    files: {
      ...testConfig().files,
      storeUrl: `s3://${BUCKET}/uploads?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`,
      // s3rver's fixed development credentials.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    },
  });
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    name: 's3',
    config,
    async objects() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return (listed.Contents ?? []).map((object) => object.Key ?? '');
    },
    async close() {
      client.destroy();
      await server.stop();
      fs.rmSync(directory, { recursive: true, force: true });
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

export const STORES = [
  ['local', localStore],
  ['s3', s3Store],
] as const;

export const BOUNDARY = 'fleetport-test-boundary';

export interface UploadPart {
  name: string;
  contentType?: string;
  bytes: Buffer | (() => AsyncIterable<Buffer>);
}

/** A multipart/form-data body: the fields, then the files, streamed. */
export async function* multipartBody(
  fields: Record<string, string>,
  files: UploadPart[],
): AsyncGenerator<Buffer> {
  for (const [name, value] of Object.entries(fields))
    yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  for (const file of files) {
    yield Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    );
    if (Buffer.isBuffer(file.bytes)) yield file.bytes;
    else yield* file.bytes();
    yield Buffer.from('\r\n');
  }
  yield Buffer.from(`--${BOUNDARY}--\r\n`);
}

export async function bufferOf(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/**
 * Posts a streamed body over real HTTP. Stops sending as soon as the server answers (a refused
 * upload is answered before the body ends) and returns the status and the parsed envelope.
 */
export function postStream(
  url: string,
  headers: Record<string, string>,
  body: AsyncIterable<Buffer>,
): Promise<{ status: number; body: { code: number; msg: string; data: unknown }; sentBytes: number }> {
  return new Promise((resolve, reject) => {
    const source = Readable.from(body);
    let sentBytes = 0;
    let answered = false;
    const request = http.request(url, {
      method: 'POST',
      headers: { 'content-type': MULTIPART_TYPE, ...headers },
    });
    request.on('response', (response) => {
      answered = true;
      source.unpipe(request);
      source.destroy();
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        request.destroy();
        try {
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString()),
            sentBytes,
          });
        } catch (error) {
          reject(error);
        }
      });
      response.on('error', reject);
    });
    // Writing after the server answered and closed is expected (EPIPE), and on a loaded machine the
    // write can fail before the answer is read: only an error with no answer after a while fails.
    request.on('error', (error) => {
      if (!answered) setTimeout(() => answered || reject(error), 30_000);
    });
    source.on('data', (chunk: Buffer) => {
      sentBytes += chunk.length;
    });
    source.pipe(request);
  });
}

/**
 * Sends the whole body over a raw socket before reading a byte of the answer, as a client busy
 * writing does. If the server closes with the body unread, the client's kernel gets a reset and the
 * answer is lost: this rejects with ECONNRESET or EPIPE instead of returning the answer.
 */
export async function sendAllThenRead(
  url: string,
  headers: Record<string, string>,
  body: AsyncIterable<Buffer>,
  length: number,
): Promise<{ status: number; body: { code: number; msg: string } }> {
  const { hostname, port, pathname } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  const failed = new Promise<never>((_, reject) => socket.once('error', reject));
  failed.catch(() => {});
  await Promise.race([once(socket, 'connect'), failed]);
  const head = Object.entries({
    ...headers,
    'content-type': MULTIPART_TYPE,
    'content-length': String(length),
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.write(`POST ${pathname} HTTP/1.1\r\nhost: ${hostname}:${port}\r\n${head}\r\n`);
  for await (const chunk of body) {
    if (!socket.write(chunk)) await Promise.race([once(socket, 'drain'), failed]);
  }
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  await Promise.race([once(socket, 'end'), failed]);
  socket.destroy();
  const text = Buffer.concat(chunks).toString();
  const [statusLine = ''] = text.split('\r\n');
  return {
    status: Number(statusLine.split(' ')[1]),
    body: JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)),
  };
}

/** `mb` MiB of cheap, non-constant bytes: one 1 MiB block sent again and again, never allocated whole. */
export function* megabytes(mb: number, seed = 7): Generator<Buffer> {
  const block = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < block.length; i++) block[i] = (i * 31 + seed) & 0xff;
  for (let i = 0; i < mb; i++) yield block;
}

/** A PNG's first bytes with the given pixel size (enough for the server's header check). */
export function pngHeader(width: number, height: number): Buffer {
  const head = Buffer.alloc(64);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(head, 0);
  head.writeUInt32BE(13, 8);
  head.write('IHDR', 12, 'ascii');
  head.writeUInt32BE(width, 16);
  head.writeUInt32BE(height, 20);
  return head;
}
