import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWebConsole } from './web-console.ts';

const script = `console.log(${JSON.stringify('fleetport '.repeat(400))});`;
let dist: string;
const app = Fastify({ logger: { level: 'error' } });

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetport-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><script type="module" src="/rcms/assets/app-3f2a1b.js"></script>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'app-3f2a1b.js'), script);
  fs.writeFileSync(path.join(dist, 'assets', 'app-3f2a1b.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dist, 'assets', 'app-3f2a1b.js.gz'), zlib.gzipSync(script));
  await serveWebConsole(app, dist, '/rcms/');
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the built console', () => {
  it('sends the precompressed copy the browser accepts, cached for a year', async () => {
    const br = await app.inject({
      url: '/rcms/assets/app-3f2a1b.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gzip = await app.inject({
      url: '/rcms/assets/app-3f2a1b.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ url: '/rcms/assets/app-3f2a1b.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('never lets a browser cache index.html, which names the current build', async () => {
    for (const url of ['/rcms/', '/rcms/robustlink/devices/allDevices']) {
      const page = await app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('app-3f2a1b.js');
    }
  });
});
