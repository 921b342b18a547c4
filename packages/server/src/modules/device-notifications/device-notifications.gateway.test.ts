import { deviceNotificationListCall, groupUnreadAlertSummaryCall } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { eventually, type GatewayEnv, openGatewayEnv, TEST_MAC } from '../../gateway/testing/gateway-env.ts';
import { claimDevice, claimProof, TestDevice } from '../../gateway/testing/test-device.ts';
import type { LiveEvent } from '../../platform/live/hub.ts';
import { companyOwner, type Owner } from '../devices/device-test-kit.ts';

/** Notifications written by the gateway as real devices connect, drop and report over MQTT. */
describe(`device notifications over real MQTT (${process.env.MQTT_TEST_BROKER ?? 'embedded'} broker)`, () => {
  let env: GatewayEnv;
  let acme: Owner;
  const heard: LiveEvent[] = [];

  const kinds = async (sn: string) =>
    (await acme.run(deviceNotificationListCall, { pageSize: 20, sn })).data?.list.map((n) => n.bizType) ?? [];

  beforeAll(async () => {
    env = await openGatewayEnv();
    const server = await env.startServer();
    const prefix = server.deps.config.apiPrefix;
    // The API of the node the devices talk to, in the shape the account helpers expect.
    const t = {
      app: server.app,
      deps: server.deps,
      database: env.database,
      clock: server.deps.clock,
      async call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
        const res = await server.app.inject({
          method: method as 'POST',
          url: prefix + url,
          headers: { language: 'en', ...headers },
          ...(body !== undefined ? { payload: body as object } : {}),
        });
        return { status: res.statusCode, body: res.json() };
      },
    } as unknown as TestApp;
    acme = await companyOwner(t, 'Acme Live Notes', 'owner@acme-live-notes.test');
    server.deps.hub.subscribe((e) => heard.push(e), acme.companyId);
  });
  afterAll(() => env?.close());

  it('tells the company when a device registers, goes offline, returns and raises an alarm', async () => {
    const sn = 'FPNOTE000001';
    const secret = await env.provisionDevice(sn, { companyId: acme.companyId });
    await eventually(async () => (await kinds(sn)).includes('deviceClaimed'), 5000, 'claimed note');

    const device = await TestDevice.connect(env.deviceUrl(), sn, secret);
    await eventually(
      async () =>
        (await env.database.db.selectFrom('device').select('online').where('sn', '=', sn).executeTakeFirst())
          ?.online,
      5000,
      'online',
    );
    // A first connection is not news.
    expect(await kinds(sn)).toEqual(['deviceClaimed']);

    device.drop();
    await eventually(async () => (await kinds(sn))[0] === 'deviceOffline', 8000, 'offline note');
    // The live event follows the commit (on PostgreSQL through LISTEN/NOTIFY): it may come a moment later.
    const lastLive = () =>
      heard.filter((e) => e.name === 'notifications.new').at(-1)?.data as
        | { severities?: string[] }
        | undefined;
    await eventually(async () => lastLive()?.severities?.[0] === 'major', 8000, 'offline live event');
    expect(lastLive()).toMatchObject({ count: 1, sn, severities: ['major'] });

    const back = await TestDevice.connect(env.deviceUrl(), sn, secret);
    await eventually(async () => (await kinds(sn))[0] === 'deviceOnline', 8000, 'online note');

    await back.publish('event', {
      type: 'event',
      ts: Date.now(),
      event: { name: 'alarm', severity: 'minor', code: 'simLow', message: 'SIM 1 credit low' },
    });
    await eventually(async () => (await kinds(sn))[0] === 'alert', 5000, 'alert note');
    const list = (await acme.run(deviceNotificationListCall, { pageSize: 1, sn })).data?.list;
    expect(list?.[0]).toMatchObject({
      severity: 'minor',
      content: 'simLow: SIM 1 credit low',
      checked: false,
    });
    const summary = await acme.run(groupUnreadAlertSummaryCall, {});
    expect(summary.data?.total).toBe(1);
    await back.end();
  });

  it('tells the importing company once when a claim is refused', async () => {
    if (env.brokerKind !== 'embedded') return; // Mosquitto refuses the proof itself, unseen by the server.
    const sn = 'FPNOTE000002';
    await env.importDevice(sn, TEST_MAC, acme.companyId);
    const wrong = claimProof(sn, '00:11:22:33:44:55');
    for (let i = 0; i < 2; i++)
      await claimDevice(env.deviceUrl(), sn, TEST_MAC, wrong).catch(() => undefined);
    await eventually(async () => (await kinds(sn)).includes('claimRefused'), 5000, 'refused note');
    expect(await kinds(sn)).toEqual(['claimRefused']);
    const note = (await acme.run(deviceNotificationListCall, { pageSize: 1, sn })).data?.list[0];
    expect(note?.extend).toEqual({ reason: 'mismatch' });
  });
});
