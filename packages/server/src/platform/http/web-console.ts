import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Fleetport</title>
<p>The console has not been built yet. Run <code>npm run build</code> (npm start does it for you).</p>`;

/**
 * Serves the built console under the base path. Any path under it that is not a file gets
 * index.html, so a deep link refreshed in the browser renders (history-mode routing).
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
  const sendIndex = (_request: unknown, reply: import('fastify').FastifyReply) => {
    if (!built) return reply.type('text/html').send(NOT_BUILT);
    // index.html must never be cached: it names the hashed bundles of the current build.
    return reply.header('cache-control', 'no-cache').type('text/html').send(fs.readFileSync(indexFile));
  };
  app.get(basePath, sendIndex);
  app.get(`${basePath}*`, (request, reply) => {
    const rel = (request.params as { '*': string })['*'];
    if (built && rel && path.extname(rel) && fs.existsSync(path.join(webDist, path.normalize(rel)))) {
      return reply.sendFile(path.normalize(rel));
    }
    if (path.extname(rel ?? '') && rel?.startsWith('assets/')) return reply.status(404).send('not found');
    return sendIndex(request, reply);
  });
  if (basePath !== '/') app.get(basePath.replace(/\/$/, ''), (_request, reply) => reply.redirect(basePath));
}
