import { DEVICE_EXAMPLES, downTopic } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findDeviceConfig,
  findDeviceStatus,
  listTelemetry,
} from '../modules/devices/device-reports.store.ts';
import { findDevice } from '../modules/devices/devices.store.ts';
import { companyScope } from '../platform/auth/actor.ts';
import type { LiveEvent } from '../platform/live/hub.ts';
import { applyRetention } from './retention.ts';
import {
  eventually,
  type GatewayEnv,
  openGatewayEnv,
  TEST_COMPANY,
  TEST_MAC,
} from './testing/gateway-env.ts';
import { claimDevice, claimProof, connectMqtt, TestDevice } from './testing/test-device.ts';

describe(`device sessions over real MQTT (${process.env.MQTT_TEST_BROKER ?? 'embedded'} broker)`, () => {
  let env: GatewayEnv;
  const events: LiveEvent[] = [];

  beforeAll(async () => {
    env = await openGatewayEnv();
    const server = await env.startServer();
    server.deps.hub.subscribe((event) => events.push(event), TEST_COMPANY);
  });
  afterAll(() => env?.close());

  it('claims an imported device: the secret it receives lets it in, and the device is registered', async () => {
    const sn = 'FPCLAIM0001';
    const secret = await env.provisionDevice(sn);
    expect(secret.length).toBeGreaterThanOrEqual(24);
    const row = await findDevice(env.database.db, sn);
    expect(row).toMatchObject({ sn, company_id: TEST_COMPANY, mac: TEST_MAC, name: `Router ${sn}` });
    // Only a hash is kept.
    expect(row?.secret_hash).not.toContain(secret);
    const device = await TestDevice.connect(env.deviceUrl(), sn, secret);
    // The claim already stored what the device said when claiming (firmware among it); the hello
    // is what brings the IMEI, so wait for that.
    await eventually(
      async () => (await findDevice(env.database.db, sn))?.imei === DEVICE_EXAMPLES.hello.imei,
      5000,
      'hello stored',
    );
    const updated = await findDevice(env.database.db, sn);
    expect(updated).toMatchObject({
      model: 'R3000-Q',
      series: 'r3000',
      sim_count: 2,
      imei: DEVICE_EXAMPLES.hello.imei,
    });
    expect(updated?.capabilities).toMatchObject({ cellular: true, dualSim: true });
    await device.end();
  });

  it('refuses a claim whose proof does not match the imported MAC, and logs it', async () => {
    const sn = 'FPCLAIM0002';
    await env.importDevice(sn, TEST_MAC);
    const wrong = claimProof(sn, '00:11:22:33:44:55');
    await env.allowClaim(sn, claimProof(sn, TEST_MAC));
    await expect(claimDevice(env.deviceUrl(), sn, TEST_MAC, wrong)).rejects.toMatchObject({
      code: expect.any(Number),
    });
    if (env.brokerKind === 'embedded') {
      const log = await env.database.db
        .selectFrom('device_claim_log')
        .selectAll()
        .where('sn', '=', sn)
        .execute();
      expect(log).toMatchObject([{ outcome: 'refused', reason: 'mismatch', company_id: TEST_COMPANY }]);
    }
  });

  it('refuses an SN no company imported (CONNACK 5 on the embedded broker)', async () => {
    const sn = 'FPUNKNOWN01';
    const error = await claimDevice(env.deviceUrl(), sn, TEST_MAC).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 5 });
    expect(await findDevice(env.database.db, sn)).toBeUndefined();
  });

  it('refuses a wrong secret (CONNACK 4 on the embedded broker, 5 on Mosquitto)', async () => {
    const sn = 'FPSECRET001';
    await env.provisionDevice(sn);
    const error = await connectMqtt(env.deviceUrl(), {
      clientId: sn,
      username: sn,
      password: 'not-the-secret-at-all-000000',
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: env.brokerKind === 'embedded' ? 4 : 5 });
  });

  it("gives a device that subscribes to another device's topic nothing", async () => {
    const victim = 'FPACLVICTIM';
    const intruderSn = 'FPACLINTRUD';
    const victimSecret = await env.provisionDevice(victim);
    const intruderSecret = await env.provisionDevice(intruderSn);
    const intruder = await TestDevice.connect(env.deviceUrl(), intruderSn, intruderSecret);
    const heard: string[] = [];
    intruder.client.on('message', (topic) => heard.push(topic));
    // Each refused filter gets SUBACK 0x80, which MQTT.js reports as a subscribe error.
    for (const filter of [downTopic(victim, 'rpc'), 'fp/#', 'fp/+/down/rpc', downTopic(victim, 'claim')]) {
      await expect(intruder.client.subscribeAsync(filter, { qos: 1 })).rejects.toThrow(/Subscribe error/);
    }
    const device = await TestDevice.connect(env.deviceUrl(), victim, victimSecret);
    const [command] = await env.servers[0]!.gateway.rpc.send({
      companyId: TEST_COMPANY,
      sns: [victim],
      method: 'reboot',
      params: {},
    });
    expect((await device.nextCommand()).id).toBe(command?.id);
    await new Promise((r) => setTimeout(r, 300));
    expect(heard).toEqual([]);
    await Promise.all([device.end(), intruder.end()]);
  });

  it('shows a device offline within seconds of its connection dropping, and online again when it returns', async () => {
    const sn = 'FPPRESENCE1';
    const secret = await env.provisionDevice(sn);
    const device = await TestDevice.connect(env.deviceUrl(), sn, secret);
    await eventually(async () => (await findDevice(env.database.db, sn))?.online === true, 5000, 'online');
    const dropped = Date.now();
    device.drop();
    await eventually(async () => (await findDevice(env.database.db, sn))?.online === false, 5000, 'offline');
    expect(Date.now() - dropped).toBeLessThan(5000);
    expect(
      events
        .filter((e) => e.name === 'device.presence' && e.data.sn === sn)
        .map((e) => (e.data as { online: boolean }).online),
    ).toEqual([true, false]);
    const back = await TestDevice.connect(env.deviceUrl(), sn, secret);
    await eventually(
      async () => (await findDevice(env.database.db, sn))?.online === true,
      5000,
      'online again',
    );
    await back.end();
  });

  it('stores status modules, events, syslog lines and the configuration XML', async () => {
    const sn = 'FPREPORTS01';
    const device = await TestDevice.connect(env.deviceUrl(), sn, await env.provisionDevice(sn));
    const now = Date.now();
    await device.publish('status', { ...DEVICE_EXAMPLES.status, ts: now });
    await device.publish('event', { ...DEVICE_EXAMPLES.event, ts: now });
    await device.publish('syslog', { ...DEVICE_EXAMPLES.syslog, ts: now });
    await device.publish('config', { ...DEVICE_EXAMPLES.config, ts: now });
    const { db } = env.database;
    const expected = {
      xml: DEVICE_EXAMPLES.config.xml,
      last_updated_time: new Date(DEVICE_EXAMPLES.config.lastUpdatedTime),
    };
    // Messages of one device may be handled concurrently, so wait for the configuration itself.
    await eventually(
      async () => (await findDeviceConfig(db, companyScope(TEST_COMPANY), sn))?.xml === expected.xml,
      5000,
      'config stored',
    );
    // An older configuration arriving late does not replace the newer one: send it, then a syslog line
    // as a marker, and once the marker is stored the configuration must still be the newer one.
    await device.publish('config', {
      ...DEVICE_EXAMPLES.config,
      ts: now,
      xml: '<config>old</config>',
      lastUpdatedTime: DEVICE_EXAMPLES.config.lastUpdatedTime - 1,
    });
    const marker = { ...DEVICE_EXAMPLES.syslog, ts: now + 1 };
    await device.publish('syslog', marker);
    const total = DEVICE_EXAMPLES.syslog.entries.length * 2;
    await eventually(
      async () =>
        (await db.selectFrom('device_syslog').select('sn').where('sn', '=', sn).execute()).length === total,
      5000,
      'marker stored',
    );
    expect(await findDeviceConfig(db, companyScope(TEST_COMPANY), sn)).toMatchObject(expected);
    const modules = await findDeviceStatus(db, companyScope(TEST_COMPANY), sn);
    expect(modules.map((m) => m.module).sort()).toEqual(Object.keys(DEVICE_EXAMPLES.status.modules).sort());
    const events = await db.selectFrom('device_event').selectAll().where('sn', '=', sn).execute();
    expect(events).toMatchObject([{ type: DEVICE_EXAMPLES.event.event.name, company_id: TEST_COMPANY }]);
    const lines = await db.selectFrom('device_syslog').selectAll().where('sn', '=', sn).execute();
    expect(lines).toHaveLength(total);
    await device.end();
  });

  it('stores telemetry as a time series', async () => {
    const sn = 'FPTELEMETRY';
    const secret = await env.provisionDevice(sn);
    const device = await TestDevice.connect(env.deviceUrl(), sn, secret);
    for (let i = 0; i < 5; i++) await device.telemetry();
    const rows = await eventually(
      async () => {
        const stored = await listTelemetry(env.database.db, companyScope(TEST_COMPANY), sn);
        return stored.length === 5 ? stored : undefined;
      },
      5000,
      'telemetry rows',
    );
    expect(rows.map((r) => (r.data as { seq: number }).seq).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(rows[0]?.data).toMatchObject({ usage: DEVICE_EXAMPLES.telemetry.usage });
    await device.end();
  });

  it('deletes telemetry older than the retention setting', async () => {
    const sn = 'FPTELEMETRY';
    const days = env.servers[0]!.deps.config.mqtt.telemetryRetentionDays;
    const old = new Date(Date.now() - (days + 1) * 86_400_000);
    await env.database.db
      .insertInto('device_telemetry')
      .values({ company_id: TEST_COMPANY, sn, at: old, data: '{"seq":-1}' })
      .execute();
    const { deps } = env.servers[0]!;
    expect((await applyRetention({ ...deps, config: deps.config.mqtt })).telemetry).toBe(1);
    const rows = await listTelemetry(env.database.db, companyScope(TEST_COMPANY), sn);
    expect(rows.map((r) => (r.data as { seq: number }).seq).sort()).toEqual([0, 1, 2, 3, 4]);
  });
});
