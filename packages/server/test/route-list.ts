import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  /** The URL pattern as registered, e.g. `/api/health`, `/rcms/*`, `/api/devices/:sn`. */
  url: string;
}

/**
 * Every route Fastify has registered, read from its own route tree (`printRoutes`), so routes that
 * do not come from the contract (the console, the API docs, plugins) are found too. HEAD routes that
 * Fastify adds beside each GET are left out.
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: RegisteredRoute[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([\s│]*)[└├]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    const url = stack.join('');
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method && method !== 'HEAD') routes.push({ method, url });
    }
  }
  return routes;
}

/** A concrete URL for a pattern: parameters and wildcards filled with harmless values. */
export function concreteUrl(pattern: string): string {
  return pattern.replace(/:(\w+)/g, 'fuzz-$1').replace(/\*$/, 'fuzz/deep/path');
}
