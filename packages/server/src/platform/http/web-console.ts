import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { languageOf } from './calls.ts';
import { HTTP_TEXT } from './http.text.ts';

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Fleetport</title>
<p>The console has not been built yet. Run <code>npm run build</code> (npm start does it for you).</p>`;

/**
 * The console's Content-Security-Policy: scripts only from the console's own files, so a name that
 * slipped into the page as markup still cannot run. Styles may be inline (Ant Design writes its CSS
 * at run time, and a style cannot run script); images may come from map tile servers and data: URLs
 * (the captcha); calls and the live socket go to the same origin.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** A file of the built console, or null: a path that leaves the console's directory is never looked up. */
function consoleFile(webDist: string, rel: string): string | null {
  const root = path.resolve(webDist);
  const file = path.resolve(root, rel);
  if (!file.startsWith(root + path.sep)) return null;
  return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ? path.relative(root, file) : null;
}

/**
 * Serves the built console under the base path. Any path under it that is not a file gets
 * index.html, so a deep link refreshed in the browser renders (history-mode routing). A path with a
 * file extension that names no file of the console answers 404 "File not found" whether or not
 * something exists there outside the console, so the answer tells nothing about the server's disk.
 */
export async function serveWebConsole(app: FastifyInstance, webDist: string, basePath: string) {
  const indexFile = path.join(webDist, 'index.html');
  const built = fs.existsSync(indexFile);
  app.get('/', (_request, reply) => reply.redirect(basePath));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: basePath,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (packages/web/build/precompress.mjs).
      preCompressed: true,
      setHeaders(reply: import('fastify').FastifyReply, filePath: string) {
        // Hashed names change with their content, so a browser may keep them for a year unasked.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(basePath)) reply.header('content-security-policy', CONSOLE_CSP);
  });
  const sendIndex = (_request: unknown, reply: FastifyReply) => {
    if (!built) return reply.type('text/html').send(NOT_BUILT);
    // index.html must never be cached: it names the hashed bundles of the current build.
    return reply.header('cache-control', 'no-cache').type('text/html').send(fs.readFileSync(indexFile));
  };
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply.status(404).type('text/plain; charset=utf-8').send(HTTP_TEXT.fileNotFound[languageOf(request)]);
  app.get(basePath, sendIndex);
  app.get(`${basePath}*`, (request, reply) => {
    const rel = (request.params as { '*': string })['*'] ?? '';
    const file = built && rel ? consoleFile(webDist, rel) : null;
    if (file) return reply.sendFile(file);
    if (path.extname(rel)) return notFound(request, reply);
    return sendIndex(request, reply);
  });
  if (basePath !== '/') app.get(basePath.replace(/\/$/, ''), (_request, reply) => reply.redirect(basePath));
}
