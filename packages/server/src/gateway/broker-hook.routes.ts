import { timingSafeEqual } from 'node:crypto';
import { parseDeviceUsername } from '@fleetport/contract';
import type { FastifyInstance } from 'fastify';
import type { MqttConfig } from '../platform/config.ts';
import type { Gateway } from './gateway.ts';

/**
 * Authentication and ACL for an external broker, in the format of EMQX's HTTP authenticator and
 * HTTP authorizer (docs/deployment.md): the broker posts the client's credentials or the topic it
 * wants, the server answers `{"result": "allow" | "deny"}`. The same rules as the embedded broker.
 */
export const BROKER_HOOK_PATHS = {
  authenticate: '/gateway/mqtt/authenticate',
  authorize: '/gateway/mqtt/authorize',
} as const;

interface AuthenticateBody {
  username?: string;
  password?: string;
  clientid?: string;
}

interface AuthorizeBody {
  username?: string;
  clientid?: string;
  topic?: string;
  action?: string;
}

type Verdict = { result: 'allow' | 'deny'; is_superuser?: boolean };

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function registerBrokerHook(
  app: FastifyInstance,
  prefix: string,
  config: MqttConfig,
  gateway: () => Gateway,
) {
  const server =
    config.username && config.password ? { username: config.username, password: config.password } : null;

  function trusted(authorization: string | undefined): boolean {
    return !config.hookToken || sameText(authorization ?? '', `Bearer ${config.hookToken}`);
  }

  app.post<{ Body: AuthenticateBody }>(
    prefix + BROKER_HOOK_PATHS.authenticate,
    async (request): Promise<Verdict> => {
      if (!trusted(request.headers.authorization)) return { result: 'deny' };
      const { username, password, clientid } = request.body ?? {};
      // The server nodes' own client may do anything, shared subscriptions included.
      if (server && username === server.username && sameText(password ?? '', server.password)) {
        return { result: 'allow', is_superuser: true };
      }
      const verdict = await gateway().gatekeeper.authenticate(username, password, clientid ?? '');
      return { result: verdict.ok ? 'allow' : 'deny', is_superuser: false };
    },
  );

  app.post<{ Body: AuthorizeBody }>(
    prefix + BROKER_HOOK_PATHS.authorize,
    async (request): Promise<Verdict> => {
      if (!trusted(request.headers.authorization)) return { result: 'deny' };
      const { username, topic, action } = request.body ?? {};
      if (server && username === server.username) return { result: 'allow' };
      const { gatekeeper } = gateway();
      const login = parseDeviceUsername(username);
      if (!login || !topic) return { result: 'deny' };
      const allowed =
        action === 'publish'
          ? gatekeeper.mayPublish(login, topic)
          : action === 'subscribe' && gatekeeper.maySubscribe(login, topic);
      return { result: allowed ? 'allow' : 'deny' };
    },
  );
}
