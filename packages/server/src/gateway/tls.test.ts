import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { systemClock } from '../platform/clock.ts';
import type { OpenDatabase } from '../platform/db/open.ts';
import type { Gateway } from './gateway.ts';
import { TEST_MAC } from './testing/gateway-env.ts';
import { claimDevice, connectionDefaults, TestDevice } from './testing/test-device.ts';

/** With MQTT_TLS_CERT and MQTT_TLS_KEY the embedded broker speaks MQTT over TLS (protocol §2). */
describe('embedded broker over TLS', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-tls-'));
  let database: OpenDatabase;
  let close: () => Promise<void>;
  let gateway: Gateway;

  beforeAll(async () => {
    const cert = path.join(dir, 'cert.pem');
    const key = path.join(dir, 'key.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        '/CN=localhost',
        '-days',
        '1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      {
        stdio: 'ignore',
      },
    );
    database = await openTestDatabase();
    const base = testConfig();
    const config = { ...base, mqtt: { ...base.mqtt, port: 0, tlsCertFile: cert, tlsKeyFile: key } };
    const built = await buildApp({
      config,
      db: database.db,
      dialect: database.dialect,
      clock: systemClock,
      logger: false,
      gateway: true,
    });
    gateway = built.deps.gateway as Gateway;
    close = () => built.app.close();
  });
  afterAll(async () => {
    await close?.();
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('claims and connects a device over mqtts', async () => {
    expect(gateway.endpoint()).toMatch(/^mqtts:\/\//);
    const sn = 'FPTLS000001';
    await gateway.devices.importDevices([{ companyId: 7, sn, mac: TEST_MAC }]);
    // The device verifies the broker's certificate: here the self-signed one is its own CA.
    connectionDefaults.ca = fs.readFileSync(path.join(dir, 'cert.pem'));
    const url = gateway.endpoint();
    const answer = await claimDevice(url, sn, TEST_MAC);
    expect(answer.type).toBe('claimAccepted');
    const device = await TestDevice.connect(url, sn, answer.type === 'claimAccepted' ? answer.secret : '');
    expect(device.client.connected).toBe(true);
    await device.end();
  });
});
