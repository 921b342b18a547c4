import {
  type CallInput,
  createOpenApiClientCall,
  OPEN_API_PREFIX,
  OPEN_API_SCOPES,
  type OpenApiClient,
} from '@fleetport/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { eventually } from '../../gateway/testing/gateway-env.ts';
import type { Owner } from '../devices/device-test-kit.ts';

/** Helpers of the open API's tests: a client made through the console, its token, calls with it. */

export interface ApiAnswer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: { code?: number; data?: unknown; msg?: string; [key: string]: unknown };
}

export async function makeClient(
  owner: Owner,
  fields: Partial<CallInput<typeof createOpenApiClientCall>> = {},
): Promise<{ client: OpenApiClient; secret: string }> {
  const made = await owner.run(createOpenApiClientCall, {
    name: `Client ${Math.random().toString(36).slice(2, 8)}`,
    scopes: [...OPEN_API_SCOPES],
    ...fields,
  });
  expect(made.code, made.msg).toBe(0);
  return { client: made.data!.client, secret: made.data!.clientSecret };
}

/** The token call with a form body, as most OAuth libraries send it. */
export async function askToken(
  app: FastifyInstance,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<ApiAnswer> {
  const res = await app.inject({
    method: 'POST',
    url: `${OPEN_API_PREFIX}/oauth/token`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
  return { status: res.statusCode, headers: res.headers, body: res.json() };
}

export async function tokenFor(
  t: TestApp,
  made: { client: OpenApiClient; secret: string },
  scope?: string,
): Promise<string> {
  const answer = await askToken(t.app, {
    grant_type: 'client_credentials',
    client_id: made.client.clientId,
    client_secret: made.secret,
    ...(scope ? { scope } : {}),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.access_token as string;
}

/** One open API call with a bearer token. */
export async function callApi(
  app: FastifyInstance,
  token: string | null,
  method: 'GET' | 'POST',
  path: string,
  options: { query?: Record<string, string>; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiAnswer> {
  const res = await app.inject({
    method,
    url: OPEN_API_PREFIX + path,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers },
    ...(options.query ? { query: options.query } : {}),
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
  return { status: res.statusCode, headers: res.headers, body: res.json() };
}

/** The calling log is written after the answer has gone: waits until a client's rows number `count`. */
export async function loggedCalls(t: TestApp, clientId: number, count: number): Promise<void> {
  await eventually(
    async () => {
      const row = await t.deps.db
        .selectFrom('open_api_call_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('client_id', '=', clientId)
        .executeTakeFirstOrThrow();
      return Number(row.n) === count;
    },
    5000,
    `${count} calls logged`,
  );
}
