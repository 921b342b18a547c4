import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_CSP, serveWebConsole } from './web-console.ts';

const script = `console.log(${JSON.stringify('fleetport '.repeat(400))});`;
let root: string;
let outside: string;
const app = Fastify({ logger: { level: 'error' } });

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetport-console-'));
  const dist = path.join(root, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="/rcms/assets/app-3f2a1b.js"></script>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'app-3f2a1b.js'), script);
  fs.writeFileSync(path.join(dist, 'assets', 'app-3f2a1b.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dist, 'assets', 'app-3f2a1b.js.gz'), zlib.gzipSync(script));
  // A file beside the console that must stay invisible.
  outside = path.join(root, 'secret.txt');
  fs.writeFileSync(outside, 'secret');
  await serveWebConsole(app, dist, '/rcms/');
});

afterAll(async () => {
  await app.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const get = (url: string, language = 'en') => app.inject({ method: 'GET', url, headers: { language } });

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

  it('serves files and deep links with a Content-Security-Policy that allows no inline script', async () => {
    const file = await get('/rcms/assets/app-3f2a1b.js');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-security-policy']).toBe(CONSOLE_CSP);
    const page = await get('/rcms/robustlink/device/allDevices');
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['content-security-policy']).toBe(CONSOLE_CSP);
    expect(CONSOLE_CSP).toContain("script-src 'self'");
    expect(CONSOLE_CSP).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('answers a path outside the console exactly like a missing file', async () => {
    const missing = await get('/rcms/assets/nothing.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe('File not found');
    for (const probe of ['/rcms/..%2fsecret.txt', '/rcms/assets/..%2f..%2fsecret.txt']) {
      const res = await get(probe);
      expect({ probe, status: res.statusCode, body: res.body }).toEqual({
        probe,
        status: 404,
        body: 'File not found',
      });
    }
    expect(fs.existsSync(outside)).toBe(true);
    expect((await get('/rcms/nothing.css', 'cn')).body).toBe('文件不存在');
  });
});
