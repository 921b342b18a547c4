import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_CSP, serveWebConsole } from './web-console.ts';

let app: FastifyInstance;
let outside: string;

beforeAll(async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetport-console-'));
  const dist = path.join(root, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  // A file beside the console that must stay invisible.
  outside = path.join(root, 'secret.txt');
  fs.writeFileSync(outside, 'secret');
  app = Fastify({ logger: false });
  await serveWebConsole(app, dist, '/rcms/');
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

const get = (url: string, language = 'en') => app.inject({ method: 'GET', url, headers: { language } });

describe('the console files', () => {
  it('serves files and deep links with a Content-Security-Policy that allows no inline script', async () => {
    const file = await get('/rcms/assets/app.js');
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
