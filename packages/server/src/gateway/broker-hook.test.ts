import { claimUsername, downTopic, upTopic } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKER_HOOK_PATHS } from './broker-hook.routes.ts';
import { type GatewayEnv, openGatewayEnv, TEST_MAC, type TestServer } from './testing/gateway-env.ts';
import { claimProof } from './testing/test-device.ts';

/** The HTTP hook an external broker (EMQX) calls, in EMQX's request and answer format. */
describe('broker HTTP authentication and ACL hook', () => {
  let env: GatewayEnv;
  let server: TestServer;
  const sn = 'FPHOOK00001';
  let secret: string;

  beforeAll(async () => {
    env = await openGatewayEnv({ brokerKind: 'embedded' });
    server = await env.startServer();
    secret = await env.provisionDevice(sn);
  });
  afterAll(() => env?.close());

  async function post(which: keyof typeof BROKER_HOOK_PATHS, body: object, token?: string) {
    const res = await server.app.inject({
      method: 'POST',
      url: server.deps.config.apiPrefix + BROKER_HOOK_PATHS[which],
      payload: body,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { result: string; is_superuser?: boolean };
  }

  it('allows a device with its secret and denies a wrong one', async () => {
    expect(await post('authenticate', { username: sn, password: secret, clientid: sn })).toEqual({
      result: 'allow',
      is_superuser: false,
    });
    expect(await post('authenticate', { username: sn, password: `${secret}x`, clientid: sn })).toMatchObject({
      result: 'deny',
    });
    // Another client id would let someone take over the device's session.
    expect(
      await post('authenticate', { username: sn, password: secret, clientid: 'someone-else' }),
    ).toMatchObject({ result: 'deny' });
    expect(
      await post('authenticate', { username: sn, password: secret, clientid: `${sn}:shell` }),
    ).toMatchObject({ result: 'allow' });
  });

  it('checks a claim proof against the import row', async () => {
    const newSn = 'FPHOOK00002';
    await env.importDevice(newSn, TEST_MAC);
    const user = claimUsername(newSn);
    expect(
      await post('authenticate', { username: user, password: claimProof(newSn, TEST_MAC), clientid: user }),
    ).toMatchObject({ result: 'allow' });
    expect(
      await post('authenticate', {
        username: user,
        password: claimProof(newSn, '00:00:00:00:00:01'),
        clientid: user,
      }),
    ).toMatchObject({
      result: 'deny',
    });
  });

  it('limits a device to its own topics', async () => {
    const allowed = (topic: string, action: string) =>
      post('authorize', { username: sn, clientid: sn, topic, action });
    expect(await allowed(upTopic(sn, 'telemetry'), 'publish')).toEqual({ result: 'allow' });
    expect(await allowed(downTopic(sn, 'rpc'), 'subscribe')).toEqual({ result: 'allow' });
    expect(await allowed(upTopic('FPOTHER0001', 'telemetry'), 'publish')).toEqual({ result: 'deny' });
    expect(await allowed(downTopic('FPOTHER0001', 'rpc'), 'subscribe')).toEqual({ result: 'deny' });
    expect(await allowed('fp/#', 'subscribe')).toEqual({ result: 'deny' });
    expect(await allowed(downTopic(sn, 'rpc'), 'publish')).toEqual({ result: 'deny' });
  });
});
